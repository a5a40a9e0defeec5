import SegueClient
import SegueSystem
import SegueTestSupport
import SegueWire

#if canImport(Glibc)
    import SegueCommandLine
    import Glibc
#endif

/// One measured run of the real daemon: start `segued`, create the stacks, drive swipes from a producer thread,
/// receive frames on a subscriber thread, measure a window, and always kill the daemon.
struct EngineRun {
    /// What to run.
    struct Setup: Sendable {
        var label: String
        var stacks: Int
        /// `always`, `interval:10`, ...
        var fsync: String
        /// Pans per second, nil for as fast as possible.
        var rate: Double?
        var warmupSeconds: Double
        var measureSeconds: Double
        /// The bench stacks' settle duration (`Tuning.settle_ms`), nil for the profile's own.
        var settleMs: UInt32?
        var window = 10_000
        var seed: UInt64 = 0x5E6E_BE4C
        /// A history the log starts with, which a client keeps reading during the run (the history workload).
        var history: History?
        /// The cluster workload's nats-server: segued then runs in cluster mode, holding shard 0 of 1 on a fresh
        /// 3-node cluster of it, with 3 replicas of its stream.
        var natsServer: String?
    }

    /// The history workload's log: `events` events of `stacks` stacks other than the run's.
    struct History: Sendable {
        var events: Int
        var stacks = 100
        /// Past any stack index a run creates (`BenchStacks.id` has five digits).
        var firstStack = 50_000
    }

    /// What one run measured.
    struct Result: Sendable {
        var setup: Setup
        var seconds: Double
        /// TRACKING frames received per second: pan events through the whole engine.
        var trackingPerSecond: Double
        /// Pan inputs sent per second.
        var pansPerSecond: Double
        /// Events appended to the log per second (the daemon's counters, read at both ends of the window).
        var appendedPerSecond: Double
        var latency: LatencyHistogram
        /// Window sends whose frame never arrived (lost, or a release that published no frame).
        var unmatched: Int
        var lostFrames: Int
        var rejections: [String: Int]
        var firstRejection: String?
        var fallbacks: Int
        /// Fraction of the run the producer had no stack ready (all waiting for their settle).
        var producerIdle: Double
        /// Fraction of the run the producer waited for the in-flight window.
        var producerWindowWait: Double
        var pacerRestarts: Int
        /// Daemon CPU seconds per second of the window (1.0 = one core).
        var daemonCores: Double
        /// The bench's own CPU seconds per second of the window (producer, subscriber and their I/O threads): on a
        /// small machine the load generator competes with the daemon for cores.
        var benchCores: Double
        /// Daemon CPU microseconds per TRACKING frame.
        var cpuMicrosecondsPerPan: Double?
        /// Daemon resident memory once the stacks were created, before any gesture.
        var idleResidentMB: Double?
        /// Daemon resident memory at the end of the measured window, under load.
        var residentMB: Double?
        /// Daemon resident memory after the producer stopped and the frames in flight were received.
        var drainedResidentMB: Double?
        /// Daemon peak resident memory (VmHWM) at the end of the window.
        var peakResidentMB: Double?
        /// The daemon's p99 fdatasync time (its Stats).
        var fsyncP99Us: Double
        /// Sends in the window paired with their TRACKING frame.
        var matched: Int
        /// The history workload: the history's length, and the reads per second served during the window.
        var historyEvents: UInt64?
        var historyReadsPerSecond: Double?
        /// How long the first one-stack read took: it indexes the whole history.
        var historyFirstReadMs: Double?
    }

    let options: BenchOptions

    /// Runs `setup` against a fresh daemon in a fresh data directory.
    func run(_ setup: Setup) throws(BenchError) -> Result {
        let scratch = try ScratchDirectory.bench(setup.label, options: options)
        defer { scratch.finish() }
        var historyEvents: UInt64?
        if let history = setup.history {
            let log = try LogGenerator.generate(
                dataDirectory: scratch.path + "/data", stacks: history.stacks, events: history.events,
                seed: 0x4157_0001, firstStack: history.firstStack)
            historyEvents = log.events
            Progress.note(
                "\(setup.label): wrote a history of \(Format.grouped(Double(log.events))) events; starting segued on it"
            )
        }
        // A fresh cluster per run, as a fresh data directory: a stream holding an earlier run's log would be
        // caught up with first.
        let nats = try setup.natsServer.map { (server) throws(BenchError) in
            Progress.note("\(setup.label): starting a 3-node nats-server cluster on loopback")
            return try Self.startCluster(server, in: scratch.path, keep: options.keepData)
        }
        defer {
            nats?.stop()
            Interruption.serverGroup.store(0, ordering: .relaxed)
        }
        let clusterKey = nats == nil ? nil : try ClusterKeyFile.write(in: scratch.path)
        let daemon = try DaemonProcess(
            executable: options.seguedPath,
            arguments: options.daemonArguments(
                data: scratch.path + "/data", fsync: setup.fsync,
                cluster: nats.map { ($0.urls, clusterKey!) }),
            stderrPath: scratch.path + "/segued.log", timeoutMs: 30_000)
        defer { daemon.kill() }
        do {
            return try measure(setup, daemon: daemon, historyEvents: historyEvents)
        } catch {
            if error.isInterruption { throw error }
            let died = daemon.isRunning || error.description.contains("died") ? "" : " (segued died)"
            throw BenchError("\(setup.label): \(error.description)\(died)\n\(daemon.stderrTail)")
        }
    }

