import Testing

@testable import SegueEngine

/// The stacks' index stores positions as distances: every look-up must give back exactly what a plain sorted
/// array would.
@Suite struct PositionListTests {
    /// Ascending positions with gaps of every size the encoding distinguishes: 1, below 128, below 16384, and past
    /// 32 bits.
    static func positions(count: Int) -> [UInt64] {
        var generator = SystemRandomNumberGenerator()
        var position: UInt64 = 0
        return (0..<count).map { index in
            let gaps: [UInt64] = [1, 100, 10_000, 5_000_000_000]
            position += index % 97 == 0 ? gaps[3] : gaps[Int.random(in: 0..<3, using: &generator)] - UInt64(index % 2)
            return position
        }
    }

    @Test(arguments: [0, 1, 63, 64, 65, 1000])
    func lookUpsMatchAPlainArray(count: Int) {
        let reference = Self.positions(count: count)
        var list = PositionList()
        for position in reference { list.append(position) }
        #expect(list.count == count)
        let probes: [UInt64] = [0, 1] + reference.flatMap { [$0 - 1, $0, $0 + 1] } + [UInt64.max]
        for from in probes {
            for maxCount in [1, 7, 64, 10_000] {
                let expected = Array(reference.filter { $0 >= from }.prefix(maxCount))
                #expect(list.positions(from: from, maxCount: maxCount) == expected, "from \(from) max \(maxCount)")
            }
        }
        if let middle = reference.dropFirst(count / 2).first {
            let kept = list.dropping(below: middle)
            #expect(kept.positions(from: 0, maxCount: count) == reference.filter { $0 >= middle })
        }
    }

    @Test func denseListsTakeAboutTwoBytesAnEvent() {
        var list = PositionList()
        // 1000 stacks taking turns: each stack's events are about 1000 positions apart.
        for index in 0..<100_000 { list.append(UInt64(index) * 1000 + 7) }
        #expect(list.byteCount < 100_000 * 5 / 2)
    }
}
