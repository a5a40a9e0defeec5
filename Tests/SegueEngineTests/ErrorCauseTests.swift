import SegueLog
import SegueWire
import Testing
import ZMQ

@testable import SegueEngine

/// The engine's errors keep what they wrap, so that a caller can react to the kind of failure, not its wording.
struct ErrorCauseTests {
    @Test func aLockedDirectoryIsALogErrorOfKindLockedWithItsPath() throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            let first = try EmbeddedEngine(configuration: configuration)
            defer { first.close() }
            do throws(EngineError) {
                _ = try EmbeddedEngine(configuration: configuration)
                Issue.record("a second engine opened a locked directory")
            } catch {
                guard case .ledger(let cause)? = error.cause else {
                    Issue.record("no ledger cause: \(error)")
                    return
                }
                #expect(cause.logError?.kind == .locked)
                #expect(cause.logError?.path?.hasPrefix(directory) == true)
                #expect(error.description.contains("is in use by another segued"))
                #expect(error.context == "cannot open the data directory \(directory)")
                #expect(error.description == "\(error.context): \(cause)")
            }
        }
    }

    @Test func aBindThatFailsKeepsTheZeroMQError() throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            configuration.ingestEndpoint = "tcp://127.0.0.1:*"
            configuration.controlEndpoint = "tcp://127.0.0.1:*"
            configuration.eventsEndpoint = "tcp://203.0.113.1:5555"  // not this machine's: EADDRNOTAVAIL
            do throws(EngineError) {
                let engine = try Engine(configuration: configuration)
                engine.close()
                Issue.record("bound an address that is not this machine's")
            } catch {
                guard case .socket(let cause)? = error.cause else {
                    Issue.record("no socket cause: \(error)")
                    return
                }
                #expect(error.context == "cannot bind the events socket to tcp://203.0.113.1:5555")
                #expect(error.description == "\(error.context): \(cause.message)")
            }
        }
    }
}

/// A read that meets a record that does not decode says so instead of skipping it: the reader would otherwise
/// take a history with a hole for the whole story.
struct UndecodableRecordTests {
    @Test func aReadThatMeetsAnUndecodableRecordIsRefused() throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            let engine = try EmbeddedEngine(configuration: configuration)
            defer { engine.close() }
            try EmbeddedEngineTests.createClassic(engine)
            // Damage written since start (recovery decodes every record it opens with).
            let damaged = try engine.ledger.log.append([[0xFF, 0xFF, 0xFF]])
            for stackId in ["", "demo"] {
                let reply = try engine.request(Request(body: .readEvents(ReadEvents(stackId: stackId))))
                #expect(reply.error?.code == .unavailable)
                #expect(
                    reply.error?.message.hasPrefix(
                        "the log's record at position \(damaged.lowerBound) does not decode as an event") == true,
                    "\(reply)")
            }
        }
    }
}
