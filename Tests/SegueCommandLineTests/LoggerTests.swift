import SegueCommandLine
import SegueLogging
import Synchronization
import Testing

/// The library modules' `Logger`: a record below the threshold is never built, so a disabled level costs nothing.
struct LoggerTests {
    /// A field value that counts how often its description is read.
    final class CountedValue: CustomStringConvertible, Sendable {
        let reads = Atomic<Int>(0)

        var description: String {
            reads.add(1, ordering: .relaxed)
            return "counted"
        }
    }

    final class Records: Sendable {
        let all = Mutex<[Logger.Record]>([])
    }

    @Test func fieldsAndTheMessageAreNotEvaluatedBelowTheThreshold() {
        let records = Records()
        let logger = Logger(threshold: .warn) { record in records.all.withLock { $0.append(record) } }
        let value = CountedValue()
        let messages = Atomic<Int>(0)
        func message() -> String {
            messages.add(1, ordering: .relaxed)
            return "snapshot skipped"
        }
        logger.debug(message(), ["value": value])
        logger.info(message(), ["value": value])
        logger.log(.info, message(), ["value": value])
        #expect(value.reads.load(ordering: .relaxed) == 0)
        #expect(messages.load(ordering: .relaxed) == 0)
        #expect(records.all.withLock { $0.isEmpty })

        logger.warn(message(), ["value": value])
        #expect(value.reads.load(ordering: .relaxed) == 1)
        #expect(messages.load(ordering: .relaxed) == 1)
        let written = records.all.withLock { $0 }
        #expect(written.map(\.level) == [.warn])
        #expect(written.map(\.message) == ["snapshot skipped"])
        #expect(written.first?.fields.map { "\($0.name)=\($0.value)" } == ["value=counted"])
    }

    @Test func theDiscardingLoggerEvaluatesNothing() {
        let value = CountedValue()
        for level in Logger.Level.allCases {
            Logger.discarding.log(level, "stats", ["value": value])
            #expect(!Logger.discarding.isEnabled(level))
        }
        #expect(value.reads.load(ordering: .relaxed) == 0)
    }

    @Test func theLogfmtThresholdIsTheLoggersSoNoRecordBelowItIsBuilt() {
        let lines = Atomic<Int>(0)
        let logger = LogfmtLogger(threshold: .warn, write: { _ in lines.add(1, ordering: .relaxed) }).logger
        #expect(logger.threshold == .warn)
        let value = CountedValue()
        logger.info("stats", ["value": value])
        #expect(value.reads.load(ordering: .relaxed) == 0)
        logger.error("stopped on an error", ["value": value])
        #expect(value.reads.load(ordering: .relaxed) == 1)
        #expect(lines.load(ordering: .relaxed) == 1)
    }

    @Test func aLoggerWithoutAThresholdHandsOnEveryLevel() {
        let records = Records()
        let logger = Logger { record in records.all.withLock { $0.append(record) } }
        for level in Logger.Level.allCases {
            logger.log(level, "\(level)")
        }
        #expect(records.all.withLock { $0.map(\.level) } == Logger.Level.allCases)
    }
}
