import SegueClient
import SegueCommandLine
import SegueSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The web workload: `segue web` in front of a fresh segued, one WebSocket page per stack watching it while the
/// stack swipes at `hz` pans a second, and beside them a direct ZeroMQ subscriber to the same frames. The frames
/// both received are joined by key, so the run measures what the gateway adds to each frame's trip, on the same
/// frames at the same moment.
struct WebRun {
    struct Setup: Sendable {
        var pages = 100
        var hz = 120.0
        var warmupSeconds: Double
        var measureSeconds: Double
        var seed: UInt64 = 0x5E6E_0EB
    }

    struct Result: Sendable {
        var setup: Setup
        var seconds: Double
        /// Frames of every phase the pages received, per second.
        var framesPerSecond: Double
        /// TRACKING frames the direct subscriber received, per second.
        var directTrackingPerSecond: Double
        /// Frames the gateway replaced with a newer one before a page read them, in the window.
        var conflated: Int?
        /// The gateway's CPU seconds per second (1.0 = one core).
        var gatewayCores: Double
        var gatewayResidentMB: Double?
        /// Per TRACKING frame: arrival at a page minus arrival at the direct subscriber.
        var added: LatencyHistogram
        /// Per TRACKING frame: pan sent to the direct subscriber's arrival (the daemon's own share).
        var direct: LatencyHistogram
        /// Direct TRACKING frames no page received (conflated, or at the window's edges).
        var missed: Int
        /// Pages the gateway closed.
        var closed: Int

        /// The gateway's CPU, all its threads, per frame it wrote to pages; nil when none was written.
        var gatewayMicrosecondsPerFrame: Double? {
            framesPerSecond > 0 ? gatewayCores / framesPerSecond * 1e6 : nil
        }
    }

    let options: BenchOptions

    func run(_ setup: Setup) throws(BenchError) -> Result {
        let scratch = try ScratchDirectory.bench("web", options: options)
        defer { scratch.finish() }
        let daemon = try DaemonProcess(
            executable: options.seguedPath,
            arguments: options.daemonArguments(data: scratch.path + "/data"),
            stderrPath: scratch.path + "/segued.log", timeoutMs: 30_000)
        defer { daemon.kill() }
        let endpoints = daemon.endpoints
        let gateway = try DaemonProcess(
            executable: options.seguePath,
            arguments: [
                "web", "--listen", "127.0.0.1:0", "--ingest", endpoints.ingest, "--control", endpoints.control,
                "--events", endpoints.events,
            ],
            stderrPath: scratch.path + "/segue-web.log", timeoutMs: 30_000, readyPrefix: "segue web ready url=")
        defer { gateway.kill() }
        guard let port = Self.port(inURL: gateway.readyLine) else {
            throw BenchError("segue web printed '\(gateway.readyLine)', not 'segue web ready url=http://HOST:PORT/'")
        }
        do {
            return try measure(setup, daemon: daemon, gateway: gateway, port: port)
        } catch {
            if error.isInterruption { throw error }
            throw BenchError("web: \(error.description)\n\(daemon.stderrTail)\n\(gateway.stderrTail)")
        }
    }

