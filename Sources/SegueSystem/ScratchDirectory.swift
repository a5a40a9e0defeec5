import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A new temporary directory (mkdtemp), removed with everything in it by `remove()` or on deinit, unless it is to
/// be kept: a demo's daemon's data, a benchmark workload's, a test's.
public final class ScratchDirectory: Sendable {
    public let path: String
    /// Whether `remove()` leaves the directory where it is (asked for, to look at it afterwards).
    public let keep: Bool
    private let removed = Atomic<Bool>(false)

    /// Creates `<parent>/<prefix>.XXXXXX`.
    /// - Throws: `SystemError` when `parent` takes no new directory.
    public init(prefix: String, in parent: String = "/tmp", keep: Bool = false) throws(SystemError) {
        var template = Array("\(parent)/\(prefix).XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SystemError("cannot create a temporary directory in \(parent)")
        }
        path = String(cString: made)
        self.keep = keep
    }

    deinit {
        remove()
    }

    /// Deletes the directory tree, once, unless it is to be kept.
    public func remove() {
        guard !keep, !removed.exchange(true, ordering: .relaxed) else { return }
        Self.removeTree(path)
    }

    /// The names of the entries of `path` that end with `suffix`, sorted; empty when it cannot be read.
    public static func files(in path: String, suffix: String) -> [String] {
        entries(of: path).filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// Removes `path` and everything under it, without following symbolic links, ignoring what is already gone.
    public static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        for name in entries(of: path) { removeTree(path + "/" + name) }
        rmdir(path)
    }

    /// The names in directory `path` but "." and "..".
    private static func entries(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
