#if canImport(Glibc)
import Glibc
#endif
import CLibFuzzer
import FuzzSupport

/// libFuzzer's test callback: decodes the bytes as every top-level message and traps when a round trip breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWireDecoder(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : count)
    let problems = WireRoundTrip.problems(in: bytes)
    if !problems.isEmpty {
        fatalError("wire round trip broken for \(Array(bytes)): \(problems)")
    }
    return 0
}

/// The entry point. SwiftPM renames an executable's entry point after its module and aliases `main` to it, so
/// libFuzzer's own `main` is never linked; this one hands libFuzzer the command line and the callback instead.
@main
struct FuzzWireDecoderMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzWireDecoder))
    }
}
