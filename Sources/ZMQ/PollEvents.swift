import CZeroMQ

/// The readiness conditions of ``ZMQPoller`` and ``ZMQSocket/events`` (`ZMQ_POLLIN`, `ZMQ_POLLOUT`, ...).
public struct PollEvents: OptionSet, Sendable, Hashable {
    /// The `short` bit mask libzmq uses.
    public var rawValue: Int16

    /// Creates a set from libzmq's bit mask.
    public init(rawValue: Int16) {
        self.rawValue = rawValue
    }

    /// `ZMQ_POLLIN`: at least one message can be received without blocking.
    public static let readable = PollEvents(rawValue: Int16(ZMQ_POLLIN))
    /// `ZMQ_POLLOUT`: at least one message can be sent without blocking.
    public static let writable = PollEvents(rawValue: Int16(ZMQ_POLLOUT))
    /// `ZMQ_POLLERR`: an error condition on a plain file descriptor (never reported for ZeroMQ sockets).
    public static let error = PollEvents(rawValue: Int16(ZMQ_POLLERR))
}
