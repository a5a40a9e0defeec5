// The wire decoder's fuzz check, shared by the libFuzzer target Fuzz/Sources/FuzzSupport (a symlink to this
// file) and the corpus replay in WireCorpusTests: it must compile in both, so it uses only SegueWire's public API.

import SegueWire

/// Decodes bytes as every top-level message of the contract and checks each that decodes for a stable round trip.
public enum WireRoundTrip {
    /// The problems found in `bytes`; empty when every message type either refuses the bytes or decodes them into
    /// a value that encodes, decodes back to an equal value, and encodes to the same bytes again.
    public static func problems(in bytes: UnsafeRawBufferPointer) -> [String] {
        var problems: [String] = []
        check(Input.self, bytes, into: &problems)
        check(Request.self, bytes, into: &problems)
        check(Reply.self, bytes, into: &problems)
        check(Event.self, bytes, into: &problems)
        check(Frame.self, bytes, into: &problems)
        check(Rejection.self, bytes, into: &problems)
        return problems
    }

    /// `problems(in:)` for an array.
    public static func problems(in bytes: [UInt8]) -> [String] {
        bytes.withUnsafeBytes { problems(in: $0) }
    }

    private static func check<Message: ProtoMessage>(
        _ type: Message.Type, _ bytes: UnsafeRawBufferPointer, into problems: inout [String]
    ) {
        guard let first = try? Message(decoding: bytes) else { return }
        let encoded = first.encoded()
        let second: Message
        do {
            second = try Message(decoding: encoded)
        } catch {
            problems.append("\(Message.self): its own encoding does not decode: \(error)")
            return
        }
        // A NaN anywhere makes two decodings unequal (`first == first` may still hold: arrays compare their own
        // storage as equal without looking); such values are judged by their bytes alone.
        if second != first && !containsNaN(first) {
            problems.append("\(Message.self): decoding its encoding gives another value")
        }
        if second.encoded() != encoded {
            problems.append("\(Message.self): encoding is not stable across a round trip")
        }
    }

    /// Whether a NaN is anywhere in `value` (only asked when two decodings differ, so its cost does not matter).
    private static func containsNaN(_ value: Any) -> Bool {
        if let number = value as? Double { return number.isNaN }
        return Mirror(reflecting: value).children.contains { containsNaN($0.value) }
    }
}
