import SegueClusterClient

#if canImport(Glibc)
    import Glibc
#endif

/// The signing key a bench cluster's daemons are given: a new one per run, in the run's scratch directory.
enum ClusterKeyFile {
    /// Writes `key` (a new one by default) to `DIRECTORY/cluster.key` and returns its path.
    static func write(_ key: ClusterSigningKey = .generate(), in directory: String) throws(BenchError) -> String {
        let path = directory + "/cluster.key"
        let text = Array(ClusterKeyFiles.secretText(key).utf8)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard text.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == text.count else {
            throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return path
    }
}
