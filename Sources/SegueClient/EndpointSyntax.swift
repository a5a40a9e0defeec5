/// The shapes of address a client can connect to, checked before ZeroMQ sees them: its own error for a malformed
/// endpoint ("Invalid argument") says nothing of what was expected.
public enum EndpointSyntax {
    /// What `endpoint` should look like, for messages.
    public static let expected = "endpoints look like tcp://HOST:PORT or ipc://PATH"

    /// Whether `endpoint` has a shape a client connects to: `tcp://HOST:PORT` with a port from 1 to 65535,
    /// `ipc://PATH` or `inproc://NAME` with a non-empty rest.
    public static func isConnectable(_ endpoint: String) -> Bool {
        for scheme in ["ipc://", "inproc://"] where endpoint.hasPrefix(scheme) {
            return endpoint.count > scheme.count
        }
        guard endpoint.hasPrefix("tcp://") else { return false }
        let address = endpoint.dropFirst("tcp://".count)
        guard let colon = address.lastIndex(of: ":"), colon != address.startIndex,
            let port = UInt16(address[address.index(after: colon)...]), port > 0
        else { return false }
        return !address[..<colon].contains(where: { $0 == "/" || $0 == " " })
    }
}
