import Foundation
import SegueJSON
import SegueWire
import Testing

/// The generated JSON writers against Google's proto3 JSON printer with default values printed
/// (`always_print_fields_with_no_presence`): every sample message (every field set, every oneof member) and every
/// hand-picked case (zeros, empty messages, optional fields present and absent) writes what
/// `json_format.MessageToDict` writes for the same value (Golden/samples.json and Golden/cases.json, made by
/// scripts/make_golden.py), except where `--json` chooses otherwise: 64-bit integers as numbers, not strings.
@Suite("JSON writers against Google's printer")
struct JSONWriterTests {
    static let samples = golden("samples.json")
    static let cases = golden("cases.json")

    /// The JSON of each name in a golden file of `{"name": ..., "json": {...}}` lines.
    static func golden(_ fileName: String) -> [String: JSONValue] {
        guard let data = try? GoldenFiles.bytes(fileName) else { return [:] }
        var byName: [String: JSONValue] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard case .object(let record)? = try? JSONValue(parsing: Array(line)),
                case .string(let name)? = record["name"], let json = record["json"]
            else { continue }
            byName[name] = json
        }
        return byName
    }

    @Test(arguments: Samples.all)
    func writesWhatGooglesPrinterWrites(_ sample: Sample) throws {
        try check(sample, against: Self.samples)
    }

    @Test(
        "zeros, empty messages and absent optional fields as Google's printer writes them", arguments: GoldenCases.all)
    func writesDefaultsAsGooglesPrinterDoes(_ sample: Sample) throws {
        try check(sample, against: Self.cases)
    }

    private func check(_ sample: Sample, against golden: [String: JSONValue]) throws {
        let expected = try #require(golden[sample.name], "no golden JSON for \(sample.name)")
        let writer = try #require(sample.value as? any JSONRepresentable, "\(sample.name) has no JSON writer")
        let written = try JSONValue(parsing: Array(writer.json.utf8))
        #expect(Self.same(written, expected), "\(writer.json)")
    }

    /// Equal, reading Google's decimal strings for 64-bit integers as the numbers `--json` writes, and whole
    /// doubles either way.
    static func same(_ ours: JSONValue, _ google: JSONValue) -> Bool {
        switch (ours, google) {
        case (.object(let a), .object(let b)):
            return a.keys.sorted() == b.keys.sorted() && a.allSatisfy { key, value in same(value, b[key]!) }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (.integer(let number), .string(let text)):
            return String(number) == text
        case (.unsigned(let number), .string(let text)):
            return String(number) == text
        default:
            if let a = ours.numeric, let b = google.numeric { return a == b }
            return ours == google
        }
    }
}

extension JSONValue {
    fileprivate var numeric: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .unsigned(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}
