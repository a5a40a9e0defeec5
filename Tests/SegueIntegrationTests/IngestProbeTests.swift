import SegueClient
import SegueWire
import Testing

/// `Input.probe`: a probe pushed on ingest is published once everything pushed before it has been decided.
@Suite struct IngestProbeTests {
    @Test("an ingest probe arrives after the rejections of every input pushed before it")
    func probeFollowsTheInputsBeforeIt() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        let subscriber = try Subscriber(
            endpoint: daemon.endpoints.events,
            prefixes: [Topic.rejection.prefix("ghost"), Topic.rejection.prefix(""), Topic.probe.prefix("done")])
        try DaemonTests.awaitLive(subscriber, control: control)
        let producer = try Producer(endpoint: daemon.endpoints.ingest)
        // Pans for a stack that does not exist, pushed as fast as the socket takes them: each one is refused.
        let count = 500
        for index in 0..<count {
            try producer.send(
                pan: PanEvent(stackId: "ghost", gestureId: UInt64(index + 1), phase: .panBegan, timestampUs: 1))
        }
        try producer.send(Input(body: .probe(PublishProbe(token: "bad/token"))))
        try producer.send(Input(body: .probe(PublishProbe(token: "done"))))
        var rejections: [Rejection] = []
        var probe: PublishProbe?
        while probe == nil, let publication = try subscriber.next(timeoutMs: 10000) {
            switch publication {
            case .rejection(let rejection): rejections.append(rejection)
            case .probe(let value): probe = value
            default: break
            }
        }
        #expect(probe?.token == "done")
        #expect(rejections.count == count + 1)
        #expect(rejections.dropLast().allSatisfy { $0.stackId == "ghost" })
        #expect(rejections.last?.stackId == "" && rejections.last?.error?.code == .invalidArgument)
        producer.close()
        #expect(daemon.stop() == 0)
    }
}
