import SegueSystem

/// Start-up cost: a daemon rebuilding its state from a long log (replay), the same daemon restarted after a clean
/// stop (with the snapshot written at shutdown, when segued writes one), and resident memory after each, at two
/// log lengths.
struct ReplayRun {
    struct Result: Sendable {
        var log: LogGenerator.Summary
        /// Spawn to ready line on the full log, no snapshot.
        var replaySeconds: Double
        var replayPerSecond: Double
        var replayResidentMB: Double?
        /// SIGTERM to exit (finish, sync, snapshot), nil when it had to be killed.
        var shutdownMs: Double?
        /// Snapshot files present after the clean stop.
        var snapshots: [String]
        /// Spawn to ready line of the second start.
        var restartMs: Double
        var restartResidentMB: Double?
        /// The shorter log for the memory-growth comparison.
        var shortLog: LogGenerator.Summary
        var shortReplaySeconds: Double
        var shortResidentMB: Double?

        /// Resident megabytes per million more events in the log (from the two lengths).
        var growthMBPerMillionEvents: Double? {
            guard let long = replayResidentMB, let short = shortResidentMB, log.events > shortLog.events else {
                return nil
            }
            return (long - short) / (Double(log.events - shortLog.events) / 1e6)
        }
    }

    let options: BenchOptions

    func run() throws(BenchError) -> Result {
        let scratch = try ScratchDirectory.bench("replay", options: options)
        defer { scratch.finish() }
        let stacks = options.replayStacks
        Progress.note(
            "replay: generating a \(Format.grouped(Double(options.replayEvents)))-event log for "
                + "\(stacks) stacks")
        let log = try LogGenerator.generate(
            dataDirectory: scratch.path + "/long", stacks: stacks,
            events: options.replayEvents, seed: 0x10C0_0001)
        Progress.note(
            "replay: wrote \(Format.grouped(Double(log.events))) events, "
                + "\(Format.fixed(Double(log.bytes) / 1_048_576, 0)) MiB in \(Format.fixed(log.seconds, 1)) s "
                + "(\(Format.grouped(Double(log.events) / log.seconds)) events/s); starting segued on it")

        let first = try start(scratch.path + "/long", log: scratch.path + "/replay.log")
        let replaySeconds = Double(first.startupNs) / 1e9
        let replayResident = first.usage?.residentMB
        Progress.note(
            "replay: ready after \(Format.fixed(replaySeconds, 2)) s "
                + "(\(Format.grouped(Double(log.events) / replaySeconds)) events/s), "
                + "RSS \(Format.fixed(replayResident, 1)) MiB; stopping it with SIGTERM")
        let shutdown = first.terminate(timeoutMs: 600_000)
        try Interruption.check()
        let snapshots = ScratchDirectory.files(in: scratch.path + "/long/snapshots", suffix: ".snap")

        let second = try start(scratch.path + "/long", log: scratch.path + "/restart.log")
        let restartMs = Double(second.startupNs) / 1e6
        let restartResident = second.usage?.residentMB
        second.kill()
        Progress.note(
            "replay: restart ready after \(Format.fixed(restartMs, 0)) ms "
                + (snapshots.isEmpty ? "(no snapshot was written at shutdown: full replay)" : "(with a snapshot)"))

        let shortEvents = max(options.replayEvents / 5, 10_000)
        let short = try LogGenerator.generate(
            dataDirectory: scratch.path + "/short", stacks: stacks,
            events: shortEvents, seed: 0x10C0_0002)
        let third = try start(scratch.path + "/short", log: scratch.path + "/short.log")
        let shortResident = third.usage?.residentMB
        let shortSeconds = Double(third.startupNs) / 1e9
        third.kill()
        return Result(
            log: log, replaySeconds: replaySeconds, replayPerSecond: Double(log.events) / replaySeconds,
            replayResidentMB: replayResident, shutdownMs: shutdown.map { Double($0) / 1e6 }, snapshots: snapshots,
            restartMs: restartMs, restartResidentMB: restartResident, shortLog: short,
            shortReplaySeconds: shortSeconds, shortResidentMB: shortResident)
    }

    private func start(_ data: String, log: String) throws(BenchError) -> DaemonProcess {
        try DaemonProcess(
            executable: options.seguedPath,
            arguments: options.daemonArguments(data: data),
            stderrPath: log, timeoutMs: 900_000)
    }
}
