#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Calls `body` with a C array of C strings (`const char **`) holding `strings`, valid only during the call.
func withCStrings<Result, Failure>(
    _ strings: [String], _ body: (UnsafeMutableBufferPointer<UnsafePointer<CChar>?>) throws(Failure) -> Result
) throws(Failure) -> Result {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    var pointers = copies.map { UnsafePointer($0) }
    return try pointers.withUnsafeMutableBufferPointer { (buffer) throws(Failure) -> Result in try body(buffer) }
}
