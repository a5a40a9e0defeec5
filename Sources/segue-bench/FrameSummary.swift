import SegueWire

/// The fields of a published frame the bench looks at, read without decoding the rest (the two view frames are
/// skipped unread).
///
/// The subscriber time-stamps each frame when it gets to it, so whatever it spends per frame delays the frames
/// queued behind: a full decode (screen names, rects) would add the bench's own work to the latency it measures.
/// The relay's subscriber does not decode at all.
struct FrameSummary {
    var stackId = ""
    var transitionId: UInt64 = 0
    var sequence: UInt64 = 0
    var progress = 0.0
    var phase = FramePhase.framePhaseUnspecified

    /// Reads a `segue.v1.Frame`; throws on bytes that are not one.
    init(decoding bytes: UnsafeRawBufferPointer) throws(WireDecodingError) {
        var reader = ProtoReader(bytes)
        while !reader.isAtEnd {
            let start = reader.offset
            let key = try reader.readVarint()
            guard let wireType = WireType(rawValue: UInt8(truncatingIfNeeded: key & 7)) else {
                throw WireDecodingError(message: "invalid wire type \(key & 7)", offset: start)
            }
            // Field numbers of segue.v1.Frame.
            switch key >> 3 {
            case 1: stackId = try reader.readString(wireType)
            case 2: transitionId = try reader.readUInt64(wireType)
            case 3: sequence = try reader.readUInt64(wireType)
            case 5: progress = try reader.readDouble(wireType)
            case 6: phase = FramePhase(rawValue: try reader.readInt32(wireType))
            default: try reader.skip(wireType)
            }
        }
    }
}
