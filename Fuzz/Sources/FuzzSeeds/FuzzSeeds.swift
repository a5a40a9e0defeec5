#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import SegueWire

/// `FuzzSeeds GOLDEN_DIR OUT_DIR`: writes the seed inputs of both fuzzers, one file each, into
/// `OUT_DIR/FuzzWireDecoder/` and `OUT_DIR/FuzzReducer/` (scripts/fuzz.sh runs it before fuzzing).
///
/// Wire seeds are the golden encodings of Tests/SegueWireTests/Golden (Google's encoder's bytes: every message with
/// every field set, and the edge cases) and every message of the reducer scenarios; reducer seeds are the
/// scenarios of `Scenarios`.
@main
struct FuzzSeeds {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3 else {
            print("usage: FuzzSeeds GOLDEN_DIR OUT_DIR")
            exit(2)
        }
        let golden = arguments[1]
        let wire = arguments[2] + "/FuzzWireDecoder"
        let reducer = arguments[2] + "/FuzzReducer"
        for directory in [arguments[2], wire, reducer] { mkdir(directory, 0o755) }

        var wireCount = 0
        for name in try list(golden) where name.hasSuffix(".bin") {
            let bytes = try read(golden + "/" + name)
            if name == "samples.bin" {
                for (sample, encoding) in samples(bytes) {
                    try write(encoding, to: "\(wire)/seed-sample-\(sample)")
                    wireCount += 1
                }
            } else {
                try write(bytes, to: "\(wire)/seed-golden-\(name.dropLast(4))")
                wireCount += 1
            }
        }
        for (name, script) in Scenarios.all {
            var run = ReducerRun()
            run.run(script)
            print("\(name): \(run.core.headPosition) events, \(run.rejectionCount) rejections, "
                + "problems \(run.problems)")
            try write(script.encoded(), to: "\(reducer)/seed-\(name)")
            for (index, step) in script.steps.enumerated() where !step.payload.isEmpty {
                try write(step.payload, to: "\(wire)/seed-\(name)-\(index)")
                wireCount += 1
            }
        }
        print("FuzzSeeds: \(wireCount) wire seeds, \(Scenarios.all.count) reducer seeds in \(arguments[2])")
    }

    /// The records of Golden/samples.bin: varint(name length) name varint(encoding length) encoding.
    static func samples(_ bytes: [UInt8]) -> [(String, [UInt8])] {
        var records: [(String, [UInt8])] = []
        var index = 0
        func varint() -> Int? {
            var value = 0
            var shift = 0
            while index < bytes.count && shift < 63 {
                let byte = bytes[index]
                index += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        while index < bytes.count {
            guard let nameLength = varint(), index + nameLength <= bytes.count else { break }
            let name = String(decoding: bytes[index..<index + nameLength], as: UTF8.self)
            index += nameLength
            guard let length = varint(), index + length <= bytes.count else { break }
            records.append((name, Array(bytes[index..<index + length])))
            index += length
        }
        return records
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func list(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else {
            throw Failure(description: "cannot list \(path): \(String(cString: strerror(errno)))")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                UnsafeRawPointer($0).withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "wb") else {
            throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == bytes.count else { throw Failure(description: "cannot write \(path)") }
    }
}
