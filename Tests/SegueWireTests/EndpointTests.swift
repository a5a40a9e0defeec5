import SegueWire
import Testing

/// The shapes of endpoint Segue accepts (`EndpointSyntax`) and which of them only this machine reaches
/// (`EndpointScope`).
@Suite struct EndpointTests {
    @Test(arguments: [
        ("tcp://127.0.0.1:7701", true), ("tcp://127.9.9.9:*", true), ("tcp://localhost:1", true),
        ("tcp://[::1]:5", true), ("ipc:///tmp/x", true), ("inproc://a", true), ("tcp://0.0.0.0:7701", false),
        ("tcp://*:7701", false), ("tcp://10.0.0.1:7701", false), ("tcp://eth0:7701", false),
    ])
    func loopbackEndpoints(endpoint: String, local: Bool) {
        #expect(EndpointScope.isLocal(endpoint) == local)
    }
}
