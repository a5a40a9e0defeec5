import SegueWire
import Testing

@testable import SegueGateway

/// A cluster's stack list, one page from every shard's holder merged into one: read page after page (each after
/// the last id of the one before), it lists every stack once, in byte order.
struct ClusterStackListTests {
    /// What a daemon answers to `listStacks` after `after`, `limit` ids at most.
    private func page(of ids: [String], after: String, limit: Int) -> StackList {
        let rest = ids.sorted().filter { after.utf8.lexicographicallyPrecedes($0.utf8) }
        return StackList(stackIds: Array(rest.prefix(limit)), more: rest.count > limit)
    }

    @Test func pagesReadOneAfterAnotherListEveryShardsStacksOnceInByteOrder() {
        let shards = [["a", "c", "d", "e", "f"], ["B", "b", "g"], []]
        var listed: [String] = []
        var after = ""
        var pages = 0
        while true {
            let merged = ClusterBridgeTransport.merged(shards.map { page(of: $0, after: after, limit: 2) })
            listed += merged.stackIds
            pages += 1
            guard merged.more, let last = merged.stackIds.last else { break }
            after = last
        }
        #expect(listed == ["B", "a", "b", "c", "d", "e", "f", "g"])
        #expect(pages > 1)
    }

    @Test func aShardWithMoreCutsThePageWhereItsNextIdsWouldGo() {
        let merged = ClusterBridgeTransport.merged([
            StackList(stackIds: ["a", "b"], more: true), StackList(stackIds: ["c", "z"], more: false),
        ])
        #expect(merged.stackIds == ["a", "b"])
        #expect(merged.more)
    }
}
