import SegueClient
import SegueJSON
import SegueWire

/// The swipes a recording file holds (`segue record`, docs/recordings.md), for the page's Compare view, which
/// cannot decode protobuf: the file is read as `segue play` reads it (`Recording.decode`), each record as an
/// `Input`, and its pans are grouped into gestures by stack and gesture id, in the order of each gesture's first
/// pan. Commands and probes are counted, not returned.
struct RecordedGestures: Sendable {
    /// The recording file's bytes.
    let file: [UInt8]

    /// Gestures answered; the recording's others are left out (`"more": true`), so that an answer stays bounded.
    static let maxGestures = 200
    /// Pans answered per gesture: as many as a comparison takes.
    static let maxPansPerGesture = GestureComparison.maxPans

    init(file: [UInt8]) {
        self.file = file
    }

    /// Reads `{"data": "<the file's bytes in Base64>"}`.
    init(json: JSONValue, path: String) throws(JSONInputError) {
        var file: [UInt8]?
        for (name, member) in try json.members(at: path) {
            guard name == "data" else {
                throw JSONInputError(path: path, message: "unknown field \"\(name)\" (\(path) has data)")
            }
            let at = JSONValue.member(path, name)
            _ = try member.string(at: at)  // a number or null is told as such, not as bad Base64
            do throws(JSONInputError) {
                file = try member.bytes(at: at)
            } catch {
                throw JSONInputError(
                    path: at, message: "not Base64; give the recording file's bytes in Base64 (standard or URL-safe)")
            }
        }
        guard let file else {
            throw JSONInputError(path: path, message: "data is required (the recording file's bytes in Base64)")
        }
        self.file = file
    }

    /// One gesture's pans as recorded, up to `maxPansPerGesture`.
    private struct Gesture {
        let stackId: String
        let gestureId: UInt64
        /// When its first pan arrived, in microseconds after the recording started.
        let offsetUs: UInt64
        var pans: [PanEvent] = []
        var more = false

        mutating func add(_ pan: PanEvent) {
            if pans.count < RecordedGestures.maxPansPerGesture {
                pans.append(pan)
            } else {
                more = true
            }
        }

        var jsonObject: JSONObject {
            var object = JSONObject()
            object.add("stackId", stackId)
            object.add("gestureId", gestureId)
            object.add("offsetUs", offsetUs)
            object.addRaw("pans", "[" + pans.map(\.jsonObject.description).joined(separator: ",") + "]")
            object.add("more", more)
            return object
        }
    }

    private struct GestureKey: Hashable {
        let stackId: String
        let gestureId: UInt64
    }

    /// `{"recording": {"gestures": [{"stackId", "gestureId", "offsetUs", "pans": [PanEvent, ..], "more"}, ..],
    /// "inputs", "pans", "more", "partial"}}`: `inputs` and `pans` count the whole records and the pans among them;
    /// `more` says that gestures were left out, a gesture's own `more` that pans of it were; `partial`, that the
    /// file ends in part of a record (its recorder was killed), which is left out.
    /// - Throws: `Refusal`: INVALID_ARGUMENT when the file is not a recording, is damaged, or holds a record that
    ///   is not an `Input`; RESOURCE_EXHAUSTED when the answer would be over `maxBytes` of JSON.
    func message(maxBytes: Int = GatewayLimits.maxAnswerBytes) throws(Refusal) -> JSONObject {
        let contents: Recording.Contents
        do throws(Recording.FormatError) {
            contents = try Recording.decode(file)
        } catch {
            throw Refusal(.invalidArgument, "the file \(error.message)")
        }
        var gestures: [Gesture] = []
        var open: [GestureKey: Int] = [:]
        var pans = 0
        var more = false
        var byte = Recording.header.count
        for (index, record) in contents.records.enumerated() {
            let input: Input
            do throws(WireDecodingError) {
                input = try Input(decoding: record.payload)
            } catch {
                throw Refusal(
                    .invalidArgument,
                    "the file is damaged: record \(index + 1) at byte \(byte) is not a segue.v1.Input (\(error))")
            }
            byte += 12 + record.payload.count
            guard case .pan(let pan) = input.body else { continue }
            pans += 1
            let key = GestureKey(stackId: pan.stackId, gestureId: pan.gestureId)
            // A BEGAN under an id already seen starts a gesture of its own: `segue swipe --gesture-id 7` run twice.
            if let at = open[key], pan.phase != .panBegan {
                gestures[at].add(pan)
            } else if gestures.count < Self.maxGestures {
                open[key] = gestures.count
                gestures.append(Gesture(stackId: pan.stackId, gestureId: pan.gestureId, offsetUs: record.offsetUs))
                gestures[gestures.count - 1].add(pan)
            } else {
                open[key] = nil
                more = true
            }
        }
        let texts = gestures.map(\.jsonObject.description)
        let bytes = texts.reduce(0) { $0 + $1.utf8.count + 1 } + 128  // the rest of the message
        guard bytes <= maxBytes else {
            throw Refusal(
                .resourceExhausted,
                "the recording's \(gestures.count) gestures come to \(bytes) bytes of JSON, over \(maxBytes); "
                    + "record fewer or shorter swipes")
        }
        var recording = JSONObject()
        recording.addRaw("gestures", "[" + texts.joined(separator: ",") + "]")
        recording.add("inputs", UInt64(contents.records.count))
        recording.add("pans", UInt64(pans))
        recording.add("more", more)
        recording.add("partial", contents.trailingBytes > 0)
        var message = JSONObject()
        message.add("recording", recording)
        return message
    }
}
