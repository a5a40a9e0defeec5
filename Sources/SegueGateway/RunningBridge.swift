/// What the gateway's threads do with its bridge, whichever transport it runs over (one daemon's sockets, or
/// every shard holder's).
protocol RunningBridge: AnyObject, Sendable {
    func post(_ notice: BridgeNotice)
    func stop()
    func run() throws(GatewayError)
}

extension GatewayBridge: RunningBridge {}
