/// Topic frames of the events socket: a subscriber filters on their prefixes (`ev/` all events, `ev/main/`
/// exactly stack `main`).
public enum Topic {
    /// `ev/<stack>/`, an `Event`.
    public static func event(_ stackId: String) -> [UInt8] { topic("ev/", stackId) }
    /// `fr/<stack>/`, a `Frame`.
    public static func frame(_ stackId: String) -> [UInt8] { topic("fr/", stackId) }
    /// `er/<stack>/`, a `Rejection` (`er//` when no stack could be read).
    public static func rejection(_ stackId: String) -> [UInt8] { topic("er/", stackId) }

    private static func topic(_ kind: String, _ stackId: String) -> [UInt8] {
        var bytes = Array(kind.utf8)
        bytes.append(contentsOf: stackId.utf8)
        bytes.append(UInt8(ascii: "/"))
        return bytes
    }
}
