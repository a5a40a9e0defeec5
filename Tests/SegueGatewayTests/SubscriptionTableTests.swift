import Testing
import WebSockets

@testable import SegueGateway

/// The gateway subscribes to a topic while at least one page needs it, and to nothing else.
struct SubscriptionTableTests {
    private let one = ConnectionID(rawValue: 1)
    private let two = ConnectionID(rawValue: 2)

    private func stack(_ id: String, frames: Bool = true) -> PageMessage.Watch {
        PageMessage.Watch(stackId: id, frames: frames, all: false)
    }

    @Test func prefixesAreSharedAndReleasedByTheLastPage() {
        var table = SubscriptionTable()
        #expect(table.add(stack("main"), of: one) == ["ev/main/", "er/main/", "fr/main/"])
        #expect(table.add(stack("main", frames: false), of: two).isEmpty)
        #expect(table.frameWatchers(of: "main") == [one])
        #expect(table.eventWatchers(of: "main") == [one, two])
        #expect(table.remove(stack("main"), of: one) == ["fr/main/"])
        #expect(table.removeAll(of: two).sorted() == ["er/main/", "ev/main/"])
        #expect(table.prefixCount == 0)
    }

    @Test func watchingEveryStackAddsItsEventsToEachStacksWatchers() {
        var table = SubscriptionTable()
        #expect(table.add(PageMessage.Watch(stackId: "", frames: false, all: true), of: one) == ["ev/"])
        _ = table.add(stack("a"), of: two)
        #expect(table.eventWatchers(of: "a") == [one, two])
        #expect(table.eventWatchers(of: "b") == [one])
        #expect(table.frameWatchers(of: "a") == [two])
        #expect(table.watchCount(of: one) == 1 && table.contains(stack("a"), of: two))
    }
}
