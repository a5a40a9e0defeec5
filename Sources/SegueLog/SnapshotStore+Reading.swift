import Glibc

extension SnapshotStore {
    /// The snapshot files in `directory`, newest first, found without opening a store: nothing is created or
    /// removed, so a reader may look at a directory a running daemon owns (a store's `init` removes leftover
    /// temporary files, which may be a write in progress). A missing directory holds none.
    /// - Throws: `LogError` when the directory exists but cannot be listed.
    public static func files(inDirectory directory: String) throws(LogError) -> [File] {
        let directory = FileSystem.trimTrailingSlashes(directory)
        var info = stat()
        if stat(directory, &info) != 0 && errno == ENOENT { return [] }
        var files: [File] = []
        for name in try FileSystem.list(directory) {
            if let position = position(fromFileName: name) {
                files.append(File(position: position, path: directory + "/" + name))
            }
        }
        return files.sorted { $0.position > $1.position }
    }

    /// The payload of `file`, checked against its frame as `read(_:)` checks it, without a store.
    /// - Throws: `LogError` `.corrupt` saying what is wrong with the file, or `.io` when it cannot be read.
    public static func payload(of file: File) throws(LogError) -> [UInt8] {
        let fd = try FileSystem.open(file.path, flags: O_RDONLY, what: "snapshot")
        defer { FileSystem.close(fd) }
        let size = try FileSystem.size(fd, path: file.path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
        defer { buffer.deallocate() }
        let count = try FileSystem.read(
            fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<size]), at: 0,
            path: file.path)
        let bytes = [UInt8](UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        switch SnapshotFormat.decode(bytes, position: file.position) {
        case .success(let payload):
            return payload
        case .failure(let problem):
            throw LogError(.corrupt, "snapshot \(file.path) is damaged: \(problem)", path: file.path)
        }
    }
}
