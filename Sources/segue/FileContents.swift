import SegueSystem

/// Reading a whole file, failing as a command does.
enum FileContents {
    /// The whole contents of the file at `path`.
    /// - Throws: `CLIFailure` (INVALID_ARGUMENT) naming the path and the reason.
    static func read(_ path: String) throws -> [UInt8] {
        do {
            return try WholeFile.read(path)
        } catch {
            throw CLIFailure(code: .invalidArgument, message: error.description)
        }
    }
}
