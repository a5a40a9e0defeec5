import Testing
import WebSockets

@testable import SegueGateway

/// The worker's jobs, taken from each page in turn.
struct RoundRobinQueueTests {
    private let a = ConnectionID(rawValue: 1)
    private let b = ConnectionID(rawValue: 2)
    private let c = ConnectionID(rawValue: 3)

    private func drain(_ queue: inout RoundRobinQueue<String>) -> [String] {
        var taken: [String] = []
        while let item = queue.next() { taken.append(item) }
        return taken
    }

    @Test func aNewPagesJobComesBeforeTheBusyPagesLaterOnes() {
        var queue = RoundRobinQueue<String>()
        for job in ["a1", "a2", "a3"] { queue.append(job, for: a) }
        for job in ["b1", "b2", "b3"] { queue.append(job, for: b) }
        #expect(queue.next() == "a1")
        queue.append("c1", for: c)
        #expect(queue.count == 6)
        #expect(drain(&queue) == ["b1", "a2", "c1", "b2", "a3", "b3"])
        #expect(queue.isEmpty)
    }

    @Test func aPageThatClosesTakesItsJobsAndItsTurnWithIt() {
        var queue = RoundRobinQueue<String>()
        for job in ["a1", "a2"] { queue.append(job, for: a) }
        queue.append("b1", for: b)
        queue.append("c1", for: c)
        queue.removeAll(of: b)
        #expect(queue.count == 3)
        #expect(drain(&queue) == ["a1", "c1", "a2"])
        // A page whose queue emptied starts again at the back.
        queue.append("a3", for: a)
        queue.append("c2", for: c)
        #expect(drain(&queue) == ["a3", "c2"])
    }
}
