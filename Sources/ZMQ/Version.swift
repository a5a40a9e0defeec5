import CZeroMQ

/// The version of the libzmq library loaded at run time (`zmq_version`).
public func zmqVersion() -> (major: Int, minor: Int, patch: Int) {
    var major: Int32 = 0
    var minor: Int32 = 0
    var patch: Int32 = 0
    zmq_version(&major, &minor, &patch)
    return (Int(major), Int(minor), Int(patch))
}
