#if canImport(Glibc)
import Glibc
#endif
import CLibFuzzer
import FuzzSupport

/// libFuzzer's test callback: runs the bytes as a `ReducerScript` through a core with a few stacks and traps when
/// an invariant breaks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReducer(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : count)
    let problems = ReducerRun.problems(in: bytes)
    if !problems.isEmpty {
        fatalError("reducer invariant broken for \(Array(bytes)): \(problems)")
    }
    return 0
}

/// The entry point. SwiftPM renames an executable's entry point after its module and aliases `main` to it, so
/// libFuzzer's own `main` is never linked; this one hands libFuzzer the command line and the callback instead.
@main
struct FuzzReducerMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzReducer))
    }
}
