/// Caps that keep one client from exhausting the engine's memory.
public struct Limits: Sendable, Hashable {
    public var maxStacks: Int
    public var maxScreensPerStack: Int
    public var maxPresentedDepth: Int

    /// The defaults bound a stack's screens to 100: deep enough for any app's navigation, and what keeps the
    /// largest event (a `completed` lists the whole stack) under 22 KB, which bounds what a subscriber that stops
    /// reading can make the daemon hold.
    public init(maxStacks: Int = 100_000, maxScreensPerStack: Int = 100, maxPresentedDepth: Int = 32) {
        self.maxStacks = maxStacks
        self.maxScreensPerStack = maxScreensPerStack
        self.maxPresentedDepth = maxPresentedDepth
    }

    /// An upper bound on the encoded size of anything the engine publishes under these limits (an event, a frame
    /// or a rejection, with its topic): what sizes the queues of subscribers.
    ///
    /// The only fields that grow with the limits are lists: a `completed` lists the whole stack, its presented
    /// screens and which of those are pages (`presented_pages`, a varint of at most 5 bytes each), a
    /// `stack_created` its screens or tabs. Every name is at most 128 bytes plus 3 bytes of tag and length; 4096
    /// bytes cover the rest (numbers, a 128-byte request id, a 64-byte stack id in the topic, 64 exclusion rects
    /// of a screen's options, a rejection's message).
    public var largestPublishedMessageBytes: Int {
        4096 + (Validation.maxScreenIdBytes + 3) * (maxScreensPerStack + maxPresentedDepth) + 5 * maxPresentedDepth
    }
}
