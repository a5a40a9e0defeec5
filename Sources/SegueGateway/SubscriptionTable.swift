import SegueWire
import WebSockets

/// Which page watches what, and the daemon topics that takes: a prefix is subscribed while at least one page
/// needs it. A page watches a stack's events and rejections (`ev/<id>/`, `er/<id>/`), with or without its
/// frames (`fr/<id>/`), or every stack's events (`ev/`).
struct SubscriptionTable {
    /// Per page: the stacks it watches, with whether it wants frames; "" stands for every stack.
    private var watches: [ConnectionID: [String: Bool]] = [:]
    private var prefixCounts: [String: Int] = [:]
    private var eventWatchers: [String: Set<ConnectionID>] = [:]
    private var frameWatchers: [String: Set<ConnectionID>] = [:]

    var prefixCount: Int { prefixCounts.count }

    func watchCount(of id: ConnectionID) -> Int { watches[id]?.count ?? 0 }

    func contains(_ watch: PageMessage.Watch, of id: ConnectionID) -> Bool {
        watches[id]?[Self.key(watch)] != nil
    }

    /// Starts a watch the page does not have yet (remove the old one to change it); returns the prefixes to
    /// subscribe to now.
    mutating func add(_ watch: PageMessage.Watch, of id: ConnectionID) -> [String] {
        let key = Self.key(watch)
        watches[id, default: [:]][key] = watch.frames
        eventWatchers[key, default: []].insert(id)
        if watch.frames { frameWatchers[key, default: []].insert(id) }
        return Self.prefixes(key, frames: watch.frames).filter { prefix in
            prefixCounts[prefix, default: 0] += 1
            return prefixCounts[prefix] == 1
        }
    }

    /// Ends a watch; returns the prefixes nobody needs any more.
    mutating func remove(_ watch: PageMessage.Watch, of id: ConnectionID) -> [String] {
        let key = Self.key(watch)
        guard let frames = watches[id]?.removeValue(forKey: key) else { return [] }
        if watches[id]?.isEmpty == true { watches[id] = nil }
        eventWatchers[key]?.remove(id)
        if eventWatchers[key]?.isEmpty == true { eventWatchers[key] = nil }
        frameWatchers[key]?.remove(id)
        if frameWatchers[key]?.isEmpty == true { frameWatchers[key] = nil }
        return Self.prefixes(key, frames: frames).filter { prefix in
            prefixCounts[prefix, default: 1] -= 1
            guard prefixCounts[prefix] == 0 else { return false }
            prefixCounts[prefix] = nil
            return true
        }
    }

    /// Ends every watch of a page that closed.
    mutating func removeAll(of id: ConnectionID) -> [String] {
        var released: [String] = []
        for (key, frames) in watches[id] ?? [:] {
            released += remove(PageMessage.Watch(stackId: key, frames: frames, all: key.isEmpty), of: id)
        }
        return released
    }

    /// The pages that get a stack's events and rejections.
    func eventWatchers(of stackId: String) -> Set<ConnectionID> {
        let watchers = eventWatchers[stackId] ?? []
        guard !stackId.isEmpty, let everything = eventWatchers[""] else { return watchers }
        return watchers.union(everything)
    }

    func frameWatchers(of stackId: String) -> Set<ConnectionID> {
        frameWatchers[stackId] ?? []
    }

    private static func key(_ watch: PageMessage.Watch) -> String {
        watch.all ? "" : watch.stackId
    }

    private static func prefixes(_ key: String, frames: Bool) -> [String] {
        guard !key.isEmpty else { return [Topic.event.prefix] }
        return [Topic.event.prefix(key), Topic.rejection.prefix(key)] + (frames ? [Topic.frame.prefix(key)] : [])
    }
}
