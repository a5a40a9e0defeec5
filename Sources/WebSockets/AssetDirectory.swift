#if canImport(Glibc)
    import Glibc
#endif

/// The directory of files a ``WebSocketService`` serves over HTTP: only regular files under it, reached without
/// following a symbolic link anywhere on the way. Each request walks its path one component at a time with
/// `openat(2)` and `O_NOFOLLOW` from a descriptor of the directory opened once at start, so a link placed inside
/// (or a directory renamed meanwhile) never leads outside, and what is read is what was checked (`fstat` on the
/// open descriptor).
public final class AssetDirectory: @unchecked Sendable {
    /// A file to send.
    public struct File: Sendable {
        public var bytes: [UInt8]
        /// Such as `text/html; charset=utf-8`.
        public var contentType: String

        public init(bytes: [UInt8], contentType: String) {
            self.bytes = bytes
            self.contentType = contentType
        }
    }

    /// Files larger than this are not served: the page's largest is tens of kilobytes.
    public static let maxFileBytes = 8 << 20

    private let descriptor: Int32

    /// Opens the directory. - Throws: `WebSocketError` when it is not a directory that can be read.
    public init(path: String) throws(WebSocketError) {
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw WebSocketError("cannot open the page's directory \(path)", errno: errno)
        }
    }

    deinit {
        close(descriptor)
    }

    /// The file at a URL path such as `/js/main.js` (`/` is `index.html`); nil when there is no regular file
    /// there, the path names a directory, has `.` or `..` or an empty component, or passes through a link.
    public func file(at urlPath: String) -> File? {
        var components = urlPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if urlPath == "/" { components = ["index.html"] }
        guard urlPath.hasPrefix("/"), let name = components.last,
            components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.utf8.contains(0) })
        else { return nil }
        var directory = dup(descriptor)
        guard directory >= 0 else { return nil }
        defer { close(directory) }
        for component in components.dropLast() {
            let next = openat(directory, String(component), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return nil }
            close(directory)
            directory = next
        }
        // O_NONBLOCK: a FIFO placed here must not hold the serving thread; it is refused just below.
        let fd = openat(directory, String(name), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= Self.maxFileBytes,
            let bytes = Self.readAll(fd, size: Int(status.st_size))
        else { return nil }
        return File(bytes: bytes, contentType: Self.contentType(of: String(name)))
    }

    private static func readAll(_ fd: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        return bytes
    }

    /// By extension: what the page is made of, and a download for anything else (never sniffed: every response
    /// says `nosniff`).
    static func contentType(of name: String) -> String {
        let suffix = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch suffix {
        case "html": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json": return "application/json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}
