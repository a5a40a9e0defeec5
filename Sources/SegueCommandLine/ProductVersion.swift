/// Segue's release, as `--version` prints it.
public enum ProductVersion {
    /// The release of the binaries, the wire contract they speak and the log format they write.
    public static let number = "0.1.0"

    /// `segue 0.1.0 (libzmq 4.3.4)`: the program, the release and the libzmq it runs on, which decides what
    /// security and transports are there.
    public static func line(program: String, libzmq: (major: Int, minor: Int, patch: Int)) -> String {
        "\(program) \(number) (libzmq \(libzmq.major).\(libzmq.minor).\(libzmq.patch))"
    }
}
