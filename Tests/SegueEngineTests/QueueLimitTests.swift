import SegueCore
import SegueEngine
import SegueWire
import Testing

/// The high-water marks segued derives from its byte limits rest on the largest message the limits allow: it
/// must be an upper bound of every message the engine can publish.
@Suite struct QueueLimitTests {
    static let longName = String(repeating: "n", count: 128)
    static let longStack = String(repeating: "s", count: 64)

    @Test func theLargestPublishedMessageBoundsTheLargestEvents() {
        let limits = Limits()
        let screens = (0..<limits.maxScreensPerStack).map { "\($0)" + Self.longName.dropFirst("\($0)".count) }
        let presented = (0..<limits.maxPresentedDepth).map { "p\($0)" + Self.longName.dropFirst("p\($0)".count) }
        let requestId = String(repeating: "r", count: 128)
        let completed = Event(
            position: .max, stackId: Self.longStack, version: .max, timeUs: .max, requestId: requestId,
            body: .completed(
                TransitionCompleted(
                    transitionId: .max, finished: true, screens: screens,
                    presented: presented, selectedTab: .max,
                    presentedPages: (1..<UInt32(limits.maxPresentedDepth)).map { $0 | 0xF000_0000 })))
        let created = Event(
            position: .max, stackId: Self.longStack, version: 1, timeUs: .min, requestId: requestId,
            body: .stackCreated(
                StackCreated(
                    screens: screens, selectedTab: .max,
                    config: StackConfig(
                        size: Size(width: 1e5, height: 1e5), profile: "fullscreen", rightToLeft: true, fps: 240,
                        tuning: Tuning(
                            edgeWidth: -1e6, progressDistance: -1e6, finishThreshold: -1e6,
                            flingVelocity: -1e6, settleMs: .max, dampingRatio: -1e6,
                            parallax: -1e6, dimming: -1e6, gestureTimeoutMs: .max)))))
        let rects = [Rect](repeating: Rect(x: -1e6, y: -1e6, width: -1e6, height: -1e6), count: 64)
        let options = Event(
            position: .max, stackId: Self.longStack, version: .max, timeUs: .min, requestId: requestId,
            body: .screenOptionsSet(
                ScreenOptionsSet(
                    screen: Self.longName,
                    options: ScreenOptions(
                        backGestureDisabled: true, exclusionRects: rects))))
        let topic = Topic.event.prefix(Self.longStack)
        for event in [completed, created, options] {
            #expect(topic.utf8.count + event.encoded().count <= limits.largestPublishedMessageBytes)
        }
        #expect(limits.largestPublishedMessageBytes == 21_548)
    }

    @Test func theDefaultQueuesHoldTheirByteLimitsInMessages() {
        var configuration = EngineConfiguration()
        #expect(configuration.publishQueueMessages == 12_457)
        #expect(configuration.replyQueueMessages == 1000)
        #expect(
            configuration.publishQueueMessages * configuration.limits.largestPublishedMessageBytes
                <= configuration.publishQueueBytes)
        // Small limits, large queues: the count stops at its ceiling. Large limits: the count shrinks.
        configuration.limits.maxScreensPerStack = 1
        #expect(configuration.publishQueueMessages == 31_289)
        configuration.publishQueueBytes = 1 << 40
        #expect(configuration.publishQueueMessages == configuration.publishHighWaterMark)
        #expect(configuration.queueLimitProblem == nil)
        // A byte limit under 16 of the largest message could not be kept: segued refuses it at start.
        configuration.limits.maxScreensPerStack = 100_000
        configuration.publishQueueBytes = 1 << 20
        #expect(configuration.queueLimitProblem?.contains("--publish-queue-bytes 1048576") == true)
        configuration.publishQueueBytes = 1 << 40
        configuration.replyQueueBytes = 1 << 20
        #expect(configuration.queueLimitProblem?.contains("--reply-queue-bytes 1048576") == true)
    }
}
