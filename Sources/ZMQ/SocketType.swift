import CZeroMQ

/// The ZeroMQ socket patterns this wrapper supports (`zmq_socket` types).
public enum SocketType: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `ZMQ_PAIR`: exclusive connection to one peer.
    case pair
    /// `ZMQ_PUB`: publisher; sends to every matching subscriber, never blocks (drops at the high-water mark).
    case pub
    /// `ZMQ_SUB`: subscriber; receives only messages whose first part starts with a subscribed prefix.
    case sub
    /// `ZMQ_REQ`: strict send/receive alternation; adds an empty delimiter frame on the wire.
    case req
    /// `ZMQ_REP`: strict receive/send alternation; replies go to the last requester.
    case rep
    /// `ZMQ_DEALER`: asynchronous round-robin sender, fair-queued receiver.
    case dealer
    /// `ZMQ_ROUTER`: asynchronous; each received message is prefixed by the sender's routing id frame.
    case router
    /// `ZMQ_PULL`: fair-queued receiver of a pipeline.
    case pull
    /// `ZMQ_PUSH`: round-robin sender of a pipeline.
    case push
    /// `ZMQ_XPUB`: publisher that also receives subscription messages.
    case xpub
    /// `ZMQ_XSUB`: subscriber that sends subscriptions as messages.
    case xsub

    /// The libzmq constant for this type.
    public var rawValue: Int32 {
        switch self {
        case .pair: ZMQ_PAIR
        case .pub: ZMQ_PUB
        case .sub: ZMQ_SUB
        case .req: ZMQ_REQ
        case .rep: ZMQ_REP
        case .dealer: ZMQ_DEALER
        case .router: ZMQ_ROUTER
        case .pull: ZMQ_PULL
        case .push: ZMQ_PUSH
        case .xpub: ZMQ_XPUB
        case .xsub: ZMQ_XSUB
        }
    }

    /// The upper-case pattern name, e.g. `"ROUTER"`.
    public var description: String {
        switch self {
        case .pair: "PAIR"
        case .pub: "PUB"
        case .sub: "SUB"
        case .req: "REQ"
        case .rep: "REP"
        case .dealer: "DEALER"
        case .router: "ROUTER"
        case .pull: "PULL"
        case .push: "PUSH"
        case .xpub: "XPUB"
        case .xsub: "XSUB"
        }
    }
}
