import SegueCommandLine
import SegueLogging
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// segued's operator log: the library modules' records become logfmt lines here, every value quoted by one rule.
struct LogfmtLoggerTests {
    final class Lines: Sendable {
        let all = Mutex<[String]>([])
    }

    private func logfmt(threshold: LogfmtLogger.Level = .info) -> (LogfmtLogger, Lines) {
        let lines = Lines()
        let logger = LogfmtLogger(
            threshold: threshold, write: { line in lines.all.withLock { $0.append(line) } },
            now: { timespec(tv_sec: 1_738_314_723, tv_nsec: 481_000_000) })
        return (logger, lines)
    }

    @Test func aLibraryRecordIsOneLineWithItsValuesQuotedWhereNeeded() {
        let (writer, lines) = logfmt()
        writer.logger.warn(
            "cannot append to the log; refusing batches until it can",
            ["error": #"disk "data" full"#, "path": "/var/lib/segue", "after": "a=b", "count": 3])
        #expect(
            lines.all.withLock { $0 } == [
                #"ts=2025-01-31T09:12:03.481Z level=warn msg="cannot append to the log; refusing batches until it can" "#
                    + #"error="disk \"data\" full" path=/var/lib/segue after="a=b" count=3"#
            ])
    }

    @Test func aQuotedValueEscapesQuotesBackslashesAndControlCharacters() {
        #expect(LogfmtLogger.quote("plain") == "plain")
        #expect(LogfmtLogger.quote("") == #""""#)
        #expect(LogfmtLogger.quote("a\"b\\c\nd\te\rf\u{1}\u{7F}é") == #""a\"b\\c\nd\te\rf\u0001\u007fé""#)
    }

    @Test func recordsBelowTheThresholdAreDropped() {
        let (writer, lines) = logfmt(threshold: .warn)
        writer.logger.info("stats", ["head": 1])
        writer.logger.error("stopped on an error", ["error": "x"])
        #expect(
            lines.all.withLock { $0 } == ["ts=2025-01-31T09:12:03.481Z level=error msg=\"stopped on an error\" error=x"]
        )
    }
}
