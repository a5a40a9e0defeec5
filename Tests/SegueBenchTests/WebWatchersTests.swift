import Testing

@testable import segue_bench

/// The web workload's pages ask for batches, as the page does, and read each member as if it came alone.
struct WebWatchersTests {
    @Test func aBatchSplitsIntoItsMessagesWhateverTheirStringsHold() {
        let members = [
            #"{"frame":{"stackId":"bench-0001","transitionId":"3","sequence":"4","phase":"TRACKING"}}"#,
            #"{"event":{"note":"} { \"quoted\" ] [ \\"}}"#,
            #"{"watching":{"stackId":"bench-0002"}}"#,
        ]
        let batch = Array(("{\"batch\":[" + members.joined(separator: ",") + "]}").utf8)
        #expect(WebWatchers.members(ofBatch: batch).map { String(decoding: $0, as: UTF8.self) } == members)
        #expect(WebWatchers.members(ofBatch: Array(#"{"batch":[]}"#.utf8)).isEmpty)
    }
}
