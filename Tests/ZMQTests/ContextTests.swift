import Dispatch
import Testing
import ZMQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Context")
struct ContextTests {
    @Test("shutdown unblocks a blocking receive in another thread with .terminated")
    func shutdownUnblocksReceive() throws {
        let context = try makeContext()
        let ready = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        DispatchQueue(label: "blocked-receiver").async {
            do {
                let pull = try context.makeSocket(.pull)
                defer { pull.close() }
                // A safety net only: the test fails (rather than hangs) if shutdown does not wake the receive.
                try pull.setOption(.receiveTimeout, 5_000)
                try pull.bind("inproc://blocked")
                ready.signal()
                let message = try pull.receive()
                outcome.set(message == nil ? "timed out" : "received")
            } catch let error as ZMQError {
                outcome.set(error == .terminated ? "terminated" : "\(error)")
            } catch {
                outcome.set("\(error)")
            }
            finished.signal()
        }
        #expect(ready.wait(timeout: .now() + 5) == .success)
        // Nothing observable says the receive has started blocking; a short pause makes that the likely state.
        // The outcome must be .terminated either way, since ETERM also applies to calls made after shutdown.
        usleep(50_000)
        context.shutdown()
        #expect(finished.wait(timeout: .now() + 5) == .success)
        #expect(outcome.get() == "terminated")
        #expect(throws: ZMQError.terminated) { try context.makeSocket(.pair) }
        context.shutdown()
    }

    @Test("contexts accept an I/O thread count and reject a negative one")
    func ioThreads() throws {
        let context = try ZMQContext(ioThreads: 2)
        try context.makeSocket(.pair).close()
        #expect(throws: ZMQError.invalidArgument) { try ZMQContext(ioThreads: -1) }
    }
}
