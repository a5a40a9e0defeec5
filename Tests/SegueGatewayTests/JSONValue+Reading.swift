import SegueJSON

/// Reading a parsed answer in the gateway's tests: the member or element list when the value is one, else nil.
extension JSONValue {
    var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}
