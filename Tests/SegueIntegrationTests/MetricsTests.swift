import Foundation
import SegueSystem
import SegueTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `segued --metrics`: the counters in Prometheus' text format over HTTP, scraped as Prometheus does.
@Suite struct MetricsTests {
    @Test func theCountersFollowTheCommandsAndOnlyGetOfMetricsIsServed() throws {
        let daemon = try DaemonProcess.start(extraArguments: ["--metrics", "tcp://127.0.0.1:*"])
        defer { daemon.kill() }
        let port = try MetricsScrape.port(inLine: daemon.process.readyLine)
        #expect(daemon.stderr.contains("msg=\"serving metrics\" endpoint=tcp://127.0.0.1:\(port)"))

        // A scraper that never finishes its request holds up neither the daemon nor the other scrapers.
        let stalled = try MetricsScrape.connect(port: port)
        defer { close(stalled) }
        _ = "GET /metr".withCString { send(stalled, $0, strlen($0), Int32(MSG_NOSIGNAL)) }

        let commands = 3
        for index in 0..<commands {
            let created = try runSegue(["create", "stack-\(index)", "--screens", "Home"], daemon: daemon)
            #expect(created.status == 0, "\(created)")
        }
        let scrape = try MetricsScrape.awaiting(port: port) { $0["segue_events_appended_total"] == Double(commands) }
        let samples = scrape.samples
        #expect(scrape.status == 200)
        #expect(samples["segue_events_appended_total"] == Double(commands), "\(scrape.body)")
        #expect(samples["segue_inputs_received_total"] == Double(commands), "\(scrape.body)")
        #expect(samples["segue_stacks"] == Double(commands) && samples["segue_log_head_position"] == Double(commands))
        #expect(samples["segue_inputs_rejected_total"] == 0 && samples["segue_log_bytes"].map { $0 > 0 } == true)
        #expect(scrape.types["segue_events_appended_total"] == "counter" && scrape.types["segue_stacks"] == "gauge")
        #expect(scrape.types.keys.allSatisfy { scrape.types[$0] != "counter" || $0.hasSuffix("_total") })
        #expect(!samples.keys.contains { $0.hasPrefix("segue_cluster_") }, "no cluster metrics without --cluster")

        #expect(try MetricsScrape.get(port: port, path: "/").status == 404)
        #expect(try MetricsScrape.get(port: port, path: "/metrics/x").status == 404)
        #expect(try MetricsScrape.get(port: port, path: "/index.html").status == 404)
        #expect(try MetricsScrape.get(port: port, method: "POST").status == 405)

        // The stalled request is closed by the daemon (recv sees the end rather than its own 10 s timeout).
        var byte: UInt8 = 0
        #expect(recv(stalled, &byte, 1, 0) == 0)
        #expect(daemon.stop() == 0, "\(daemon.stderr)")
    }

    // A request trickled a byte at a time, and one with a megabyte of headers, are closed without holding up scrapes.
    @Test func aTrickledRequestAndAHugeOneAreClosed() throws {
        let daemon = try DaemonProcess.start(extraArguments: ["--metrics", "tcp://127.0.0.1:*"])
        defer { daemon.kill() }
        let port = try MetricsScrape.port(inLine: daemon.process.readyLine)

        let huge = try MetricsScrape.connect(port: port)
        defer { close(huge) }
        let headers = "GET /metrics HTTP/1.1\r\nX-Filler: " + String(repeating: "x", count: 1 << 20) + "\r\n\r\n"
        _ = headers.withCString { send(huge, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var response = [UInt8](repeating: 0, count: 4096)
        let answered = recv(huge, &response, response.count, 0)
        #expect(answered <= 0 || !String(decoding: response[..<answered], as: UTF8.self).hasPrefix("HTTP/1.1 200"))

        let trickled = try MetricsScrape.connect(port: port)
        defer { close(trickled) }
        _ = "GET /metrics HTTP/1.1\r\nX-Slow: ".withCString { send(trickled, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        // A byte whenever half a second passes without the daemon closing the connection, for at most a minute.
        let deadline = Date().addingTimeInterval(60)
        var closed = false
        while !closed && Date() < deadline {
            var byte = UInt8(ascii: "x")
            guard send(trickled, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 else { break }
            var ready = pollfd(fd: trickled, events: Int16(POLLIN), revents: 0)
            // Readable: the daemon answered (408) or closed; either way it ended the request.
            closed = poll(&ready, 1, 500) > 0
        }
        #expect(closed || Date() < deadline, "a request trickled a byte every half second was kept open for a minute")
        #expect(try MetricsScrape.get(port: port).status == 200)
        #expect(daemon.stop() == 0, "\(daemon.stderr)")
    }

    @Test(arguments: [
        "http://127.0.0.1:9464", "tcp://127.0.0.1", "tcp://127.0.0.1:70000", "tcp://127.0.0.1:port",
        "tcp://localhost.example:9464", "tcp://:9464",
    ])
    func aBadEndpointIsAUsageError(value: String) throws {
        let scratch = try ScratchDirectory(prefix: "segued-metrics")
        let output = try ChildProcess(
            try BuildProducts.executable("segued"), ["--data", scratch.path, "--metrics", value]
        ).finish(timeoutMs: 20000)
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("segued: --metrics must be tcp://HOST:PORT"), "\(output)")
    }

    @Test func anAddressOfAnotherMachineIsAUsageError() throws {
        let scratch = try ScratchDirectory(prefix: "segued-metrics")
        let output = try ChildProcess(
            try BuildProducts.executable("segued"), ["--data", scratch.path, "--metrics", "tcp://192.0.2.1:9464"]
        ).finish(timeoutMs: 20000)
        #expect(
            output.status == 2 && output.stderr.contains("192.0.2.1 is not an address of this machine"), "\(output)")
    }
}