    /// Three nats-servers in one process group, which Ctrl-C kills at once.
    static func startCluster(_ server: String, in directory: String, keep: Bool) throws(BenchError)
        -> NATSCluster
    {
        do {
            let cluster = try NATSCluster.start(
                executable: server, in: directory, keep: keep, readyTimeoutMs: 30_000, oneProcessGroup: true,
                cancelled: { Interruption.isRequested })
            Interruption.serverGroup.store(cluster.processGroup, ordering: .relaxed)
            return cluster
        } catch {
            throw error.isCancellation ? .interrupted : BenchError(error.description)
        }
    }

    private func measure(_ setup: Setup, daemon: DaemonProcess, historyEvents: UInt64?) throws(BenchError) -> Result {
        let control: ControlClient
        do {
            control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        } catch {
            throw BenchError("cannot connect to the control socket", cause: error)
        }
        try StackFleet.create(
            count: setup.stacks, settleMs: setup.settleMs, ingest: daemon.endpoints.ingest,
            control: control, daemon: daemon)
        let idleUsage = daemon.usage

        let shared = RunShared()
        let collector = FrameCollector(events: daemon.endpoints.events, stacks: setup.stacks, shared: shared)
        let producer = SwipeProducer(
            plan: SwipeProducer.Plan(
                ingest: daemon.endpoints.ingest, control: daemon.endpoints.control,
                stacks: setup.stacks, rate: setup.rate, window: setup.window,
                seed: setup.seed), shared: shared)
        let collecting = try JoinableThread.bench("subscriber") { collector.run() }
        let producing: JoinableThread<SwipeProducer.Report>
        do {
            producing = try JoinableThread.bench("producer") { producer.run() }
        } catch {
            shared.stopSubscriber.store(true, ordering: .relaxed)
            _ = collecting.join()
            throw error
        }
        let history = historyEvents.map { events in
            HistoryLoad(
                control: daemon.endpoints.control, firstStack: setup.history?.firstStack ?? 0,
                stacks: setup.history?.stacks ?? 1, events: events)
        }
        var reading: JoinableThread<String?>?
        if let history {
            do {
                reading = try JoinableThread.bench("history") { history.run() }
            } catch {
                shared.stopProducer.store(true, ordering: .relaxed)
                _ = producing.join()
                shared.stopSubscriber.store(true, ordering: .relaxed)
                _ = collecting.join()
                throw error
            }
        }
        // Whatever happens below, every thread is told to stop and joined before the daemon is killed.
        var stopped = false
        func stopThreads() -> (SwipeProducer.Report, FrameCollector.Report, String?) {
            history?.stop.store(true, ordering: .relaxed)
            let read = reading?.join() ?? nil
            shared.stopProducer.store(true, ordering: .relaxed)
            let produced = producing.join()
            shared.stopSubscriber.store(true, ordering: .relaxed)
            let collected = collecting.join()
            stopped = true
            return (produced, collected, read)
        }
        defer { if !stopped { _ = stopThreads() } }

        try Self.wait(
            until: { shared.live.load(ordering: .relaxed) }, seconds: 15, daemon: daemon,
            what: "the subscription to go live")
        var firstReadMs: Double?
        if let history {
            // The first one-stack read indexes the whole history, once: the window measures reading after that.
            try Self.wait(
                until: { history.firstReadUs.load(ordering: .relaxed) > 0 }, seconds: 120, daemon: daemon,
                what: "the first history read")
            firstReadMs = Double(history.firstReadUs.load(ordering: .relaxed)) / 1000
        }
        try Self.wait(seconds: setup.warmupSeconds, daemon: daemon)

        let before = try Self.stats(control, daemon)
        let beforeNs = MonotonicTime.nowNs()
        let usageBefore = daemon.usage
        let benchBefore = ProcessUsage.read(pid: getpid())
        let framesBefore = shared.trackingFrames.load(ordering: .relaxed)
        let pansBefore = shared.pansSent.load(ordering: .relaxed)
        let readsBefore = history?.reads.load(ordering: .relaxed) ?? 0
        let start = MonotonicTime.nowNs()
        shared.recording.store(true, ordering: .relaxed)
        try Self.wait(seconds: setup.measureSeconds, daemon: daemon)
        shared.recording.store(false, ordering: .relaxed)
        let end = MonotonicTime.nowNs()
        let framesAfter = shared.trackingFrames.load(ordering: .relaxed)
        let pansAfter = shared.pansSent.load(ordering: .relaxed)
        let readsAfter = history?.reads.load(ordering: .relaxed) ?? 0
        let usageAfter = daemon.usage
        let benchAfter = ProcessUsage.read(pid: getpid())
        let after = try Self.stats(control, daemon)
        let afterNs = MonotonicTime.nowNs()

        let (produced, collected, read) = stopThreads()
        let drained = daemon.usage
        if let failure = produced.failure { throw BenchError("the producer failed: \(failure)") }
        if let failure = collected.failure { throw BenchError("the subscriber failed: \(failure)") }
        if let failure = read { throw BenchError("the history reader failed: \(failure)") }
        let seconds = MonotonicTime.seconds(from: start, to: end)
        let joined = LatencyJoin.join(sends: produced.sends.all, receipts: collected.receipts.all)
        let tracking = Double(framesAfter - framesBefore)
        let windowNs = Double(max(end - start, 1))
        var cpu: Double?
        if let usageBefore, let usageAfter { cpu = usageAfter.cpuSeconds - usageBefore.cpuSeconds }
        return Result(
            setup: setup, seconds: seconds, trackingPerSecond: tracking / seconds,
            pansPerSecond: Double(pansAfter - pansBefore) / seconds,
            appendedPerSecond: Double(after.eventsAppended - before.eventsAppended)
                / MonotonicTime.seconds(from: beforeNs, to: afterNs),
            latency: joined.histogram, unmatched: joined.unmatched, lostFrames: collected.lost,
            rejections: collected.rejections, firstRejection: collected.firstRejection,
            fallbacks: produced.fallbacks,
            producerIdle: Double(produced.idleNs) / windowNs,
            producerWindowWait: Double(produced.windowWaitNs) / windowNs,
            pacerRestarts: produced.pacerRestarts,
            daemonCores: (cpu ?? 0) / seconds,
            benchCores: ((benchAfter?.cpuSeconds ?? 0) - (benchBefore?.cpuSeconds ?? 0)) / seconds,
            cpuMicrosecondsPerPan: cpu.flatMap { tracking > 0 ? $0 * 1e6 / tracking : nil },
            idleResidentMB: idleUsage?.residentMB, residentMB: usageAfter?.residentMB,
            drainedResidentMB: drained?.residentMB,
            peakResidentMB: usageAfter?.peakResidentMB,
            fsyncP99Us: after.fsyncP99Us, matched: Int(joined.histogram.count), historyEvents: historyEvents,
            historyReadsPerSecond: history.map { _ in Double(readsAfter - readsBefore) / seconds },
            historyFirstReadMs: firstReadMs)
    }

