import Synchronization
import ZMQ

/// Upper bound for any single blocking receive in the tests, so a broken test fails instead of hanging.
let receiveTimeoutMs = 2_000

/// A context with linger-0 sockets, so no test can stall context termination on unsent messages.
func makeContext() throws -> ZMQContext {
    try ZMQContext(blocky: false)
}

/// Makes a bound socket and a connected peer, for the caller to close. `tcp` binds `tcp://127.0.0.1:*` and connects
/// to the resolved port; otherwise `inproc://<name>`. Receive timeouts are set on both so every blocking receive is
/// bounded. When a step fails, both are closed before the error goes on.
func makePair(
    _ context: ZMQContext,
    bind bindType: SocketType,
    connect connectType: SocketType,
    tcp: Bool = true,
    name: String = "pair",
    configureConnected: (ZMQSocket) throws -> Void = { _ in },
    configureBound: (ZMQSocket) throws -> Void = { _ in }
) throws -> (bound: ZMQSocket, connected: ZMQSocket) {
    var handedOver = false
    let bound = try context.makeSocket(bindType)
    defer { if !handedOver { bound.close() } }
    let connected = try context.makeSocket(connectType)
    defer { if !handedOver { connected.close() } }
    for socket in [bound, connected] {
        try socket.setOption(.receiveTimeout, receiveTimeoutMs)
        try socket.setOption(.sendTimeout, receiveTimeoutMs)
    }
    try configureBound(bound)
    try configureConnected(connected)
    try bound.bind(tcp ? "tcp://127.0.0.1:*" : "inproc://\(name)")
    try connected.connect(try bound.lastEndpoint)
    handedOver = true
    return (bound, connected)
}

/// Closes the sockets given, for one `defer` after making several.
func closeAll(_ sockets: ZMQSocket...) {
    for socket in sockets { socket.close() }
}

/// The UTF-8 bytes of a string, for terse message literals.
func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}

/// A value handed from a helper thread back to the test, guarded by a mutex.
final class Outcome: Sendable {
    private let value = Mutex<String?>(nil)

    func set(_ newValue: String) {
        value.withLock { $0 = newValue }
    }

    func get() -> String? {
        value.withLock { $0 }
    }
}
