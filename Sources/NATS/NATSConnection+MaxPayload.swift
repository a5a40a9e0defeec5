import CNats

extension NATSConnection {
    /// The largest message the connected server takes, headers included (its `max_payload`, from the INFO it sent
    /// when the connection was made; 1 MiB unless configured otherwise), 0 while not connected.
    public var maxPayload: Int {
        Int(natsConnection_GetMaxPayload(handle))
    }
}
