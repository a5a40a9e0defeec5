/// How much settle-frame work the live clock does when it falls behind.
///
/// The engine draws a settle frame when its scheduled time comes. When the engine cannot keep up (thousands of
/// stacks settling at 240 fps, or a stall of the machine), frames pile up: drawing them all would take longer than
/// the time they cover, so the engine would fall further behind with every turn and its memory would grow with the
/// backlog. Pacing bounds both: frames that are already late are skipped (counted in `Outcome.skippedFrames`), and
/// one call of the clock draws at most so many frames, leaving the other stacks due for the next turn.
public struct FramePacing: Sendable, Hashable {
    /// A settle frame scheduled more than this many microseconds before the clock reaches it is skipped.
    public var lateFrameUs: Int64
    /// The most frames one run of the clock draws; the stacks it did not reach stay due, earliest first.
    public var maxFramesPerRun: Int

    public init(lateFrameUs: Int64, maxFramesPerRun: Int) {
        self.lateFrameUs = lateFrameUs
        self.maxFramesPerRun = maxFramesPerRun
    }

    /// Every frame, however late, in one run: for simulations and a manual clock, where nothing is ever late.
    public static let everyFrame = FramePacing(lateFrameUs: .max, maxFramesPerRun: .max)

    /// The daemon's pacing: 50 ms late is three frames at 60 Hz, by which time a renderer has moved on; 4096
    /// frames take a few milliseconds to draw and publish, so control requests are still answered promptly.
    public static let live = FramePacing(lateFrameUs: 50_000, maxFramesPerRun: 4096)
}
