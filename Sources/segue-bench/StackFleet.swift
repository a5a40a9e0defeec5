import SegueClient
import SegueSystem
import SegueWire

/// Creates the bench's stacks in a fresh daemon.
enum StackFleet {
    /// Sends `count` CreateStack commands through the ingest socket (fire and forget, as a producer would) and
    /// waits until the daemon reports that many stacks, noticing at once if it dies.
    static func create(
        count: Int, settleMs: UInt32?, ingest: String, control: ControlClient,
        daemon: DaemonProcess
    ) throws(BenchError) {
        do {
            let producer = try Producer(endpoint: ingest, sendTimeoutMs: 10_000, lingerMs: 10_000)
            for index in 0..<count {
                if index & 1023 == 0 { try Interruption.check() }
                try producer.send(command: BenchStacks.create(index, settleMs: settleMs))
            }
            producer.close()
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError("cannot send the CreateStack commands", cause: error)
        }
        let deadline = MonotonicTime.nowNs() + 120_000_000_000
        var stacks: UInt64 = 0
        while stacks < UInt64(count) {
            try Interruption.check()
            guard daemon.isRunning else {
                throw BenchError("segued (pid \(daemon.pid)) died while creating \(count) stacks")
            }
            guard MonotonicTime.nowNs() < deadline else {
                throw BenchError("the daemon holds \(stacks) stacks 120 s after \(count) CreateStack commands")
            }
            do {
                // A short wait per request, so a daemon that died is noticed within a second.
                let reply = try control.request(Request(body: .getStats(GetStats())), timeoutMs: 1000)
                if case .stats(let stats) = reply.body { stacks = stats.stacks }
            } catch .timeout {
                continue
            } catch {
                throw BenchError("GetStats failed while creating stacks", cause: error)
            }
            if stacks < UInt64(count) { MonotonicTime.sleep(nanoseconds: 20_000_000) }
        }
    }
}
