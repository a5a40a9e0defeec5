import Foundation
import Testing

/// The committed fuzzing corpus of the wire decoder (Fuzz/Corpus/FuzzWireDecoder, see scripts/fuzz.sh), replayed
/// in-process: every input that once found new coverage still decodes, or is refused, without a broken round trip.
@Suite struct WireCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzWireDecoder")

    @Test func everyCorpusInputRoundTrips() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(names.count > 10, "the corpus in \(Self.corpus.path) is missing; run scripts/fuzz.sh")
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            let problems = WireRoundTrip.problems(in: bytes)
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }
}
