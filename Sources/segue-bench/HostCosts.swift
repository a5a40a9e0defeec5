import SegueSystem

#if canImport(Glibc)
    import Glibc
#endif

/// What this host charges for a thread to block and be woken, in CPU: the price of every hop between threads in
/// the daemon (ZeroMQ's I/O thread and the engine's), the gateway (ZeroMQ's, the bridge's, the WebSocket
/// thread's) and the bench, whenever traffic comes slower than a thread works. It differs between hosts far more
/// than instructions do (a virtual machine whose timer and wake-up interrupts reach the hypervisor pays several
/// times what bare metal pays), so the report gives it beside the figures it bounds.
struct HostCosts: Sendable {
    /// CPU of both threads per wake, when two threads pass a byte back and forth through pipes, each blocked in
    /// `read` until the other writes: a block, a wake and a switch each way.
    var wakeMicroseconds: Double
    /// CPU per 50 us sleep (`nanosleep`): a timer armed, a block, the timer's interrupt and a wake.
    var sleepMicroseconds: Double

    /// Measures both, in about a second. Nil when a pipe or the thread cannot be made.
    static func measure(roundTrips: Int = 20_000, sleeps: Int = 5_000) -> HostCosts? {
        var there: [Int32] = [0, 0]
        var back: [Int32] = [0, 0]
        guard pipe(&there) == 0 else { return nil }
        guard pipe(&back) == 0 else {
            close(there[0])
            close(there[1])
            return nil
        }
        defer {
            close(there[0])
            close(back[0])
        }
        // Each side closes its write end when it stops, so the other one's read ends too, whatever happened.
        let (readThere, writeBack) = (there[0], back[1])
        guard
            let echo = try? JoinableThread(
                name: "host wake",
                {
                    defer { close(writeBack) }
                    let start = threadCPUSeconds()
                    var byte: UInt8 = 0
                    for _ in 0..<roundTrips {
                        guard read(readThere, &byte, 1) == 1, write(writeBack, &byte, 1) == 1 else { break }
                    }
                    return threadCPUSeconds() - start
                })
        else {
            close(there[1])
            close(back[1])
            return nil
        }
        let start = threadCPUSeconds()
        var byte: UInt8 = 1
        for _ in 0..<roundTrips {
            guard write(there[1], &byte, 1) == 1, read(back[0], &byte, 1) == 1 else { break }
        }
        close(there[1])
        let cpu = threadCPUSeconds() - start + echo.join()
        let sleepStart = threadCPUSeconds()
        for _ in 0..<sleeps { MonotonicTime.sleep(nanoseconds: 50_000) }
        let slept = threadCPUSeconds() - sleepStart
        return HostCosts(
            wakeMicroseconds: cpu / Double(2 * roundTrips) * 1e6,
            sleepMicroseconds: slept / Double(sleeps) * 1e6)
    }

    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
