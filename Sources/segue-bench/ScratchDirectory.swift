#if canImport(Glibc)
    import Glibc
#endif

/// A temporary directory (mkdtemp) for one workload's data directories and daemon logs, removed with everything
/// in it by `remove()` (or on deinit), unless the user asked to keep it.
final class ScratchDirectory {
    let path: String
    private let keep: Bool
    private var removed = false

    /// Creates `<parent>/segue-bench-<label>.XXXXXX`.
    init(parent: String, label: String, keep: Bool) throws(BenchError) {
        var template = Array("\(parent)/segue-bench-\(label).XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let made else {
            throw BenchError(
                "cannot create a temporary directory in \(parent) (\(String(cString: strerror(errno)))); "
                    + "choose a writable one with --work-dir")
        }
        path = String(cString: made)
        self.keep = keep
    }

    /// Deletes the directory tree (once).
    func remove() {
        guard !removed else { return }
        removed = true
        if keep {
            Progress.note("kept \(path)")
            return
        }
        Self.removeTree(path)
    }

    deinit {
        remove()
    }

    /// The names of the entries of `path` that end with `suffix`, sorted; empty when it cannot be read.
    static func files(in path: String, suffix: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name.hasSuffix(suffix) { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes a tree of plain files and directories (what segued writes), ignoring what is already gone.
    static func removeTree(_ path: String) {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name == "." || name == ".." { continue }
                let child = path + "/" + name
                var info = stat()
                if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                    removeTree(child)
                } else {
                    unlink(child)
                }
            }
            closedir(directory)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
