import SegueWire

/// The checks every input passes before it reaches the reducer; each failure names the rule it broke.
public enum Validation {
    static let maxStackIdLength = 64
    static let maxScreenIdBytes = 128
    /// Request ids are copied into every event a command causes: unbounded, they would make events as large as
    /// a message may be (128 bytes holds any UUID or trace id).
    static let maxRequestIdBytes = 128
    static let maxDimension = 100_000.0
    static let maxMagnitude = 1e6

    /// A stack id: 1-64 characters of A-Z a-z 0-9 . _ : - (and anything else that becomes part of a topic, named
    /// by `field`).
    public static func checkStackId(_ id: String, field: String = "stack id") -> ErrorDetail? {
        if id.isEmpty { return invalid("\(field) is empty; use 1-64 characters of A-Z a-z 0-9 . _ : -") }
        let bytes = id.utf8
        if bytes.count > maxStackIdLength {
            return invalid("\(field) is \(bytes.count) bytes long; at most \(maxStackIdLength) are allowed")
        }
        for scalar in id.unicodeScalars where !isStackIdCharacter(scalar) {
            return invalid(
                "\(field) '\(printable(id))' has '\(printable(String(scalar)))', allowed: A-Z a-z 0-9 . _ : -")
        }
        return nil
    }

    /// A screen id: 1-128 bytes of UTF-8 without control, invisible formatting (bidi controls, zero-width
    /// characters), line-breaking, private-use or unassigned characters, any of which would let an id read as
    /// another in `state` or `tail` output.
    public static func checkScreenId(_ id: String, field: String = "screen") -> ErrorDetail? {
        if id.isEmpty {
            return invalid("\(field) is empty; screen ids are 1-128 bytes of visible characters")
        }
        if id.utf8.count > maxScreenIdBytes {
            return invalid(
                "\(field) '\(printable(id))' is \(id.utf8.count) bytes; at most \(maxScreenIdBytes) are allowed")
        }
        guard let (offset, scalar, reason) = DisguisingCharacter.first(in: id) else { return nil }
        return invalid(
            "\(field) '\(printable(id))' has \(DisguisingCharacter.describe(scalar)) at character \(offset + 1), "
                + "\(reason); screen ids may hold only visible characters")
    }

    /// A request id: at most 128 bytes without control characters (empty is allowed: the enclosing request's id,
    /// or none). Without control characters (NUL among them) an id cannot hold the bytes of a log record's header,
    /// which recovery could otherwise find inside a torn event (`SegmentLog.validRecords`).
    public static func checkRequestId(_ id: String) -> ErrorDetail? {
        if id.utf8.count > maxRequestIdBytes {
            return invalid(
                "request_id '\(printable(id))' is \(id.utf8.count) bytes; at most \(maxRequestIdBytes) are allowed")
        }
        if let (offset, scalar, reason) = DisguisingCharacter.first(in: id) {
            return invalid(
                "request_id '\(printable(id))' has \(DisguisingCharacter.describe(scalar)) at character \(offset + 1), "
                    + "\(reason); request ids may hold only visible characters")
        }
        return nil
    }

    /// A container size: 1 <= width, height <= 100000 (a container below a point has no screens to move, and
    /// divides velocities into infinities).
    /// - Returns: the size, present and checked.
    static func checkedSize(_ size: Size?, field: String = "size") throws(CommandRefusal) -> Size {
        guard let size else {
            throw .invalid("\(field) is missing; give width and height in points, 1 <= w, h <= 100000")
        }
        for (name, value) in [("width", size.width), ("height", size.height)]
        where !(value >= 1 && value <= maxDimension) {
            throw .invalid("\(field).\(name) is \(value); it must be at least 1 and at most 100000")
        }
        return size
    }

    /// A number: finite and of magnitude at most 1e6.
    /// The field's name is only built for the message (every pan checks three vectors).
    public static func checkNumber(_ value: Double, field: @autoclosure () -> String) -> ErrorDetail? {
        if !value.isFinite { return invalid("\(field()) is \(value); numbers must be finite") }
        if abs(value) > maxMagnitude { return invalid("\(field()) is \(value); numbers must be within -1e6...1e6") }
        return nil
    }

    /// Both coordinates of a vector.
    public static func checkVector(_ vector: Vec2?, field: String) -> ErrorDetail? {
        guard let vector else { return nil }
        return checkNumber(vector.x, field: "\(field).x") ?? checkNumber(vector.y, field: "\(field).y")
    }

    /// Every number of a rect, with a non-negative size.
    public static func checkRect(_ rect: Rect, field: String) -> ErrorDetail? {
        for (name, value) in [("x", rect.x), ("y", rect.y), ("width", rect.width), ("height", rect.height)] {
            if let error = checkNumber(value, field: "\(field).\(name)") { return error }
        }
        if rect.width < 0 || rect.height < 0 { return invalid("\(field) has a negative size") }
        return nil
    }

