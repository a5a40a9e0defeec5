import SegueSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Lines from a pipe, waited for with a deadline.
struct LineReaderTests {
    private static func write(_ text: String, to fd: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    @Test func linesComeWholeAndTheLastOneAtTheEnd() throws {
        let pipe = try PipeDescriptors()
        defer { close(pipe.read) }
        var reader = LineReader(descriptor: pipe.read)
        Self.write("first\nsec", to: pipe.write)
        #expect(reader.next(timeoutMs: 10_000) == .line("first"))
        // Half a line is not a line yet.
        #expect(reader.next(timeoutMs: 50) == .timedOut)
        Self.write("ond\nlast", to: pipe.write)
        #expect(reader.next(timeoutMs: 10_000) == .line("second"))
        close(pipe.write)
        #expect(reader.next(timeoutMs: 10_000) == .line("last"))
        #expect(reader.next(timeoutMs: 10_000) == .ended)
    }

    @Test func aCancelledWaitReturnsBeforeItsDeadline() throws {
        let pipe = try PipeDescriptors()
        defer { pipe.close() }
        var reader = LineReader(descriptor: pipe.read)
        let started = MonotonicTime.nowNs()
        #expect(reader.next(timeoutMs: 60_000, cancelled: { true }) == .cancelled)
        #expect(MonotonicTime.nowNs() - started < 30_000_000_000)
    }
}
