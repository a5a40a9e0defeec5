import Foundation
import SegueClient
import SegueWire
import Testing

/// One of Flutter's own widget tests through a real segued: route_test.dart@00bb2feb 'Fullscreen route animates
/// correct transform values over time' (see Tests/SegueCoreTests/FlutterWidgetTestPorts.swift), the dialog's top
/// at each pumped time of its entrance within Flutter's 0.1 pt, from the frames the daemon publishes.
@Suite struct FlutterDaemonPortTests {
    /// Flutter's expected top of the dialog (ms after the present, y).
    static let expected: [(Int64, Double)] = [
        (40, 475.6), (80, 350.0), (120, 237.4), (160, 149.2), (200, 89.5), (240, 54.4), (280, 33.2), (320, 20.4),
        (360, 12.6), (400, 7.4), (450, 3), (500, 0),
    ]

    @Test func fullscreenDialogThroughTheDaemon() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        let subscriber = try Subscriber(
            endpoint: daemon.endpoints.events, prefixes: [Topic.event.prefix("f"), Topic.frame.prefix("f")])
        _ = try control.command(
            Command(
                stackId: "f",
                op: .create(
                    CreateStack(
                        screens: ["Home"],
                        config: StackConfig(size: Size(width: 800, height: 600), profile: "flutter", fps: 200)))))
        try SubscriptionProbe.awaitLive(subscriber, control: control, timeoutMs: 5000)
        _ = try control.command(Command(stackId: "f", op: .present(Present(screen: "Dialog"))))

        var startUs: Int64?
        var frames: [Frame] = []
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, frames.last?.phase != .done {
            guard let publication = try subscriber.next(timeoutMs: 100) else { continue }
            switch publication {
            case .event(let event): if case .finished = event.body { startUs = event.timeUs }
            case .frame(let frame): frames.append(frame)
            default: break
            }
        }
        let start = try #require(startUs)
        #expect(frames.last?.phase == .done)
        var compared = 0
        for (ms, y) in Self.expected {
            // A daemon far behind may skip a frame (counted in its stats); the frames it drew are at their times.
            guard let frame = frames.first(where: { $0.timeUs == start + ms * 1000 }) else { continue }
            compared += 1
            let top = frame.to?.rect?.y ?? .nan
            #expect(abs(top - y) <= 0.1, "\(ms) ms: \(top), Flutter expects \(y) ± 0.1")
        }
        let skipped = Int(try control.stats().framesSkipped)
        #expect(compared + skipped >= Self.expected.count)
        #expect(daemon.stop() == 0)
    }
}
