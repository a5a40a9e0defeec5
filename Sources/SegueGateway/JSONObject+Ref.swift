import SegueJSON

extension JSONObject {
    /// Adds the `ref` a page gave its message, for the answer to carry back; an answer to a message without one has
    /// none (an error about a ref that is too long included: it is not echoed).
    mutating func addRef(_ ref: String) {
        if !ref.isEmpty { add("ref", ref) }
    }
}
