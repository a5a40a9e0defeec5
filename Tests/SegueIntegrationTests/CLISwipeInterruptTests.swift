import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C during `segue swipe` against a real `segued`: the gesture is cancelled by its producer, not left for the
/// engine to time out.
@Suite("segue swipe interrupted")
struct CLISwipeInterruptTests {
    /// The next `tail --json` line that contains `text`, skipping others.
    private func line(containing text: String, in tail: ChildProcess) throws -> String {
        while true {
            let line = try #require(tail.readLine(timeoutMs: 10000), "no line with \(text); \(tail.stderr)")
            if line.contains(text) { return line }
        }
    }

    @Test("SIGINT mid-drag sends PAN_CANCELLED: the transition cancels with GESTURE_CANCELLED, and swipe exits 130")
    func interruptCancelsTheGesture() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home,Detail"], daemon: daemon).status == 0)
        let tail = try startSegue(["tail", "--stack", "demo", "--json"], daemon: daemon)
        defer { tail.kill() }
        // A drag of a minute: the interrupt lands long before it would end.
        let swipe = try startSegue(["swipe", "demo", "--to", "0.7", "--duration-ms", "60000"], daemon: daemon)
        defer { swipe.kill() }
        _ = try line(containing: "\"progressed\"", in: tail)

        #expect(swipe.stop(signal: SIGINT) == 130, "\(swipe.stderr)")
        #expect(swipe.stderr.contains("interrupted"), "\(swipe.stderr)")
        // Without the producer's PAN_CANCELLED the engine would end it after the gesture timeout, as GESTURE_TIMEOUT.
        let cancelled = try line(containing: "\"cancelled\"", in: tail)
        #expect(cancelled.contains("GESTURE_CANCELLED"), "\(cancelled)")
        _ = try line(containing: "\"completed\"", in: tail)
        #expect(
            try runSegue(["swipe", "demo", "--to", "0.7"], daemon: daemon).lines.last == "completed: stack is now Home")
    }

    @Test(
        "SIGINT past the threshold on classic: the profile decides the cancelled gesture like a release, as swipe says")
    func interruptOnAPercentDrivenProfileSaysWhatItCameTo() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(
            try runSegue(["create", "demo", "--screens", "Home,Detail", "--profile", "classic"], daemon: daemon)
                .status == 0)
        let tail = try startSegue(["tail", "--stack", "demo", "--json"], daemon: daemon)
        defer { tail.kill() }
        let swipe = try startSegue(["swipe", "demo", "--to", "0.9", "--duration-ms", "4000"], daemon: daemon)
        defer { swipe.kill() }
        // Past half the width, where classic's release finishes.
        while true {
            let progressed = try line(containing: "\"progressed\"", in: tail)
            let value = progressed.split(separator: "\"progress\":").last.map {
                $0.prefix { "0123456789.".contains($0) }
            }
            if let value, let progress = Double(value), progress > 0.6 { break }
        }

        #expect(swipe.stop(signal: SIGINT) == 130, "\(swipe.stderr)")
        #expect(
            swipe.stderr.contains(
                "interrupted: the gesture was cancelled, and the stack's profile finished (PASSED_THRESHOLD)"),
            "\(swipe.stderr)")
        #expect(try line(containing: "\"finished\"", in: tail).contains("PASSED_THRESHOLD"))
    }

    @Test("SIGINT while the demo's finger is down cancels its gesture with GESTURE_CANCELLED, and demo exits 130")
    func interruptedDemoCancelsTheGesture() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let tail = try startSegue(["tail", "--json"], daemon: daemon)
        defer { tail.kill() }
        // At its default pace: the first drag lasts long enough to be caught with the finger down.
        let demo = try startSegue(["demo"], daemon: daemon)
        defer { demo.kill() }
        _ = try line(containing: "\"progressed\"", in: tail)

        #expect(demo.stop(signal: SIGINT, timeoutMs: 20000) == 130, "\(demo.stderr)")
        let cancelled = try line(containing: "\"cancelled\"", in: tail)
        #expect(cancelled.contains("GESTURE_CANCELLED"), "\(cancelled)")
    }
}
