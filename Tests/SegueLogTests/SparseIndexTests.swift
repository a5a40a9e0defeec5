import Testing

@testable import SegueLog

/// The chunked index reads back every offset it was given, across chunk boundaries, and a copy taken before more
/// appends keeps what it had.
@Suite struct SparseIndexTests {
    @Test func everyEntryReadsBackAndACopyIsUnchangedByLaterAppends() {
        var index = SparseIndex()
        for entry in 0..<2500 { index.append(entry * 7) }
        let copy = index
        for entry in 2500..<3000 { index.append(entry * 7) }
        #expect((0..<3000).allSatisfy { index[$0] == $0 * 7 })
        #expect((0..<2500).allSatisfy { copy[$0] == $0 * 7 })
    }
}
