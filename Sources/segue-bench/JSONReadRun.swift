import SegueJSON
import SegueSystem

/// The json workload: how long `segue web`'s bridge takes to read a page's message of
/// `GatewayLimits.maxBridgeReadBytes` (64 KiB), the largest it reads itself rather than on its worker. Two shapes:
/// an array of numbers (the cheapest bytes to send, the most values per byte) and a comparison of a recorded drag
/// (the largest legitimate message a page sends). In process, on this thread: the reader alone, no sockets.
struct JSONReadRun {
    struct Result: Sendable {
        var numbersBytes: Int
        var comparisonBytes: Int
        /// Median microseconds per read, over `rounds`.
        var numbersUs: Double
        var comparisonUs: Double
        var rounds: Int
    }

    static let targetBytes = 65_536

    func run(rounds: Int) throws(BenchError) -> Result {
        let numbers = Self.numbers()
        let comparison = Self.comparison()
        return Result(
            numbersBytes: numbers.count, comparisonBytes: comparison.count,
            numbersUs: try Self.medianUs(reading: numbers, rounds: rounds),
            comparisonUs: try Self.medianUs(reading: comparison, rounds: rounds), rounds: rounds)
    }

    /// `{"ref": "n", "values": [0, -1.25, 2, ...]}` just under the target size: integers and fractions mixed.
    static func numbers() -> [UInt8] {
        var text = "{\"ref\":\"n\",\"values\":["
        var index = 0
        while text.utf8.count < targetBytes - 16 {
            text += index == 0 ? "" : ","
            text += index % 2 == 0 ? String(index) : "-\(index).25"
            index += 1
        }
        return Array((text + "]}").utf8)
    }

    /// `{"compare": {"profiles": ["ios", "fluid"], "pans": [...]}}` with as many pans as fit the target size, each
    /// as the page writes it.
    static func comparison() -> [UInt8] {
        var pans: [String] = []
        var size = 64
        var index = 0
        while true {
            let x = 20 + Double(index) * 0.37
            let phase = index == 0 ? "PAN_BEGAN" : "PAN_CHANGED"
            let pan =
                "{\"stackId\":\"compare\",\"gestureId\":\"7\",\"phase\":\"\(phase)\",\"location\":{\"x\":\(x),"
                + "\"y\":300.5},\"translation\":{\"x\":\(x - 20),\"y\":0},\"timestampUs\":\(index * 4167)}"
            guard size + pan.utf8.count + 1 < targetBytes else { break }
            size += pan.utf8.count + 1
            pans.append(pan)
            index += 1
        }
        let text =
            "{\"ref\":\"c\",\"compare\":{\"profiles\":[\"ios\",\"fluid\"],\"pans\":[" + pans.joined(separator: ",")
            + "]}}"
        return Array(text.utf8)
    }

    private static func medianUs(reading bytes: [UInt8], rounds: Int) throws(BenchError) -> Double {
        var samples: [Double] = []
        for _ in 0..<max(1, rounds) {
            let start = MonotonicTime.nowNs()
            do {
                _ = try JSONValue(parsing: bytes)
            } catch {
                throw BenchError("the json workload's own message does not read", cause: error)
            }
            samples.append(Double(MonotonicTime.nowNs() - start) / 1000)
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}
