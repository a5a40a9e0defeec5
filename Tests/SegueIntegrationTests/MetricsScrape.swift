import Foundation
import SegueTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A scrape of segued's `--metrics` endpoint, as Prometheus makes one: a GET over a plain TCP connection, and the
/// text exposition read into its samples.
struct MetricsScrape {
    /// The HTTP status.
    let status: Int
    let body: String

    /// Each sample's value by its name and labels as written, such as `segue_cluster_role{shard="0",...}`.
    var samples: [String: Double] {
        var samples: [String: Double] = [:]
        for line in body.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            samples[String(line[..<space])] = value
        }
        return samples
    }

    /// The `# TYPE` of each metric.
    var types: [String: String] {
        var types: [String: String] = [:]
        for line in body.split(separator: "\n") where line.hasPrefix("# TYPE ") {
            let words = line.split(separator: " ")
            if words.count == 4 { types[String(words[2])] = String(words[3]) }
        }
        return types
    }

    /// The port of a `metrics=tcp://HOST:PORT` field in one of segued's lines.
    static func port(inLine line: String) throws -> Int {
        let field = try #require(line.split(separator: " ").first { $0.hasPrefix("metrics=tcp://") }, "\(line)")
        return try #require(field.split(separator: ":").last.flatMap { Int($0) }, "\(line)")
    }

    /// GETs `path` from 127.0.0.1:`port`, reading the response to the end (the request asks for the connection to
    /// close).
    static func get(port: Int, path: String = "/metrics", method: String = "GET") throws -> MetricsScrape {
        let connection = try connect(port: port)
        defer { close(connection) }
        let request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            response += buffer[..<count]
        }
        let text = String(decoding: response, as: UTF8.self)
        let statusLine = text.prefix { $0 != "\r" }.split(separator: " ")
        let status = try #require(statusLine.count >= 2 ? Int(statusLine[1]) : nil, "no HTTP response: \(text)")
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return MetricsScrape(status: status, body: body)
    }

    /// Scrapes until `condition` holds, for at most `timeoutMs`, and returns the last scrape.
    static func awaiting(
        port: Int, timeoutMs: Int = 15000, _ condition: ([String: Double]) -> Bool
    ) throws -> MetricsScrape {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        var scrape = try get(port: port)
        while !condition(scrape.samples) && Date() < deadline { scrape = try get(port: port) }
        return scrape
    }

    /// A TCP connection to 127.0.0.1:`port` (receives time out after 10 s, so a test never hangs on one).
    static func connect(port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(descriptor)
            throw HarnessError("connect to port \(port): \(String(cString: strerror(errno)))")
        }
        return descriptor
    }
}
