import Foundation
import SegueCore
import SegueWire
import Testing

/// The committed fuzzing corpus of the reducer (Fuzz/Corpus/FuzzReducer, see scripts/fuzz.sh), replayed
/// in-process: every script that once found new coverage still keeps the reducer's invariants.
@Suite struct ReducerCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzReducer")

    @Test func everyCorpusScriptKeepsTheInvariants() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(names.count > 10, "the corpus in \(Self.corpus.path) is missing; run scripts/fuzz.sh")
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            let problems = ReducerRun.problems(in: bytes)
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    @Test func theSetupStacksExistAndAScriptRoundTrips() {
        let run = ReducerRun()
        #expect(run.problems.isEmpty)
        #expect(run.core.stacks.keys.sorted() == ["classic", "modal", "nav", "rtl", "tabs"])
        let script = ReducerScript([
            .ingest(Input(body: .command(Command(stackId: "nav", op: .pop(Pop()))))),
            ReducerScript.Step(delayCode: 40, kind: .tick),
            .request(Request(requestId: "r", body: .getStack(GetStack(stackId: "nav"))), after: 63),
        ])
        let parsed = script.encoded().withUnsafeBytes { ReducerScript(parsing: $0) }
        #expect(parsed.encoded() == script.encoded())
        #expect(ReducerRun.problems(in: script.encoded()).isEmpty)
    }
}