    private func measure(_ setup: Setup, daemon: DaemonProcess, gateway: DaemonProcess, port: Int)
        throws(BenchError) -> Result
    {
        let control: ControlClient
        do {
            control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        } catch {
            throw BenchError("cannot connect to the control socket", cause: error)
        }
        try StackFleet.create(
            count: setup.pages, settleMs: nil, ingest: daemon.endpoints.ingest, control: control,
            daemon: daemon)
        let shared = RunShared()
        let collector = FrameCollector(events: daemon.endpoints.events, stacks: setup.pages, shared: shared)
        let watchers = WebWatchers(port: port, stacks: setup.pages, shared: shared)
        let producer = SwipeProducer(
            plan: SwipeProducer.Plan(
                ingest: daemon.endpoints.ingest, control: daemon.endpoints.control, stacks: setup.pages,
                rate: Double(setup.pages) * setup.hz, window: 10_000, seed: setup.seed), shared: shared)
        let collecting = try JoinableThread.bench("subscriber") { collector.run() }
        let watching: JoinableThread<WebWatchers.Report>
        do {
            watching = try JoinableThread.bench("web pages") { watchers.run() }
        } catch {
            shared.stopSubscriber.store(true, ordering: .relaxed)
            _ = collecting.join()
            throw error
        }
        var producing: JoinableThread<SwipeProducer.Report>?
        var stopped = false
        func stopThreads() -> (SwipeProducer.Report?, FrameCollector.Report, WebWatchers.Report) {
            shared.stopProducer.store(true, ordering: .relaxed)
            let produced = producing?.join()
            shared.stopSubscriber.store(true, ordering: .relaxed)
            let collected = collecting.join()
            watchers.stop()
            let watched = watching.join()
            stopped = true
            return (produced, collected, watched)
        }
        defer { if !stopped { _ = stopThreads() } }

        // Every page's watch is live before the first pan, so no page misses the start of a gesture.
        try EngineRun.wait(
            until: { watchers.watching.load(ordering: .relaxed) >= setup.pages }, seconds: 15,
            daemon: daemon, what: "\(setup.pages) pages to watch their stacks")
        producing = try JoinableThread.bench("producer") { producer.run() }
        try EngineRun.wait(
            until: { shared.live.load(ordering: .relaxed) }, seconds: 15, daemon: daemon,
            what: "the subscription to go live")
        try EngineRun.wait(seconds: setup.warmupSeconds, daemon: daemon)

        let countersBefore = watchers.gatewayCounters(timeoutMs: 5000)
        let usageBefore = gateway.usage
        let start = MonotonicTime.nowNs()
        shared.recording.store(true, ordering: .relaxed)
        try EngineRun.wait(seconds: setup.measureSeconds, daemon: daemon)
        shared.recording.store(false, ordering: .relaxed)
        let end = MonotonicTime.nowNs()
        let usageAfter = gateway.usage
        let countersAfter = watchers.gatewayCounters(timeoutMs: 5000)
        guard gateway.isRunning else { throw BenchError("segue web (pid \(gateway.pid)) died") }

        let (produced, collected, watched) = stopThreads()
        if let failure = produced?.failure { throw BenchError("the producer failed: \(failure)") }
        if let failure = collected.failure { throw BenchError("the subscriber failed: \(failure)") }
        if let failure = watched.failure { throw BenchError("the pages failed: \(failure)") }
        let seconds = MonotonicTime.seconds(from: start, to: end)
        let directReceipts = collected.receipts.all
        let added = LatencyJoin.join(sends: directReceipts, receipts: watched.receipts.all)
        let direct = LatencyJoin.join(sends: produced?.sends.all ?? [], receipts: directReceipts)
        var conflated: Int?
        if let countersBefore, let countersAfter {
            conflated = countersAfter.framesConflated - countersBefore.framesConflated
        }
        return Result(
            setup: setup, seconds: seconds, framesPerSecond: Double(watched.framesInWindow) / seconds,
            directTrackingPerSecond: Double(directReceipts.count) / seconds, conflated: conflated,
            gatewayCores: ((usageAfter?.cpuSeconds ?? 0) - (usageBefore?.cpuSeconds ?? 0)) / seconds,
            gatewayResidentMB: usageAfter?.residentMB, added: added.histogram, direct: direct.histogram,
            missed: added.unmatched, closed: watched.closed)
    }

    /// The port of `segue web ready url=http://HOST:PORT/...`.
    static func port(inURL line: String) -> Int? {
        guard let url = line.split(separator: "=", maxSplits: 1).last,
            let afterScheme = url.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first,
            let colon = afterScheme.lastIndex(of: ":")
        else { return nil }
        return Int(afterScheme[afterScheme.index(after: colon)...])
    }
}