    /// A stack's configuration: size, profile known in its revision (0: the newest), fps 0-240, finite safe area
    /// and tuning.
    /// - Returns: the config, present and checked (its defaults still unfilled).
    static func checkedConfig(_ config: StackConfig?) throws(CommandRefusal) -> StackConfig {
        guard let config else { throw .invalid("config is missing; a stack needs config.size (width and height)") }
        _ = try checkedSize(config.size, field: "config.size")
        let newest = ProfileCatalog.newestRevision
        if config.profileRevision > newest {
            throw .invalid(
                "profile_revision is \(config.profileRevision); this engine knows revisions 1-\(newest) (0: the newest)"
            )
        }
        let revision = config.profileRevision == 0 ? newest : config.profileRevision
        if ProfileCatalog.named(config.profile, revision: revision) == nil {
            let names = ProfileCatalog.names(revision: revision)
            // Profile names are lower case; `iOS` or `Android` is the commonest way to miss one.
            let sameLetters = names.first { $0.lowercased() == config.profile.lowercased() }
            let suggestion = sameLetters.map { " (did you mean '\($0)'?)" } ?? ""
            throw .invalid(
                "profile '\(printable(config.profile))' is unknown in revision \(revision)\(suggestion); known: "
                    + names.joined(separator: ", "))
        }
        if config.fps > 240 {
            throw .invalid("fps is \(config.fps); use 1-240, or 0 for \(StackConfig.defaultFps)")
        }
        if let insets = config.safeArea {
            let sides = [
                ("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right),
            ]
            for (side, value) in sides {
                try CommandRefusal.check(checkNumber(value, field: "safe_area.\(side)"))
                if value < 0 { throw .invalid("safe_area.\(side) is \(value); it may not be negative") }
            }
        }
        guard let tuning = config.tuning else { return config }
        let values: [(String, Double?)] = [
            ("edge_width", tuning.edgeWidth), ("progress_distance", tuning.progressDistance),
            ("finish_threshold", tuning.finishThreshold), ("fling_velocity", tuning.flingVelocity),
            ("damping_ratio", tuning.dampingRatio), ("parallax", tuning.parallax), ("dimming", tuning.dimming),
        ]
        for case (let name, let value?) in values {
            try CommandRefusal.check(checkNumber(value, field: "tuning.\(name)"))
            if value < 0 { throw .invalid("tuning.\(name) is \(value); it may not be negative") }
        }
        if let distance = tuning.progressDistance, distance != 0 && distance < 1 {
            throw .invalid("tuning.progress_distance is \(distance); use 0 (the width) or at least 1 pt")
        }
        if let z = tuning.dampingRatio, z <= 0 { throw .invalid("tuning.damping_ratio must be greater than 0") }
        if let settle = tuning.settleMs, settle > 60_000 {
            throw .invalid("tuning.settle_ms is \(settle); at most 60000")
        }
        if let timeout = tuning.gestureTimeoutMs, timeout == 0 || timeout > 600_000 {
            throw .invalid("tuning.gesture_timeout_ms is \(timeout); use 1-600000")
        }
        return config
    }

    /// Screen options: finite exclusion rects.
    public static func checkOptions(_ options: ScreenOptions?) -> ErrorDetail? {
        guard let options else { return nil }
        if options.exclusionRects.count > 64 { return invalid("at most 64 exclusion rects per screen") }
        for (index, rect) in options.exclusionRects.enumerated() {
            if let error = checkRect(rect, field: "exclusion_rects[\(index)]") { return error }
        }
        return nil
    }

    /// The numbers and enums of a pan event; its stack id only when `knownStack` is false (an id the engine holds
    /// was checked when the stack was created).
    public static func checkPan(_ pan: PanEvent, knownStack: Bool = false) -> ErrorDetail? {
        if !knownStack, let error = checkStackId(pan.stackId) { return error }
        if !(pan.phase.isKnown && pan.phase != .panPhaseUnspecified) {
            return invalid(
                "phase \(pan.phase.rawValue) is unknown; use PAN_BEGAN, PAN_CHANGED, PAN_ENDED or PAN_CANCELLED")
        }
        if !pan.target.isKnown {
            return invalid("target \(pan.target.rawValue) is unknown; use PAN_TARGET_BACK or PAN_TARGET_TABS")
        }
        return checkVector(pan.location, field: "location")
            ?? checkVector(pan.translation, field: "translation")
            ?? checkVector(pan.velocity, field: "velocity")
    }

    static func invalid(_ message: String) -> ErrorDetail {
        ErrorDetail(code: .invalidArgument, message: message)
    }

    /// Quotes untrusted text safely: control and invisible characters escaped and long values cut.
    static func printable(_ text: String) -> String {
        let cut = String(String.UnicodeScalarView(text.unicodeScalars.prefix(80)))
        let result = DisguisingCharacter.escaped(cut)
        return text.unicodeScalars.count > 80 ? result + "..." : result
    }

    private static func isStackIdCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", ".", "_", ":", "-": return true
        default: return false
        }
    }
}
