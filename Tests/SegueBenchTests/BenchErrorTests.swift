import Testing

@testable import segue_bench

/// A benchmark's failure says what failed, then what it met, and keeps that error for whoever looks at it.
struct BenchErrorTests {
    struct Refusal: Error, CustomStringConvertible {
        var description: String { "Connection refused" }
    }

    @Test func theCauseIsKeptAndSaidAfterTheContext() {
        let error = BenchError("cannot connect to the control socket", cause: Refusal())
        #expect(error.cause is Refusal)
        #expect(error.description == "cannot connect to the control socket: Connection refused")
        #expect(BenchError("segued died").description == "segued died")
    }

    @Test func onlyTheInterruptionIsOne() {
        #expect(BenchError.interrupted.isInterruption)
        #expect(BenchError.interrupted.description == "interrupted")
        #expect(!BenchError("interrupted").isInterruption)
    }
}