    static func stats(_ control: ControlClient, _ daemon: DaemonProcess) throws(BenchError) -> Stats {
        do {
            return try control.stats()
        } catch {
            if !daemon.isRunning { throw BenchError("segued (pid \(daemon.pid)) died") }
            throw BenchError("GetStats failed", cause: error)
        }
    }

    /// Waits `seconds`, checking every 50 ms that the daemon lives and nobody pressed Ctrl-C.
    static func wait(seconds: Double, daemon: DaemonProcess) throws(BenchError) {
        let deadline = MonotonicTime.nowNs() + Int64(seconds * 1e9)
        try Self.wait(
            until: { MonotonicTime.nowNs() >= deadline }, seconds: seconds + 1, daemon: daemon,
            what: "the run")
    }

    static func wait(until done: () -> Bool, seconds: Double, daemon: DaemonProcess, what: String)
        throws(BenchError)
    {
        let deadline = MonotonicTime.nowNs() + Int64(seconds * 1e9)
        while !done() {
            try Interruption.check()
            guard daemon.isRunning else { throw BenchError("segued (pid \(daemon.pid)) died") }
            guard MonotonicTime.nowNs() < deadline else {
                throw BenchError("timed out after \(Format.fixed(seconds, 0)) s waiting for \(what)")
            }
            MonotonicTime.sleep(nanoseconds: 20_000_000)
        }
    }
}
