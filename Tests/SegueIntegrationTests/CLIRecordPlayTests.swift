import Foundation
import SegueClient
import SegueWire
import Testing

/// `segue record` as a proxy in front of a daemon, and `segue play` of its file into a fresh one.
@Suite("segue record and play")
struct CLIRecordPlayTests {
    @Test("the file format: header, records, a partial tail kept apart, damage refused")
    func format() throws {
        var bytes = Recording.header
        let records = [
            Recording.Record(offsetUs: 0, payload: [1, 2, 3]),
            Recording.Record(offsetUs: 1_234_567, payload: []),
            Recording.Record(offsetUs: UInt64(1) << 40, payload: Array(repeating: 7, count: 300)),
        ]
        for record in records { Recording.encode(record, into: &bytes) }
        #expect(Array(bytes[15..<27]) == [0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0])
        #expect(try Recording.decode(bytes) == Recording.Contents(records: records, trailingBytes: 0))

        let cut = Array(bytes.dropLast(5))
        #expect(
            try Recording.decode(cut)
                == Recording.Contents(
                    records: Array(records.prefix(2)),
                    trailingBytes: 12 + 300 - 5))
        #expect(throws: Recording.FormatError.self) { try Recording.decode(Array("segue-record 2\n".utf8)) }
        var absurd = Recording.header
        absurd += [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F]
        #expect(throws: Recording.FormatError.self) { try Recording.decode(absurd) }
    }

    @Test("a session recorded through the proxy plays into a fresh daemon as the same events")
    func roundTrip() throws {
        let scratch = try ScratchDirectory(prefix: "segue-record")
        let file = scratch.url.appendingPathComponent("session.rec").path
        let original = try DaemonProcess.start()
        defer { original.kill() }

        let recorder = try startSegue(
            [
                "record", file, "--listen", "tcp://127.0.0.1:*",
                "--listen-control", "tcp://127.0.0.1:*",
            ], daemon: original)
        defer { recorder.kill() }
        let ready = try #require(recorder.readLine(timeoutMs: 10000), "stderr: \(recorder.stderr)")
        let proxy = try #require(
            SegueEndpoints(
                readyLine: ready.replacingOccurrences(
                    of: "segue record ready", with: "segued ready") + " events=-"), "\(ready)")
        let viaIngest = ["--ingest", proxy.ingest]
        let viaControl = ["--control", proxy.control]

        // Commands through the control proxy, swipes through the ingest proxy; queries and events go direct.
        let steps: [[String]] = [
            ["create", "demo", "--screens", "Home,Detail", "--profile", "fluid"] + viaControl,
            ["swipe", "demo", "--to", "0.7"] + viaIngest,
            ["push", "demo", "Detail", "--immediate"] + viaControl,
            ["swipe", "demo", "--to", "0.2"] + viaIngest,
            ["swipe", "demo", "--to", "0.25", "--velocity", "1200", "--json"] + viaIngest,
        ]
        var output = ProcessOutput(status: -1, stdout: "", stderr: "")
        for step in steps {
            output = try runSegue(step, daemon: original)
            #expect(output.status == 0, "\(step): \(output)")
        }
        // The last swipe's --json outcome.
        let fling = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect(
            fling?["outcome"] as? String == "finished" && fling?["reason"] as? String == "FLUNG_FORWARD",
            "\(output)")
        #expect(fling?["reached"] as? Double == 0.25 && fling?["screens"] as? [String] == ["Home"], "\(output)")
        #expect(recorder.stop() == 0, "stderr: \(recorder.stderr)")
        let summary = try #require(recorder.readLine(timeoutMs: 1000))
        #expect(summary.hasPrefix("recorded "), "\(summary)")

        let recorded = try events(of: original, stack: "demo")
        #expect(recorded.count > 90)
        #expect(recorded.compactMap(reason) == [.passedThreshold, .programmatic, .belowThreshold, .flungForward])

        // A fresh daemon: the same inputs make the same events (positions, versions, bodies, request ids).
        let fresh = try DaemonProcess.start()
        defer { fresh.kill() }
        let played = try runSegue(["play", file, "--json"], daemon: fresh)
        #expect(played.status == 0, "\(played)")
        let report = try JSONSerialization.jsonObject(with: Data(played.stdout.utf8)) as? [String: Any]
        #expect(report?["inputs"] as? Int == report?["recorded"] as? Int)
        let replayed = try events(of: fresh, stack: "demo", waitingFor: recorded.count)
        #expect(replayed.map(withoutTime) == recorded.map(withoutTime))

        // Into the same daemon under another name: only the stack id (and so the positions) change.
        let copy = try runSegue(["play", file, "--speed", "1", "--stack-map", "demo=copy"], daemon: fresh)
        #expect(copy.status == 0, "\(copy)")
        let copied = try events(of: fresh, stack: "copy", waitingFor: recorded.count)
        #expect(
            copied.map { renamed(withoutTime($0), to: "demo") }.map(\.body)
                == recorded.map(withoutTime).map(\.body))
        #expect(copied.map(\.version) == recorded.map(\.version))
        #expect(original.stop() == 0)
        #expect(fresh.stop() == 0)
    }

    @Test("usage and file errors")
    func errors() throws {
        let scratch = try ScratchDirectory(prefix: "segue-record")
        let bogus = scratch.url.appendingPathComponent("bogus.rec")
        try Data("not a recording".utf8).write(to: bogus)
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let notRecording = try runSegue(["play", bogus.path], daemon: daemon)
        #expect(notRecording.status == 1, "\(notRecording)")
        #expect(notRecording.stderr.hasPrefix("segue: INVALID_ARGUMENT: \(bogus.path): not a segue recording"))
        let exists = try runSegue(
            ["record", bogus.path, "--listen", "tcp://127.0.0.1:*", "--listen-control", "none"],
            daemon: daemon)
        #expect(exists.status == 1 && exists.stderr.contains("--force"), "\(exists)")
        for arguments in [
            ["play", bogus.path, "--stack-map", "demo"], ["play", bogus.path, "--speed", "-1"],
            ["record", "x.rec", "--listen", "tcp://0.0.0.0:7711"],
        ] {
            let output = try runSegue(arguments, daemon: daemon)
            #expect(output.status == 2, "\(arguments): \(output)")
        }
    }

    // MARK: - Helpers

    /// Every event of `stack` in `daemon`'s log, read once at least `count` are there (or 20 s passed).
    private func events(of daemon: DaemonProcess, stack: String, waitingFor count: Int = 0) throws -> [Event] {
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 5000)
        let subscriber = try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["ev/\(stack)/"])
        let feed = EventFeed(subscriber: subscriber, control: control, stackId: stack)
        feed.catchUp(from: 1)
        var events: [Event] = []
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            guard let publication = try feed.next(timeoutMs: count == 0 ? 0 : 200) else {
                if count == 0 || events.count >= count { break }
                continue
            }
            if case .event(let event) = publication { events.append(event) }
            if count > 0 && events.count >= count { break }
        }
        return events
    }

    private func withoutTime(_ event: Event) -> Event {
        var event = event
        event.timeUs = 0
        return event
    }

    private func renamed(_ event: Event, to stack: String) -> Event {
        var event = event
        event.stackId = stack
        return event
    }

    private func reason(_ event: Event) -> Reason? {
        switch event.body {
        case .finished(let finished): finished.reason
        case .cancelled(let cancelled): cancelled.reason
        default: nil
        }
    }
}
