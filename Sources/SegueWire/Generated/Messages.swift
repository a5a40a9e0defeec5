// Swift values for every message of proto/segue.proto, with their protobuf encoding.
// Generated from proto/segue.proto by scripts/generate_wire.py. DO NOT EDIT.
// Regenerate with `python3 scripts/generate_wire.py` from the repository root.

/// Proto message `segue.v1.Vec2`.
public struct Vec2: ProtoMessage {
    /// Field 1 `double x`.
    public var x: Double = 0

    /// Field 2 `double y`.
    public var y: Double = 0

    /// Creates a `Vec2` with every field at its default.
    public init() {}

    /// Creates a `Vec2` from field values; omitted fields keep their defaults.
    public init(x: Double = 0, y: Double = 0) {
        self.x = x
        self.y = y
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if x.bitPattern != 0 {
            writer.writeDouble(x, field: 1)
        }
        if y.bitPattern != 0 {
            writer.writeDouble(y, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            x = try reader.readDouble(wireType)
        case 2:
            y = try reader.readDouble(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Size`.
public struct Size: ProtoMessage {
    /// Field 1 `double width`.
    public var width: Double = 0

    /// Field 2 `double height`.
    public var height: Double = 0

    /// Creates a `Size` with every field at its default.
    public init() {}

    /// Creates a `Size` from field values; omitted fields keep their defaults.
    public init(width: Double = 0, height: Double = 0) {
        self.width = width
        self.height = height
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if width.bitPattern != 0 {
            writer.writeDouble(width, field: 1)
        }
        if height.bitPattern != 0 {
            writer.writeDouble(height, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            width = try reader.readDouble(wireType)
        case 2:
            height = try reader.readDouble(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Rect`.
public struct Rect: ProtoMessage {
    /// Field 1 `double x`.
    public var x: Double = 0

    /// Field 2 `double y`.
    public var y: Double = 0

    /// Field 3 `double width`.
    public var width: Double = 0

    /// Field 4 `double height`.
    public var height: Double = 0

    /// Creates a `Rect` with every field at its default.
    public init() {}

    /// Creates a `Rect` from field values; omitted fields keep their defaults.
    public init(x: Double = 0, y: Double = 0, width: Double = 0, height: Double = 0) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if x.bitPattern != 0 {
            writer.writeDouble(x, field: 1)
        }
        if y.bitPattern != 0 {
            writer.writeDouble(y, field: 2)
        }
        if width.bitPattern != 0 {
            writer.writeDouble(width, field: 3)
        }
        if height.bitPattern != 0 {
            writer.writeDouble(height, field: 4)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            x = try reader.readDouble(wireType)
        case 2:
            y = try reader.readDouble(wireType)
        case 3:
            width = try reader.readDouble(wireType)
        case 4:
            height = try reader.readDouble(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Insets from each side of the container, in points (the safe area a platform reports).
///
/// Proto message `segue.v1.Insets`.
public struct Insets: ProtoMessage {
    /// Field 1 `double top`.
    public var top: Double = 0

    /// Field 2 `double left`.
    public var left: Double = 0

    /// Field 3 `double bottom`.
    public var bottom: Double = 0

    /// Field 4 `double right`.
    public var right: Double = 0

    /// Creates an `Insets` with every field at its default.
    public init() {}

    /// Creates an `Insets` from field values; omitted fields keep their defaults.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if top.bitPattern != 0 {
            writer.writeDouble(top, field: 1)
        }
        if left.bitPattern != 0 {
            writer.writeDouble(left, field: 2)
        }
        if bottom.bitPattern != 0 {
            writer.writeDouble(bottom, field: 3)
        }
        if right.bitPattern != 0 {
            writer.writeDouble(right, field: 4)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            top = try reader.readDouble(wireType)
        case 2:
            left = try reader.readDouble(wireType)
        case 3:
            bottom = try reader.readDouble(wireType)
        case 4:
            right = try reader.readDouble(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Overrides of a profile's constants; an absent field keeps the profile's value.
///
/// Proto message `segue.v1.Tuning`.
public struct Tuning: ProtoMessage {
    /// Field 1 `optional double edge_width`: pt from the leading edge where a back swipe may begin; 0 = anywhere.
    public var edgeWidth: Double? = nil

    /// Field 2 `optional double progress_distance`: pt of travel that makes progress 1; 0 = container width.
    public var progressDistance: Double? = nil

    /// Field 3 `optional double finish_threshold`: progress past which a release finishes.
    public var finishThreshold: Double? = nil

    /// Field 4 `optional double fling_velocity`: container widths per second that count as a fling.
    public var flingVelocity: Double? = nil

    /// Field 5 `optional uint32 settle_ms`: duration of the gesture settle (full distance) and of push/pop commands.
    public var settleMs: UInt32? = nil

    /// Field 6 `optional double damping_ratio`: spring damping ratio for spring settles.
    public var dampingRatio: Double? = nil

    /// Field 7 `optional double parallax`: fraction of the width the lower screen is shifted at progress 0.
    public var parallax: Double? = nil

    /// Field 8 `optional double dimming`: scrim alpha over the lower screen at progress 0.
    public var dimming: Double? = nil

    /// Field 9 `optional uint32 gesture_timeout_ms`: silence after which a tracking gesture is cancelled.
    public var gestureTimeoutMs: UInt32? = nil

    /// Creates a `Tuning` with every field at its default.
    public init() {}

    /// Creates a `Tuning` from field values; omitted fields keep their defaults.
    public init(
        edgeWidth: Double? = nil,
        progressDistance: Double? = nil,
        finishThreshold: Double? = nil,
        flingVelocity: Double? = nil,
        settleMs: UInt32? = nil,
        dampingRatio: Double? = nil,
        parallax: Double? = nil,
        dimming: Double? = nil,
        gestureTimeoutMs: UInt32? = nil
    ) {
        self.edgeWidth = edgeWidth
        self.progressDistance = progressDistance
        self.finishThreshold = finishThreshold
        self.flingVelocity = flingVelocity
        self.settleMs = settleMs
        self.dampingRatio = dampingRatio
        self.parallax = parallax
        self.dimming = dimming
        self.gestureTimeoutMs = gestureTimeoutMs
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if let value = edgeWidth {
            writer.writeDouble(value, field: 1)
        }
        if let value = progressDistance {
            writer.writeDouble(value, field: 2)
        }
        if let value = finishThreshold {
            writer.writeDouble(value, field: 3)
        }
        if let value = flingVelocity {
            writer.writeDouble(value, field: 4)
        }
        if let value = settleMs {
            writer.writeUInt32(value, field: 5)
        }
        if let value = dampingRatio {
            writer.writeDouble(value, field: 6)
        }
        if let value = parallax {
            writer.writeDouble(value, field: 7)
        }
        if let value = dimming {
            writer.writeDouble(value, field: 8)
        }
        if let value = gestureTimeoutMs {
            writer.writeUInt32(value, field: 9)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            edgeWidth = try reader.readDouble(wireType)
        case 2:
            progressDistance = try reader.readDouble(wireType)
        case 3:
            finishThreshold = try reader.readDouble(wireType)
        case 4:
            flingVelocity = try reader.readDouble(wireType)
        case 5:
            settleMs = try reader.readUInt32(wireType)
        case 6:
            dampingRatio = try reader.readDouble(wireType)
        case 7:
            parallax = try reader.readDouble(wireType)
        case 8:
            dimming = try reader.readDouble(wireType)
        case 9:
            gestureTimeoutMs = try reader.readUInt32(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.StackConfig`.
public struct StackConfig: ProtoMessage {
    /// Field 1 `Size size`: container size; width and height > 0.
    public var size: Size? = nil

    /// Field 2 `string profile`: "fluid" (default), "percent-1s", "percent-250ms", "slide-left", "fullscreen",.
    public var profile: String = ""

    /// Field 3 `bool right_to_left`: "modal", "modal-percent", "ios", "flutter", "android"; "classic" = "percent-250ms"
    /// back swipe from the right edge, mirrored layout.
    public var rightToLeft: Bool = false

    /// Field 4 `uint32 fps`: settle frame rate; 0 = 60; 1..240.
    public var fps: UInt32 = 0

    /// Field 5 `Tuning tuning`.
    public var tuning: Tuning? = nil

    /// Field 6 `uint32 profile_revision`: The revision of the profiles' semantics the stack runs (docs/semantics.md).
    /// In CreateStack, 0 asks for the newest and the engine records the number it chose; in the log, 0 marks a stack
    /// created before revisions.
    public var profileRevision: UInt32 = 0

    /// Field 7 `Insets safe_area`: the container's safe area; profiles that widen their edge to it read it.
    public var safeArea: Insets? = nil

    /// Creates a `StackConfig` with every field at its default.
    public init() {}

    /// Creates a `StackConfig` from field values; omitted fields keep their defaults.
    public init(
        size: Size? = nil,
        profile: String = "",
        rightToLeft: Bool = false,
        fps: UInt32 = 0,
        tuning: Tuning? = nil,
        profileRevision: UInt32 = 0,
        safeArea: Insets? = nil
    ) {
        self.size = size
        self.profile = profile
        self.rightToLeft = rightToLeft
        self.fps = fps
        self.tuning = tuning
        self.profileRevision = profileRevision
        self.safeArea = safeArea
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if let value = size {
            writer.writeMessage(value, field: 1)
        }
        if !profile.isEmpty {
            writer.writeString(profile, field: 2)
        }
        if rightToLeft {
            writer.writeBool(rightToLeft, field: 3)
        }
        if fps != 0 {
            writer.writeUInt32(fps, field: 4)
        }
        if let value = tuning {
            writer.writeMessage(value, field: 5)
        }
        if profileRevision != 0 {
            writer.writeUInt32(profileRevision, field: 6)
        }
        if let value = safeArea {
            writer.writeMessage(value, field: 7)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            try reader.readMessage(wireType, into: &size)
        case 2:
            profile = try reader.readString(wireType)
        case 3:
            rightToLeft = try reader.readBool(wireType)
        case 4:
            fps = try reader.readUInt32(wireType)
        case 5:
            try reader.readMessage(wireType, into: &tuning)
        case 6:
            profileRevision = try reader.readUInt32(wireType)
        case 7:
            try reader.readMessage(wireType, into: &safeArea)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Per-screen gesture options.
///
/// Proto message `segue.v1.ScreenOptions`.
public struct ScreenOptions: ProtoMessage {
    /// Field 1 `bool back_gesture_disabled`: no interactive pop/dismiss while this screen is on top.
    public var backGestureDisabled: Bool = false

    /// Field 2 `repeated Rect exclusion_rects`: a back swipe beginning inside one of these is refused.
    public var exclusionRects: [Rect] = []

    /// Creates a `ScreenOptions` with every field at its default.
    public init() {}

    /// Creates a `ScreenOptions` from field values; omitted fields keep their defaults.
    public init(backGestureDisabled: Bool = false, exclusionRects: [Rect] = []) {
        self.backGestureDisabled = backGestureDisabled
        self.exclusionRects = exclusionRects
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if backGestureDisabled {
            writer.writeBool(backGestureDisabled, field: 1)
        }
        for value in exclusionRects {
            writer.writeMessage(value, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            backGestureDisabled = try reader.readBool(wireType)
        case 2:
            try reader.readMessage(wireType, appendingTo: &exclusionRects)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.PanEvent`.
public struct PanEvent: ProtoMessage {
    /// Field 1 `string stack_id`.
    public var stackId: String = ""

    /// Field 2 `uint64 gesture_id`: chosen by the producer, constant from BEGAN to ENDED/CANCELLED.
    public var gestureId: UInt64 = 0

    /// Field 3 `PanPhase phase`.
    public var phase: PanPhase = .panPhaseUnspecified

    /// Field 4 `Vec2 location`: finger position in the container.
    public var location: Vec2? = nil

    /// Field 5 `Vec2 translation`: movement since BEGAN.
    public var translation: Vec2? = nil

    /// Field 6 `Vec2 velocity`: pt/s; when absent the engine estimates it from recent samples.
    public var velocity: Vec2? = nil

    /// Field 7 `int64 timestamp_us`: producer's monotonic clock.
    public var timestampUs: Int64 = 0

    /// Field 8 `PanTarget target`.
    public var target: PanTarget = .panTargetBack

    /// Creates a `PanEvent` with every field at its default.
    public init() {}

    /// Creates a `PanEvent` from field values; omitted fields keep their defaults.
    public init(
        stackId: String = "",
        gestureId: UInt64 = 0,
        phase: PanPhase = .panPhaseUnspecified,
        location: Vec2? = nil,
        translation: Vec2? = nil,
        velocity: Vec2? = nil,
        timestampUs: Int64 = 0,
        target: PanTarget = .panTargetBack
    ) {
        self.stackId = stackId
        self.gestureId = gestureId
        self.phase = phase
        self.location = location
        self.translation = translation
        self.velocity = velocity
        self.timestampUs = timestampUs
        self.target = target
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !stackId.isEmpty {
            writer.writeString(stackId, field: 1)
        }
        if gestureId != 0 {
            writer.writeUInt64(gestureId, field: 2)
        }
        if phase.rawValue != 0 {
            writer.writeInt32(phase.rawValue, field: 3)
        }
        if let value = location {
            writer.writeMessage(value, field: 4)
        }
        if let value = translation {
            writer.writeMessage(value, field: 5)
        }
        if let value = velocity {
            writer.writeMessage(value, field: 6)
        }
        if timestampUs != 0 {
            writer.writeInt64(timestampUs, field: 7)
        }
        if target.rawValue != 0 {
            writer.writeInt32(target.rawValue, field: 8)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            stackId = try reader.readString(wireType)
        case 2:
            gestureId = try reader.readUInt64(wireType)
        case 3:
            phase = try PanPhase(rawValue: reader.readInt32(wireType))
        case 4:
            try reader.readMessage(wireType, into: &location)
        case 5:
            try reader.readMessage(wireType, into: &translation)
        case 6:
            try reader.readMessage(wireType, into: &velocity)
        case 7:
            timestampUs = try reader.readInt64(wireType)
        case 8:
            target = try PanTarget(rawValue: reader.readInt32(wireType))
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.CreateStack`.
public struct CreateStack: ProtoMessage {
    /// Field 1 `repeated string screens`: navigation stack, root first; or.
    public var screens: [String] = []

    /// Field 2 `repeated string tabs`: a tab stack (exactly one of screens / tabs is non-empty).
    public var tabs: [String] = []

    /// Field 3 `uint32 selected_tab`.
    public var selectedTab: UInt32 = 0

    /// Field 4 `StackConfig config`.
    public var config: StackConfig? = nil

    /// Creates a `CreateStack` with every field at its default.
    public init() {}

    /// Creates a `CreateStack` from field values; omitted fields keep their defaults.
    public init(screens: [String] = [], tabs: [String] = [], selectedTab: UInt32 = 0, config: StackConfig? = nil) {
        self.screens = screens
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.config = config
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        for value in screens {
            writer.writeString(value, field: 1)
        }
        for value in tabs {
            writer.writeString(value, field: 2)
        }
        if selectedTab != 0 {
            writer.writeUInt32(selectedTab, field: 3)
        }
        if let value = config {
            writer.writeMessage(value, field: 4)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            screens.append(try reader.readString(wireType))
        case 2:
            tabs.append(try reader.readString(wireType))
        case 3:
            selectedTab = try reader.readUInt32(wireType)
        case 4:
            try reader.readMessage(wireType, into: &config)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Push`.
public struct Push: ProtoMessage {
    /// Field 1 `string screen`.
    public var screen: String = ""

    /// Field 2 `bool immediate`: false (default): animated.
    public var immediate: Bool = false

    /// Field 3 `ScreenOptions options`.
    public var options: ScreenOptions? = nil

    /// Creates a `Push` with every field at its default.
    public init() {}

    /// Creates a `Push` from field values; omitted fields keep their defaults.
    public init(screen: String = "", immediate: Bool = false, options: ScreenOptions? = nil) {
        self.screen = screen
        self.immediate = immediate
        self.options = options
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !screen.isEmpty {
            writer.writeString(screen, field: 1)
        }
        if immediate {
            writer.writeBool(immediate, field: 2)
        }
        if let value = options {
            writer.writeMessage(value, field: 3)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            screen = try reader.readString(wireType)
        case 2:
            immediate = try reader.readBool(wireType)
        case 3:
            try reader.readMessage(wireType, into: &options)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Pop`.
public struct Pop: ProtoMessage {
    /// Field 1 `bool immediate`.
    public var immediate: Bool = false

    /// Creates a `Pop` with every field at its default.
    public init() {}

    /// Creates a `Pop` from field values; omitted fields keep their defaults.
    public init(immediate: Bool = false) {
        self.immediate = immediate
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if immediate {
            writer.writeBool(immediate, field: 1)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            immediate = try reader.readBool(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.PopToRoot`.
public struct PopToRoot: ProtoMessage {
    /// Field 1 `bool immediate`.
    public var immediate: Bool = false

    /// Creates a `PopToRoot` with every field at its default.
    public init() {}

    /// Creates a `PopToRoot` from field values; omitted fields keep their defaults.
    public init(immediate: Bool = false) {
        self.immediate = immediate
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if immediate {
            writer.writeBool(immediate, field: 1)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            immediate = try reader.readBool(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Present`.
public struct Present: ProtoMessage {
    /// Field 1 `string screen`.
    public var screen: String = ""

    /// Field 2 `bool immediate`.
    public var immediate: Bool = false

    /// Field 3 `ScreenOptions options`.
    public var options: ScreenOptions? = nil

    /// Creates a `Present` with every field at its default.
    public init() {}

    /// Creates a `Present` from field values; omitted fields keep their defaults.
    public init(screen: String = "", immediate: Bool = false, options: ScreenOptions? = nil) {
        self.screen = screen
        self.immediate = immediate
        self.options = options
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !screen.isEmpty {
            writer.writeString(screen, field: 1)
        }
        if immediate {
            writer.writeBool(immediate, field: 2)
        }
        if let value = options {
            writer.writeMessage(value, field: 3)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            screen = try reader.readString(wireType)
        case 2:
            immediate = try reader.readBool(wireType)
        case 3:
            try reader.readMessage(wireType, into: &options)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Dismiss`.
public struct Dismiss: ProtoMessage {
    /// Field 1 `bool immediate`.
    public var immediate: Bool = false

    /// Creates a `Dismiss` with every field at its default.
    public init() {}

    /// Creates a `Dismiss` from field values; omitted fields keep their defaults.
    public init(immediate: Bool = false) {
        self.immediate = immediate
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if immediate {
            writer.writeBool(immediate, field: 1)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            immediate = try reader.readBool(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.SelectTab`.
public struct SelectTab: ProtoMessage {
    /// Field 1 `uint32 index`.
    public var index: UInt32 = 0

    /// Field 2 `bool immediate`.
    public var immediate: Bool = false

    /// Creates a `SelectTab` with every field at its default.
    public init() {}

    /// Creates a `SelectTab` from field values; omitted fields keep their defaults.
    public init(index: UInt32 = 0, immediate: Bool = false) {
        self.index = index
        self.immediate = immediate
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if index != 0 {
            writer.writeUInt32(index, field: 1)
        }
        if immediate {
            writer.writeBool(immediate, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            index = try reader.readUInt32(wireType)
        case 2:
            immediate = try reader.readBool(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Resize`.
public struct Resize: ProtoMessage {
    /// Field 1 `Size size`.
    public var size: Size? = nil

    /// Creates a `Resize` with every field at its default.
    public init() {}

    /// Creates a `Resize` from field values; omitted fields keep their defaults.
    public init(size: Size? = nil) {
        self.size = size
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if let value = size {
            writer.writeMessage(value, field: 1)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            try reader.readMessage(wireType, into: &size)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.SetScreenOptions`.
public struct SetScreenOptions: ProtoMessage {
    /// Field 1 `string screen`.
    public var screen: String = ""

    /// Field 2 `ScreenOptions options`.
    public var options: ScreenOptions? = nil

    /// Creates a `SetScreenOptions` with every field at its default.
    public init() {}

    /// Creates a `SetScreenOptions` from field values; omitted fields keep their defaults.
    public init(screen: String = "", options: ScreenOptions? = nil) {
        self.screen = screen
        self.options = options
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !screen.isEmpty {
            writer.writeString(screen, field: 1)
        }
        if let value = options {
            writer.writeMessage(value, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            screen = try reader.readString(wireType)
        case 2:
            try reader.readMessage(wireType, into: &options)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.DeleteStack`.
public struct DeleteStack: ProtoMessage {
    /// Creates a `DeleteStack` with every field at its default.
    public init() {}

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {}

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        try reader.skip(wireType)
    }
}

/// Proto message `segue.v1.Command`.
public struct Command: ProtoMessage {
    /// Field 1 `string stack_id`.
    public var stackId: String = ""

    /// Field 2 `string request_id`: echoed in the reply, the events it caused and any rejection.
    public var requestId: String = ""

    /// Field 3 `optional uint64 expected_version`: optimistic concurrency: refused unless the stack is at this version.
    public var expectedVersion: UInt64? = nil

    /// The members of oneof `op`; at most one is set.
    public enum Op: Sendable, Hashable {
        /// Field 10 `CreateStack create`.
        indirect case create(CreateStack)
        /// Field 11 `Push push`.
        case push(Push)
        /// Field 12 `Pop pop`.
        case pop(Pop)
        /// Field 13 `PopToRoot pop_to_root`.
        case popToRoot(PopToRoot)
        /// Field 14 `Present present`.
        case present(Present)
        /// Field 15 `Dismiss dismiss`.
        case dismiss(Dismiss)
        /// Field 16 `SelectTab select_tab`.
        case selectTab(SelectTab)
        /// Field 17 `Resize resize`.
        case resize(Resize)
        /// Field 18 `SetScreenOptions set_screen_options`.
        case setScreenOptions(SetScreenOptions)
        /// Field 19 `DeleteStack delete`.
        case delete(DeleteStack)
    }

    /// Oneof `op`: the member that is set, or nil when none is.
    public var op: Op? = nil

    /// Creates a `Command` with every field at its default.
    public init() {}

    /// Creates a `Command` from field values; omitted fields keep their defaults.
    public init(stackId: String = "", requestId: String = "", expectedVersion: UInt64? = nil, op: Op? = nil) {
        self.stackId = stackId
        self.requestId = requestId
        self.expectedVersion = expectedVersion
        self.op = op
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !stackId.isEmpty {
            writer.writeString(stackId, field: 1)
        }
        if !requestId.isEmpty {
            writer.writeString(requestId, field: 2)
        }
        if let value = expectedVersion {
            writer.writeUInt64(value, field: 3)
        }
        switch op {
        case .create(let value)?:
            writer.writeMessage(value, field: 10)
        case .push(let value)?:
            writer.writeMessage(value, field: 11)
        case .pop(let value)?:
            writer.writeMessage(value, field: 12)
        case .popToRoot(let value)?:
            writer.writeMessage(value, field: 13)
        case .present(let value)?:
            writer.writeMessage(value, field: 14)
        case .dismiss(let value)?:
            writer.writeMessage(value, field: 15)
        case .selectTab(let value)?:
            writer.writeMessage(value, field: 16)
        case .resize(let value)?:
            writer.writeMessage(value, field: 17)
        case .setScreenOptions(let value)?:
            writer.writeMessage(value, field: 18)
        case .delete(let value)?:
            writer.writeMessage(value, field: 19)
        case nil:
            break
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            stackId = try reader.readString(wireType)
        case 2:
            requestId = try reader.readString(wireType)
        case 3:
            expectedVersion = try reader.readUInt64(wireType)
        case 10:
            var value = CreateStack()
            if case .create(let existing)? = op {
                value = existing
                op = nil
            }
            try reader.readMessage(wireType, into: &value)
            op = .create(value)
        case 11:
            var value = Push()
            if case .push(let existing)? = op {
                value = existing
                op = nil
            }
            try reader.readMessage(wireType, into: &value)
            op = .push(value)
        case 12:
            var value = Pop()
            if case .pop(let existing)? = op {
                value = existing
                op = nil
            }
            try reader.readMessage(wireType, into: &value)
            op = .pop(value)
        case 13:
            var value = PopToRoot()
            if case .popToRoot(let existing)? = op {
                value = existing
                op = nil
            }
            try reader.readMessage(wireType, into: &value)
            op = .popToRoot(value)
        case 14:
            var value = Present()
            if case .present(let existing)? = op {
                value = existing
                op = nil
            }
            try reader.readMessage(wireType, into: &value)
            op = .present(value)
        case 15:
            var value = Dismiss()
            if case .dismiss(let existing)? = op {
                value = existing
                op = nil
            }
            try reader.readMessage(wireType, into: &value)
            op = .dismiss(value)
        case 16:
            var value = SelectTab()
            if case .selectTab(let existing)? = op {
                value = existing
                op = nil
            }
            try reader.readMessage(wireType, into: &value)
            op = .selectTab(value)
        case 17:
            var value = Resize()
            if case .resize(let existing)? = op {
                value = existing
                op = nil
            }
            try reader.readMessage(wireType, into: &value)
            op = .resize(value)
        case 18:
            var value = SetScreenOptions()
            if case .setScreenOptions(let existing)? = op {
                value = existing
                op = nil
            }
            try reader.readMessage(wireType, into: &value)
            op = .setScreenOptions(value)
        case 19:
            var value = DeleteStack()
            if case .delete(let existing)? = op {
                value = existing
                op = nil
            }
            try reader.readMessage(wireType, into: &value)
            op = .delete(value)
        default:
            try reader.skip(wireType)
        }
    }
}

/// One message on the ingest socket (PUSH -> PULL), fire and forget.
///
/// Proto message `segue.v1.Input`.
public struct Input: ProtoMessage {
    /// The members of oneof `body`; at most one is set.
    public enum Body: Sendable, Hashable {
        /// Field 1 `PanEvent pan`.
        case pan(PanEvent)
        /// Field 2 `Command command`.
        case command(Command)
        /// Field 3 `PublishProbe probe`: Published under pr/<token>/ (as Request.publish_probe) once segued has decided
        /// every input sent before it on the same connection: their events and rejections are published before it.
        /// Changes nothing.
        case probe(PublishProbe)
    }

    /// Oneof `body`: the member that is set, or nil when none is.
    public var body: Body? = nil

    /// Creates an `Input` with every field at its default.
    public init() {}

    /// Creates an `Input` from field values; omitted fields keep their defaults.
    public init(body: Body? = nil) {
        self.body = body
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        switch body {
        case .pan(let value)?:
            writer.writeMessage(value, field: 1)
        case .command(let value)?:
            writer.writeMessage(value, field: 2)
        case .probe(let value)?:
            writer.writeMessage(value, field: 3)
        case nil:
            break
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            var value = PanEvent()
            if case .pan(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .pan(value)
        case 2:
            var value = Command()
            if case .command(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .command(value)
        case 3:
            var value = PublishProbe()
            if case .probe(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .probe(value)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.StackCreated`.
public struct StackCreated: ProtoMessage {
    /// Field 1 `repeated string screens`.
    public var screens: [String] = []

    /// Field 2 `repeated string tabs`.
    public var tabs: [String] = []

    /// Field 3 `uint32 selected_tab`.
    public var selectedTab: UInt32 = 0

    /// Field 4 `StackConfig config`.
    public var config: StackConfig? = nil

    /// Creates a `StackCreated` with every field at its default.
    public init() {}

    /// Creates a `StackCreated` from field values; omitted fields keep their defaults.
    public init(screens: [String] = [], tabs: [String] = [], selectedTab: UInt32 = 0, config: StackConfig? = nil) {
        self.screens = screens
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.config = config
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        for value in screens {
            writer.writeString(value, field: 1)
        }
        for value in tabs {
            writer.writeString(value, field: 2)
        }
        if selectedTab != 0 {
            writer.writeUInt32(selectedTab, field: 3)
        }
        if let value = config {
            writer.writeMessage(value, field: 4)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            screens.append(try reader.readString(wireType))
        case 2:
            tabs.append(try reader.readString(wireType))
        case 3:
            selectedTab = try reader.readUInt32(wireType)
        case 4:
            try reader.readMessage(wireType, into: &config)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.TransitionBegan`.
public struct TransitionBegan: ProtoMessage {
    /// Field 1 `uint64 transition_id`: per stack, from 1.
    public var transitionId: UInt64 = 0

    /// Field 2 `Operation operation`.
    public var operation: Operation = .operationUnspecified

    /// Field 3 `string from_screen`.
    public var fromScreen: String = ""

    /// Field 4 `string to_screen`.
    public var toScreen: String = ""

    /// Field 5 `bool interactive`.
    public var interactive: Bool = false

    /// Field 6 `uint64 gesture_id`: the swipe; with interactive false, the back swipe whose back key this runs.
    public var gestureId: UInt64 = 0

    /// Field 7 `SwipeEdge swipe_edge`: set by gestures of profiles that swipe from either edge.
    public var swipeEdge: SwipeEdge = .swipeEdgeUnspecified

    /// Field 8 `Vec2 start_translation`: The BEGAN's translation, for profiles whose screens follow the finger from
    /// where the transition began rather than from the touch-down (android's vertical movement); absent otherwise.
    public var startTranslation: Vec2? = nil

    /// Field 9 `optional uint64 queued_position`: The position of the `queued` event whose command this transition
    /// runs, now that the transitions ahead of it have completed; absent: the transition began when its command or
    /// gesture arrived.
    public var queuedPosition: UInt64? = nil

    /// Creates a `TransitionBegan` with every field at its default.
    public init() {}

    /// Creates a `TransitionBegan` from field values; omitted fields keep their defaults.
    public init(
        transitionId: UInt64 = 0,
        operation: Operation = .operationUnspecified,
        fromScreen: String = "",
        toScreen: String = "",
        interactive: Bool = false,
        gestureId: UInt64 = 0,
        swipeEdge: SwipeEdge = .swipeEdgeUnspecified,
        startTranslation: Vec2? = nil,
        queuedPosition: UInt64? = nil
    ) {
        self.transitionId = transitionId
        self.operation = operation
        self.fromScreen = fromScreen
        self.toScreen = toScreen
        self.interactive = interactive
        self.gestureId = gestureId
        self.swipeEdge = swipeEdge
        self.startTranslation = startTranslation
        self.queuedPosition = queuedPosition
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if transitionId != 0 {
            writer.writeUInt64(transitionId, field: 1)
        }
        if operation.rawValue != 0 {
            writer.writeInt32(operation.rawValue, field: 2)
        }
        if !fromScreen.isEmpty {
            writer.writeString(fromScreen, field: 3)
        }
        if !toScreen.isEmpty {
            writer.writeString(toScreen, field: 4)
        }
        if interactive {
            writer.writeBool(interactive, field: 5)
        }
        if gestureId != 0 {
            writer.writeUInt64(gestureId, field: 6)
        }
        if swipeEdge.rawValue != 0 {
            writer.writeInt32(swipeEdge.rawValue, field: 7)
        }
        if let value = startTranslation {
            writer.writeMessage(value, field: 8)
        }
        if let value = queuedPosition {
            writer.writeUInt64(value, field: 9)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            transitionId = try reader.readUInt64(wireType)
        case 2:
            operation = try Operation(rawValue: reader.readInt32(wireType))
        case 3:
            fromScreen = try reader.readString(wireType)
        case 4:
            toScreen = try reader.readString(wireType)
        case 5:
            interactive = try reader.readBool(wireType)
        case 6:
            gestureId = try reader.readUInt64(wireType)
        case 7:
            swipeEdge = try SwipeEdge(rawValue: reader.readInt32(wireType))
        case 8:
            try reader.readMessage(wireType, into: &startTranslation)
        case 9:
            queuedPosition = try reader.readUInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.TransitionProgressed`.
public struct TransitionProgressed: ProtoMessage {
    /// Field 1 `uint64 transition_id`.
    public var transitionId: UInt64 = 0

    /// Field 2 `double progress`: gesture progress, 0..1: how far the finger moved (docs/semantics.md).
    public var progress: Double = 0

    /// Field 3 `Vec2 translation`.
    public var translation: Vec2? = nil

    /// Field 4 `Vec2 velocity`.
    public var velocity: Vec2? = nil

    /// Creates a `TransitionProgressed` with every field at its default.
    public init() {}

    /// Creates a `TransitionProgressed` from field values; omitted fields keep their defaults.
    public init(transitionId: UInt64 = 0, progress: Double = 0, translation: Vec2? = nil, velocity: Vec2? = nil) {
        self.transitionId = transitionId
        self.progress = progress
        self.translation = translation
        self.velocity = velocity
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if transitionId != 0 {
            writer.writeUInt64(transitionId, field: 1)
        }
        if progress.bitPattern != 0 {
            writer.writeDouble(progress, field: 2)
        }
        if let value = translation {
            writer.writeMessage(value, field: 3)
        }
        if let value = velocity {
            writer.writeMessage(value, field: 4)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            transitionId = try reader.readUInt64(wireType)
        case 2:
            progress = try reader.readDouble(wireType)
        case 3:
            try reader.readMessage(wireType, into: &translation)
        case 4:
            try reader.readMessage(wireType, into: &velocity)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.TransitionFinished`.
public struct TransitionFinished: ProtoMessage {
    /// Field 1 `uint64 transition_id`.
    public var transitionId: UInt64 = 0

    /// Field 2 `double progress`: gesture progress at release.
    public var progress: Double = 0

    /// Field 3 `double velocity`: progress per second at release, toward finishing.
    public var velocity: Double = 0

    /// Field 4 `Reason reason`.
    public var reason: Reason = .reasonUnspecified

    /// Field 5 `int64 settle_us`: planned duration of the settle animation.
    public var settleUs: Int64 = 0

    /// Creates a `TransitionFinished` with every field at its default.
    public init() {}

    /// Creates a `TransitionFinished` from field values; omitted fields keep their defaults.
    public init(
        transitionId: UInt64 = 0,
        progress: Double = 0,
        velocity: Double = 0,
        reason: Reason = .reasonUnspecified,
        settleUs: Int64 = 0
    ) {
        self.transitionId = transitionId
        self.progress = progress
        self.velocity = velocity
        self.reason = reason
        self.settleUs = settleUs
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if transitionId != 0 {
            writer.writeUInt64(transitionId, field: 1)
        }
        if progress.bitPattern != 0 {
            writer.writeDouble(progress, field: 2)
        }
        if velocity.bitPattern != 0 {
            writer.writeDouble(velocity, field: 3)
        }
        if reason.rawValue != 0 {
            writer.writeInt32(reason.rawValue, field: 4)
        }
        if settleUs != 0 {
            writer.writeInt64(settleUs, field: 5)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            transitionId = try reader.readUInt64(wireType)
        case 2:
            progress = try reader.readDouble(wireType)
        case 3:
            velocity = try reader.readDouble(wireType)
        case 4:
            reason = try Reason(rawValue: reader.readInt32(wireType))
        case 5:
            settleUs = try reader.readInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.TransitionCancelled`.
public struct TransitionCancelled: ProtoMessage {
    /// Field 1 `uint64 transition_id`.
    public var transitionId: UInt64 = 0

    /// Field 2 `double progress`: gesture progress at release.
    public var progress: Double = 0

    /// Field 3 `double velocity`.
    public var velocity: Double = 0

    /// Field 4 `Reason reason`.
    public var reason: Reason = .reasonUnspecified

    /// Field 5 `int64 settle_us`.
    public var settleUs: Int64 = 0

    /// Creates a `TransitionCancelled` with every field at its default.
    public init() {}

    /// Creates a `TransitionCancelled` from field values; omitted fields keep their defaults.
    public init(
        transitionId: UInt64 = 0,
        progress: Double = 0,
        velocity: Double = 0,
        reason: Reason = .reasonUnspecified,
        settleUs: Int64 = 0
    ) {
        self.transitionId = transitionId
        self.progress = progress
        self.velocity = velocity
        self.reason = reason
        self.settleUs = settleUs
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if transitionId != 0 {
            writer.writeUInt64(transitionId, field: 1)
        }
        if progress.bitPattern != 0 {
            writer.writeDouble(progress, field: 2)
        }
        if velocity.bitPattern != 0 {
            writer.writeDouble(velocity, field: 3)
        }
        if reason.rawValue != 0 {
            writer.writeInt32(reason.rawValue, field: 4)
        }
        if settleUs != 0 {
            writer.writeInt64(settleUs, field: 5)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            transitionId = try reader.readUInt64(wireType)
        case 2:
            progress = try reader.readDouble(wireType)
        case 3:
            velocity = try reader.readDouble(wireType)
        case 4:
            reason = try Reason(rawValue: reader.readInt32(wireType))
        case 5:
            settleUs = try reader.readInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.TransitionCompleted`.
public struct TransitionCompleted: ProtoMessage {
    /// Field 1 `uint64 transition_id`.
    public var transitionId: UInt64 = 0

    /// Field 2 `bool finished`: false: the stack is as it was before the transition.
    public var finished: Bool = false

    /// Field 3 `repeated string screens`: the stack after it.
    public var screens: [String] = []

    /// Field 4 `repeated string presented`.
    public var presented: [String] = []

    /// Field 5 `uint32 selected_tab`.
    public var selectedTab: UInt32 = 0

    /// Field 6 `repeated uint32 presented_pages`: Indices into presented of the screens pushed as pages over a
    /// presentation (flutter: a page pushed over a fullscreen dialog), ascending; such a screen moves as a page and a
    /// pop removes it. Empty: none.
    public var presentedPages: [UInt32] = []

    /// Creates a `TransitionCompleted` with every field at its default.
    public init() {}

    /// Creates a `TransitionCompleted` from field values; omitted fields keep their defaults.
    public init(
        transitionId: UInt64 = 0,
        finished: Bool = false,
        screens: [String] = [],
        presented: [String] = [],
        selectedTab: UInt32 = 0,
        presentedPages: [UInt32] = []
    ) {
        self.transitionId = transitionId
        self.finished = finished
        self.screens = screens
        self.presented = presented
        self.selectedTab = selectedTab
        self.presentedPages = presentedPages
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if transitionId != 0 {
            writer.writeUInt64(transitionId, field: 1)
        }
        if finished {
            writer.writeBool(finished, field: 2)
        }
        for value in screens {
            writer.writeString(value, field: 3)
        }
        for value in presented {
            writer.writeString(value, field: 4)
        }
        if selectedTab != 0 {
            writer.writeUInt32(selectedTab, field: 5)
        }
        writer.writePacked(presentedPages, field: 6)
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            transitionId = try reader.readUInt64(wireType)
        case 2:
            finished = try reader.readBool(wireType)
        case 3:
            screens.append(try reader.readString(wireType))
        case 4:
            presented.append(try reader.readString(wireType))
        case 5:
            selectedTab = try reader.readUInt32(wireType)
        case 6:
            try reader.readRepeated(wireType, into: &presentedPages)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.TransitionInterrupted`.
public struct TransitionInterrupted: ProtoMessage {
    /// Field 1 `uint64 transition_id`: a settle caught by a new gesture; tracking resumes.
    public var transitionId: UInt64 = 0

    /// Field 2 `double progress`: gesture progress where the finger caught it.
    public var progress: Double = 0

    /// Field 3 `uint64 gesture_id`.
    public var gestureId: UInt64 = 0

    /// Creates a `TransitionInterrupted` with every field at its default.
    public init() {}

    /// Creates a `TransitionInterrupted` from field values; omitted fields keep their defaults.
    public init(transitionId: UInt64 = 0, progress: Double = 0, gestureId: UInt64 = 0) {
        self.transitionId = transitionId
        self.progress = progress
        self.gestureId = gestureId
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if transitionId != 0 {
            writer.writeUInt64(transitionId, field: 1)
        }
        if progress.bitPattern != 0 {
            writer.writeDouble(progress, field: 2)
        }
        if gestureId != 0 {
            writer.writeUInt64(gestureId, field: 3)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            transitionId = try reader.readUInt64(wireType)
        case 2:
            progress = try reader.readDouble(wireType)
        case 3:
            gestureId = try reader.readUInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// A navigation command that arrived while a transition ran, on a profile whose source queues it (android: WM Shell
/// plays a transition that becomes ready during another once that one finishes; docs/semantics.md). It runs, as its own
/// transition, when the transitions ahead of it have completed: that transition's began carries this event's position
/// (queued_position), and its events carry this event's request_id.
///
/// Proto message `segue.v1.CommandQueued`.
public struct CommandQueued: ProtoMessage {
    /// Field 1 `uint64 behind_transition_id`: the transition that was running when it arrived.
    public var behindTransitionId: UInt64 = 0

    /// Field 2 `Command command`: its op alone (the stack and the request id are the event's).
    public var command: Command? = nil

    /// Field 3 `uint64 gesture_id`: The back swipe whose release, while the transition ran, android turns into a back
    /// key (a pop or dismiss with no request id); 0: a command.
    public var gestureId: UInt64 = 0

    /// Creates a `CommandQueued` with every field at its default.
    public init() {}

    /// Creates a `CommandQueued` from field values; omitted fields keep their defaults.
    public init(behindTransitionId: UInt64 = 0, command: Command? = nil, gestureId: UInt64 = 0) {
        self.behindTransitionId = behindTransitionId
        self.command = command
        self.gestureId = gestureId
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if behindTransitionId != 0 {
            writer.writeUInt64(behindTransitionId, field: 1)
        }
        if let value = command {
            writer.writeMessage(value, field: 2)
        }
        if gestureId != 0 {
            writer.writeUInt64(gestureId, field: 3)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            behindTransitionId = try reader.readUInt64(wireType)
        case 2:
            try reader.readMessage(wireType, into: &command)
        case 3:
            gestureId = try reader.readUInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// A queued command that could not run when its turn came, with the refusal it met: the stack it was checked against on
/// arrival did not come, because the transition ahead of it ended otherwise (the engine restarted inside it and
/// cancelled it). It leaves the queue; the next queued command, if any, is tried in its place.
///
/// Proto message `segue.v1.CommandDropped`.
public struct CommandDropped: ProtoMessage {
    /// Field 1 `uint64 queued_position`: its queued event's position.
    public var queuedPosition: UInt64 = 0

    /// Field 2 `Error error`: what it would have been refused with had it been sent now.
    public var error: ErrorDetail? = nil

    /// Creates a `CommandDropped` with every field at its default.
    public init() {}

    /// Creates a `CommandDropped` from field values; omitted fields keep their defaults.
    public init(queuedPosition: UInt64 = 0, error: ErrorDetail? = nil) {
        self.queuedPosition = queuedPosition
        self.error = error
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if queuedPosition != 0 {
            writer.writeUInt64(queuedPosition, field: 1)
        }
        if let value = error {
            writer.writeMessage(value, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            queuedPosition = try reader.readUInt64(wireType)
        case 2:
            try reader.readMessage(wireType, into: &error)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.StackResized`.
public struct StackResized: ProtoMessage {
    /// Field 1 `Size size`.
    public var size: Size? = nil

    /// Creates a `StackResized` with every field at its default.
    public init() {}

    /// Creates a `StackResized` from field values; omitted fields keep their defaults.
    public init(size: Size? = nil) {
        self.size = size
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if let value = size {
            writer.writeMessage(value, field: 1)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            try reader.readMessage(wireType, into: &size)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.ScreenOptionsSet`.
public struct ScreenOptionsSet: ProtoMessage {
    /// Field 1 `string screen`.
    public var screen: String = ""

    /// Field 2 `ScreenOptions options`.
    public var options: ScreenOptions? = nil

    /// Creates a `ScreenOptionsSet` with every field at its default.
    public init() {}

    /// Creates a `ScreenOptionsSet` from field values; omitted fields keep their defaults.
    public init(screen: String = "", options: ScreenOptions? = nil) {
        self.screen = screen
        self.options = options
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !screen.isEmpty {
            writer.writeString(screen, field: 1)
        }
        if let value = options {
            writer.writeMessage(value, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            screen = try reader.readString(wireType)
        case 2:
            try reader.readMessage(wireType, into: &options)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.StackDeleted`.
public struct StackDeleted: ProtoMessage {
    /// Creates a `StackDeleted` with every field at its default.
    public init() {}

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {}

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        try reader.skip(wireType)
    }
}

/// Proto message `segue.v1.Event`.
public struct Event: ProtoMessage {
    /// Field 1 `uint64 position`: global, from 1, no gaps.
    public var position: UInt64 = 0

    /// Field 2 `string stack_id`.
    public var stackId: String = ""

    /// Field 3 `uint64 version`: per stack, from 1 (StackCreated), no gaps.
    public var version: UInt64 = 0

    /// Field 4 `int64 time_us`: engine clock, microseconds since the Unix epoch, never decreasing.
    public var timeUs: Int64 = 0

    /// Field 5 `string request_id`.
    public var requestId: String = ""

    /// Field 6 `optional int64 producer_time_us`: The timestamp_us of the pan that caused the event, on the producer's
    /// clock (not comparable with time_us): set on began, interrupted, progressed, finished and cancelled when a pan
    /// decided them, absent otherwise. Pans decided in one batch share time_us; this keeps the gesture's own pace.
    public var producerTimeUs: Int64? = nil

    /// The members of oneof `body`; at most one is set.
    public enum Body: Sendable, Hashable {
        /// Field 10 `StackCreated stack_created`.
        indirect case stackCreated(StackCreated)
        /// Field 11 `TransitionBegan began`.
        case began(TransitionBegan)
        /// Field 12 `TransitionProgressed progressed`.
        case progressed(TransitionProgressed)
        /// Field 13 `TransitionFinished finished`.
        case finished(TransitionFinished)
        /// Field 14 `TransitionCancelled cancelled`.
        case cancelled(TransitionCancelled)
        /// Field 15 `TransitionCompleted completed`.
        case completed(TransitionCompleted)
        /// Field 16 `TransitionInterrupted interrupted`.
        case interrupted(TransitionInterrupted)
        /// Field 17 `StackResized resized`.
        case resized(StackResized)
        /// Field 18 `ScreenOptionsSet screen_options_set`.
        case screenOptionsSet(ScreenOptionsSet)
        /// Field 19 `StackDeleted deleted`.
        case deleted(StackDeleted)
        /// Field 20 `CommandQueued queued`.
        case queued(CommandQueued)
        /// Field 21 `CommandDropped dropped`.
        case dropped(CommandDropped)
    }

    /// Oneof `body`: the member that is set, or nil when none is.
    public var body: Body? = nil

    /// Creates an `Event` with every field at its default.
    public init() {}

    /// Creates an `Event` from field values; omitted fields keep their defaults.
    public init(
        position: UInt64 = 0,
        stackId: String = "",
        version: UInt64 = 0,
        timeUs: Int64 = 0,
        requestId: String = "",
        producerTimeUs: Int64? = nil,
        body: Body? = nil
    ) {
        self.position = position
        self.stackId = stackId
        self.version = version
        self.timeUs = timeUs
        self.requestId = requestId
        self.producerTimeUs = producerTimeUs
        self.body = body
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if position != 0 {
            writer.writeUInt64(position, field: 1)
        }
        if !stackId.isEmpty {
            writer.writeString(stackId, field: 2)
        }
        if version != 0 {
            writer.writeUInt64(version, field: 3)
        }
        if timeUs != 0 {
            writer.writeInt64(timeUs, field: 4)
        }
        if !requestId.isEmpty {
            writer.writeString(requestId, field: 5)
        }
        if let value = producerTimeUs {
            writer.writeInt64(value, field: 6)
        }
        switch body {
        case .stackCreated(let value)?:
            writer.writeMessage(value, field: 10)
        case .began(let value)?:
            writer.writeMessage(value, field: 11)
        case .progressed(let value)?:
            writer.writeMessage(value, field: 12)
        case .finished(let value)?:
            writer.writeMessage(value, field: 13)
        case .cancelled(let value)?:
            writer.writeMessage(value, field: 14)
        case .completed(let value)?:
            writer.writeMessage(value, field: 15)
        case .interrupted(let value)?:
            writer.writeMessage(value, field: 16)
        case .resized(let value)?:
            writer.writeMessage(value, field: 17)
        case .screenOptionsSet(let value)?:
            writer.writeMessage(value, field: 18)
        case .deleted(let value)?:
            writer.writeMessage(value, field: 19)
        case .queued(let value)?:
            writer.writeMessage(value, field: 20)
        case .dropped(let value)?:
            writer.writeMessage(value, field: 21)
        case nil:
            break
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            position = try reader.readUInt64(wireType)
        case 2:
            stackId = try reader.readString(wireType)
        case 3:
            version = try reader.readUInt64(wireType)
        case 4:
            timeUs = try reader.readInt64(wireType)
        case 5:
            requestId = try reader.readString(wireType)
        case 6:
            producerTimeUs = try reader.readInt64(wireType)
        case 10:
            var value = StackCreated()
            if case .stackCreated(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .stackCreated(value)
        case 11:
            var value = TransitionBegan()
            if case .began(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .began(value)
        case 12:
            var value = TransitionProgressed()
            if case .progressed(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .progressed(value)
        case 13:
            var value = TransitionFinished()
            if case .finished(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .finished(value)
        case 14:
            var value = TransitionCancelled()
            if case .cancelled(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .cancelled(value)
        case 15:
            var value = TransitionCompleted()
            if case .completed(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .completed(value)
        case 16:
            var value = TransitionInterrupted()
            if case .interrupted(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .interrupted(value)
        case 17:
            var value = StackResized()
            if case .resized(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .resized(value)
        case 18:
            var value = ScreenOptionsSet()
            if case .screenOptionsSet(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .screenOptionsSet(value)
        case 19:
            var value = StackDeleted()
            if case .deleted(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .deleted(value)
        case 20:
            var value = CommandQueued()
            if case .queued(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .queued(value)
        case 21:
            var value = CommandDropped()
            if case .dropped(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .dropped(value)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.ViewFrame`.
public struct ViewFrame: ProtoMessage {
    /// Field 1 `string screen`.
    public var screen: String = ""

    /// Field 2 `Rect rect`: a scaled screen has a smaller width and height than the container.
    public var rect: Rect? = nil

    /// Field 3 `double alpha`.
    public var alpha: Double = 0

    /// Field 4 `double corner_radius`: pt, of the rect's corners; 0 = square.
    public var cornerRadius: Double = 0

    /// Field 5 `EdgeShadow edge_shadow`: a shadow outside the screen's leading edge (revision-2 flutter's upper page).
    public var edgeShadow: EdgeShadow? = nil

    /// Creates a `ViewFrame` with every field at its default.
    public init() {}

    /// Creates a `ViewFrame` from field values; omitted fields keep their defaults.
    public init(
        screen: String = "",
        rect: Rect? = nil,
        alpha: Double = 0,
        cornerRadius: Double = 0,
        edgeShadow: EdgeShadow? = nil
    ) {
        self.screen = screen
        self.rect = rect
        self.alpha = alpha
        self.cornerRadius = cornerRadius
        self.edgeShadow = edgeShadow
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !screen.isEmpty {
            writer.writeString(screen, field: 1)
        }
        if let value = rect {
            writer.writeMessage(value, field: 2)
        }
        if alpha.bitPattern != 0 {
            writer.writeDouble(alpha, field: 3)
        }
        if cornerRadius.bitPattern != 0 {
            writer.writeDouble(cornerRadius, field: 4)
        }
        if let value = edgeShadow {
            writer.writeMessage(value, field: 5)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            screen = try reader.readString(wireType)
        case 2:
            try reader.readMessage(wireType, into: &rect)
        case 3:
            alpha = try reader.readDouble(wireType)
        case 4:
            cornerRadius = try reader.readDouble(wireType)
        case 5:
            try reader.readMessage(wireType, into: &edgeShadow)
        default:
            try reader.skip(wireType)
        }
    }
}

/// A black gradient outside a screen's leading edge (its left edge; right to left, its right edge), as Flutter draws a
/// Cupertino page's shadow: `width` points wide, with the alpha at each stop from the edge (position 0) outward
/// (position 1), linear between stops.
///
/// Proto message `segue.v1.EdgeShadow`.
public struct EdgeShadow: ProtoMessage {
    /// Field 1 `double width`: pt.
    public var width: Double = 0

    /// Field 2 `repeated GradientStop stops`.
    public var stops: [GradientStop] = []

    /// Creates an `EdgeShadow` with every field at its default.
    public init() {}

    /// Creates an `EdgeShadow` from field values; omitted fields keep their defaults.
    public init(width: Double = 0, stops: [GradientStop] = []) {
        self.width = width
        self.stops = stops
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if width.bitPattern != 0 {
            writer.writeDouble(width, field: 1)
        }
        for value in stops {
            writer.writeMessage(value, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            width = try reader.readDouble(wireType)
        case 2:
            try reader.readMessage(wireType, appendingTo: &stops)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.GradientStop`.
public struct GradientStop: ProtoMessage {
    /// Field 1 `double position`: 0 at the screen's edge, 1 at `width` from it.
    public var position: Double = 0

    /// Field 2 `double alpha`: of black, 0-1.
    public var alpha: Double = 0

    /// Creates a `GradientStop` with every field at its default.
    public init() {}

    /// Creates a `GradientStop` from field values; omitted fields keep their defaults.
    public init(position: Double = 0, alpha: Double = 0) {
        self.position = position
        self.alpha = alpha
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if position.bitPattern != 0 {
            writer.writeDouble(position, field: 1)
        }
        if alpha.bitPattern != 0 {
            writer.writeDouble(alpha, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            position = try reader.readDouble(wireType)
        case 2:
            alpha = try reader.readDouble(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Frame`.
public struct Frame: ProtoMessage {
    /// Field 1 `string stack_id`.
    public var stackId: String = ""

    /// Field 2 `uint64 transition_id`.
    public var transitionId: UInt64 = 0

    /// Field 3 `uint64 sequence`: per transition, from 1.
    public var sequence: UInt64 = 0

    /// Field 4 `int64 time_us`.
    public var timeUs: Int64 = 0

    /// Field 5 `double progress`: visual progress, 0..1: how far the screens moved (docs/semantics.md).
    public var progress: Double = 0

    /// Field 6 `FramePhase phase`.
    public var phase: FramePhase = .framePhaseUnspecified

    /// Field 7 `ViewFrame from`.
    public var from: ViewFrame? = nil

    /// Field 8 `ViewFrame to`.
    public var to: ViewFrame? = nil

    /// Field 9 `double dimming`: scrim alpha over the lower screen.
    public var dimming: Double = 0

    /// Field 10 `double shadow`: edge shadow alpha of the upper screen.
    public var shadow: Double = 0

    /// Field 11 `uint64 position`: log position of the newest event this frame reflects.
    public var position: UInt64 = 0

    /// Creates a `Frame` with every field at its default.
    public init() {}

    /// Creates a `Frame` from field values; omitted fields keep their defaults.
    public init(
        stackId: String = "",
        transitionId: UInt64 = 0,
        sequence: UInt64 = 0,
        timeUs: Int64 = 0,
        progress: Double = 0,
        phase: FramePhase = .framePhaseUnspecified,
        from: ViewFrame? = nil,
        to: ViewFrame? = nil,
        dimming: Double = 0,
        shadow: Double = 0,
        position: UInt64 = 0
    ) {
        self.stackId = stackId
        self.transitionId = transitionId
        self.sequence = sequence
        self.timeUs = timeUs
        self.progress = progress
        self.phase = phase
        self.from = from
        self.to = to
        self.dimming = dimming
        self.shadow = shadow
        self.position = position
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !stackId.isEmpty {
            writer.writeString(stackId, field: 1)
        }
        if transitionId != 0 {
            writer.writeUInt64(transitionId, field: 2)
        }
        if sequence != 0 {
            writer.writeUInt64(sequence, field: 3)
        }
        if timeUs != 0 {
            writer.writeInt64(timeUs, field: 4)
        }
        if progress.bitPattern != 0 {
            writer.writeDouble(progress, field: 5)
        }
        if phase.rawValue != 0 {
            writer.writeInt32(phase.rawValue, field: 6)
        }
        if let value = from {
            writer.writeMessage(value, field: 7)
        }
        if let value = to {
            writer.writeMessage(value, field: 8)
        }
        if dimming.bitPattern != 0 {
            writer.writeDouble(dimming, field: 9)
        }
        if shadow.bitPattern != 0 {
            writer.writeDouble(shadow, field: 10)
        }
        if position != 0 {
            writer.writeUInt64(position, field: 11)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            stackId = try reader.readString(wireType)
        case 2:
            transitionId = try reader.readUInt64(wireType)
        case 3:
            sequence = try reader.readUInt64(wireType)
        case 4:
            timeUs = try reader.readInt64(wireType)
        case 5:
            progress = try reader.readDouble(wireType)
        case 6:
            phase = try FramePhase(rawValue: reader.readInt32(wireType))
        case 7:
            try reader.readMessage(wireType, into: &from)
        case 8:
            try reader.readMessage(wireType, into: &to)
        case 9:
            dimming = try reader.readDouble(wireType)
        case 10:
            shadow = try reader.readDouble(wireType)
        case 11:
            position = try reader.readUInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Error`.
public struct ErrorDetail: ProtoMessage {
    /// Field 1 `ErrorCode code`.
    public var code: ErrorCode = .ok

    /// Field 2 `string message`: says what was wrong and what would be accepted.
    public var message: String = ""

    /// Creates an `ErrorDetail` with every field at its default.
    public init() {}

    /// Creates an `ErrorDetail` from field values; omitted fields keep their defaults.
    public init(code: ErrorCode = .ok, message: String = "") {
        self.code = code
        self.message = message
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if code.rawValue != 0 {
            writer.writeInt32(code.rawValue, field: 1)
        }
        if !message.isEmpty {
            writer.writeString(message, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            code = try ErrorCode(rawValue: reader.readInt32(wireType))
        case 2:
            message = try reader.readString(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Published for ingest inputs that could not be applied.
///
/// Proto message `segue.v1.Rejection`.
public struct Rejection: ProtoMessage {
    /// Field 1 `string stack_id`.
    public var stackId: String = ""

    /// Field 2 `uint64 gesture_id`.
    public var gestureId: UInt64 = 0

    /// Field 3 `string request_id`.
    public var requestId: String = ""

    /// Field 4 `Error error`.
    public var error: ErrorDetail? = nil

    /// Field 5 `int64 time_us`.
    public var timeUs: Int64 = 0

    /// Creates a `Rejection` with every field at its default.
    public init() {}

    /// Creates a `Rejection` from field values; omitted fields keep their defaults.
    public init(
        stackId: String = "",
        gestureId: UInt64 = 0,
        requestId: String = "",
        error: ErrorDetail? = nil,
        timeUs: Int64 = 0
    ) {
        self.stackId = stackId
        self.gestureId = gestureId
        self.requestId = requestId
        self.error = error
        self.timeUs = timeUs
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !stackId.isEmpty {
            writer.writeString(stackId, field: 1)
        }
        if gestureId != 0 {
            writer.writeUInt64(gestureId, field: 2)
        }
        if !requestId.isEmpty {
            writer.writeString(requestId, field: 3)
        }
        if let value = error {
            writer.writeMessage(value, field: 4)
        }
        if timeUs != 0 {
            writer.writeInt64(timeUs, field: 5)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            stackId = try reader.readString(wireType)
        case 2:
            gestureId = try reader.readUInt64(wireType)
        case 3:
            requestId = try reader.readString(wireType)
        case 4:
            try reader.readMessage(wireType, into: &error)
        case 5:
            timeUs = try reader.readInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.GetStack`.
public struct GetStack: ProtoMessage {
    /// Field 1 `string stack_id`.
    public var stackId: String = ""

    /// Creates a `GetStack` with every field at its default.
    public init() {}

    /// Creates a `GetStack` from field values; omitted fields keep their defaults.
    public init(stackId: String = "") {
        self.stackId = stackId
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !stackId.isEmpty {
            writer.writeString(stackId, field: 1)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            stackId = try reader.readString(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.ReadEvents`.
public struct ReadEvents: ProtoMessage {
    /// Field 1 `uint64 from_position`: inclusive; 0 or 1 = from the start.
    public var fromPosition: UInt64 = 0

    /// Field 2 `string stack_id`: empty = all stacks.
    public var stackId: String = ""

    /// Field 3 `uint32 max_count`: 0 = engine default; capped by the engine.
    public var maxCount: UInt32 = 0

    /// Creates a `ReadEvents` with every field at its default.
    public init() {}

    /// Creates a `ReadEvents` from field values; omitted fields keep their defaults.
    public init(fromPosition: UInt64 = 0, stackId: String = "", maxCount: UInt32 = 0) {
        self.fromPosition = fromPosition
        self.stackId = stackId
        self.maxCount = maxCount
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if fromPosition != 0 {
            writer.writeUInt64(fromPosition, field: 1)
        }
        if !stackId.isEmpty {
            writer.writeString(stackId, field: 2)
        }
        if maxCount != 0 {
            writer.writeUInt32(maxCount, field: 3)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            fromPosition = try reader.readUInt64(wireType)
        case 2:
            stackId = try reader.readString(wireType)
        case 3:
            maxCount = try reader.readUInt32(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Stack ids in byte order, a page at a time: ask again with `after` set to the last id of the previous page for as
/// long as the reply says there are more.
///
/// Proto message `segue.v1.ListStacks`.
public struct ListStacks: ProtoMessage {
    /// Field 1 `string after`: only ids that sort after this one; empty = from the first.
    public var after: String = ""

    /// Field 2 `uint32 max_count`: 0 = engine default (1000); capped by the engine (10000).
    public var maxCount: UInt32 = 0

    /// Creates a `ListStacks` with every field at its default.
    public init() {}

    /// Creates a `ListStacks` from field values; omitted fields keep their defaults.
    public init(after: String = "", maxCount: UInt32 = 0) {
        self.after = after
        self.maxCount = maxCount
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !after.isEmpty {
            writer.writeString(after, field: 1)
        }
        if maxCount != 0 {
            writer.writeUInt32(maxCount, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            after = try reader.readString(wireType)
        case 2:
            maxCount = try reader.readUInt32(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.GetStats`.
public struct GetStats: ProtoMessage {
    /// Creates a `GetStats` with every field at its default.
    public init() {}

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {}

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        try reader.skip(wireType)
    }
}

/// Asks segued to publish this message on the events socket under the topic pr/<token>/, before it replies. ZeroMQ
/// drops whatever a PUB socket sends before a subscription has reached it; a client that subscribed to its own
/// pr/<token>/ and sees the probe arrive knows its subscriptions are live. Changes nothing, and no other topic carries
/// it.
///
/// Proto message `segue.v1.PublishProbe`.
public struct PublishProbe: ProtoMessage {
    /// Field 1 `string token`: 1-64 characters of A-Z a-z 0-9 . _ : - (as a stack id).
    public var token: String = ""

    /// Creates a `PublishProbe` with every field at its default.
    public init() {}

    /// Creates a `PublishProbe` from field values; omitted fields keep their defaults.
    public init(token: String = "") {
        self.token = token
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !token.isEmpty {
            writer.writeString(token, field: 1)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            token = try reader.readString(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Request`.
public struct Request: ProtoMessage {
    /// Field 1 `string request_id`.
    public var requestId: String = ""

    /// The members of oneof `body`; at most one is set.
    public enum Body: Sendable, Hashable {
        /// Field 10 `Command command`.
        case command(Command)
        /// Field 11 `GetStack get_stack`.
        case getStack(GetStack)
        /// Field 12 `ReadEvents read_events`.
        case readEvents(ReadEvents)
        /// Field 13 `ListStacks list_stacks`.
        case listStacks(ListStacks)
        /// Field 14 `GetStats get_stats`.
        case getStats(GetStats)
        /// Field 15 `PublishProbe publish_probe`: answered by a Reply with no body.
        case publishProbe(PublishProbe)
    }

    /// Oneof `body`: the member that is set, or nil when none is.
    public var body: Body? = nil

    /// Creates a `Request` with every field at its default.
    public init() {}

    /// Creates a `Request` from field values; omitted fields keep their defaults.
    public init(requestId: String = "", body: Body? = nil) {
        self.requestId = requestId
        self.body = body
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !requestId.isEmpty {
            writer.writeString(requestId, field: 1)
        }
        switch body {
        case .command(let value)?:
            writer.writeMessage(value, field: 10)
        case .getStack(let value)?:
            writer.writeMessage(value, field: 11)
        case .readEvents(let value)?:
            writer.writeMessage(value, field: 12)
        case .listStacks(let value)?:
            writer.writeMessage(value, field: 13)
        case .getStats(let value)?:
            writer.writeMessage(value, field: 14)
        case .publishProbe(let value)?:
            writer.writeMessage(value, field: 15)
        case nil:
            break
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            requestId = try reader.readString(wireType)
        case 10:
            var value = Command()
            if case .command(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .command(value)
        case 11:
            var value = GetStack()
            if case .getStack(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .getStack(value)
        case 12:
            var value = ReadEvents()
            if case .readEvents(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .readEvents(value)
        case 13:
            var value = ListStacks()
            if case .listStacks(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .listStacks(value)
        case 14:
            var value = GetStats()
            if case .getStats(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .getStats(value)
        case 15:
            var value = PublishProbe()
            if case .publishProbe(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .publishProbe(value)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.CommandResult`.
public struct CommandResult: ProtoMessage {
    /// Field 1 `uint64 first_position`: events this command appended (durable when the reply is sent).
    public var firstPosition: UInt64 = 0

    /// Field 2 `uint64 last_position`.
    public var lastPosition: UInt64 = 0

    /// Field 3 `uint64 version`: stack version after them.
    public var version: UInt64 = 0

    /// Field 4 `optional uint64 queued_behind`: The transition the command waits for: its `queued` event is
    /// first_position, and its own events come once that transition (and any command queued before it) has completed.
    /// Absent: it took effect at once.
    public var queuedBehind: UInt64? = nil

    /// Creates a `CommandResult` with every field at its default.
    public init() {}

    /// Creates a `CommandResult` from field values; omitted fields keep their defaults.
    public init(firstPosition: UInt64 = 0, lastPosition: UInt64 = 0, version: UInt64 = 0, queuedBehind: UInt64? = nil) {
        self.firstPosition = firstPosition
        self.lastPosition = lastPosition
        self.version = version
        self.queuedBehind = queuedBehind
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if firstPosition != 0 {
            writer.writeUInt64(firstPosition, field: 1)
        }
        if lastPosition != 0 {
            writer.writeUInt64(lastPosition, field: 2)
        }
        if version != 0 {
            writer.writeUInt64(version, field: 3)
        }
        if let value = queuedBehind {
            writer.writeUInt64(value, field: 4)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            firstPosition = try reader.readUInt64(wireType)
        case 2:
            lastPosition = try reader.readUInt64(wireType)
        case 3:
            version = try reader.readUInt64(wireType)
        case 4:
            queuedBehind = try reader.readUInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// A command waiting in a stack's queue (CommandQueued), in the order the queue runs them.
///
/// Proto message `segue.v1.QueuedCommand`.
public struct QueuedCommand: ProtoMessage {
    /// Field 1 `uint64 position`: of its `queued` event.
    public var position: UInt64 = 0

    /// Field 2 `string request_id`.
    public var requestId: String = ""

    /// Field 3 `Command command`: its op alone.
    public var command: Command? = nil

    /// Field 4 `uint64 gesture_id`: the back swipe it is the back key of; 0: a command.
    public var gestureId: UInt64 = 0

    /// Creates a `QueuedCommand` with every field at its default.
    public init() {}

    /// Creates a `QueuedCommand` from field values; omitted fields keep their defaults.
    public init(position: UInt64 = 0, requestId: String = "", command: Command? = nil, gestureId: UInt64 = 0) {
        self.position = position
        self.requestId = requestId
        self.command = command
        self.gestureId = gestureId
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if position != 0 {
            writer.writeUInt64(position, field: 1)
        }
        if !requestId.isEmpty {
            writer.writeString(requestId, field: 2)
        }
        if let value = command {
            writer.writeMessage(value, field: 3)
        }
        if gestureId != 0 {
            writer.writeUInt64(gestureId, field: 4)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            position = try reader.readUInt64(wireType)
        case 2:
            requestId = try reader.readString(wireType)
        case 3:
            try reader.readMessage(wireType, into: &command)
        case 4:
            gestureId = try reader.readUInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.TransitionState`.
public struct TransitionState: ProtoMessage {
    /// Field 1 `uint64 transition_id`.
    public var transitionId: UInt64 = 0

    /// Field 2 `Operation operation`.
    public var operation: Operation = .operationUnspecified

    /// Field 3 `string from_screen`.
    public var fromScreen: String = ""

    /// Field 4 `string to_screen`.
    public var toScreen: String = ""

    /// Field 5 `bool interactive`.
    public var interactive: Bool = false

    /// Field 6 `FramePhase phase`.
    public var phase: FramePhase = .framePhaseUnspecified

    /// Field 7 `double progress`: visual progress now.
    public var progress: Double = 0

    /// Field 8 `bool going_back`: While settling: the screens go back to where the transition began (a cancel, a
    /// release short of finishing, a command that turned it back) rather than on to its end.
    public var goingBack: Bool = false

    /// Creates a `TransitionState` with every field at its default.
    public init() {}

    /// Creates a `TransitionState` from field values; omitted fields keep their defaults.
    public init(
        transitionId: UInt64 = 0,
        operation: Operation = .operationUnspecified,
        fromScreen: String = "",
        toScreen: String = "",
        interactive: Bool = false,
        phase: FramePhase = .framePhaseUnspecified,
        progress: Double = 0,
        goingBack: Bool = false
    ) {
        self.transitionId = transitionId
        self.operation = operation
        self.fromScreen = fromScreen
        self.toScreen = toScreen
        self.interactive = interactive
        self.phase = phase
        self.progress = progress
        self.goingBack = goingBack
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if transitionId != 0 {
            writer.writeUInt64(transitionId, field: 1)
        }
        if operation.rawValue != 0 {
            writer.writeInt32(operation.rawValue, field: 2)
        }
        if !fromScreen.isEmpty {
            writer.writeString(fromScreen, field: 3)
        }
        if !toScreen.isEmpty {
            writer.writeString(toScreen, field: 4)
        }
        if interactive {
            writer.writeBool(interactive, field: 5)
        }
        if phase.rawValue != 0 {
            writer.writeInt32(phase.rawValue, field: 6)
        }
        if progress.bitPattern != 0 {
            writer.writeDouble(progress, field: 7)
        }
        if goingBack {
            writer.writeBool(goingBack, field: 8)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            transitionId = try reader.readUInt64(wireType)
        case 2:
            operation = try Operation(rawValue: reader.readInt32(wireType))
        case 3:
            fromScreen = try reader.readString(wireType)
        case 4:
            toScreen = try reader.readString(wireType)
        case 5:
            interactive = try reader.readBool(wireType)
        case 6:
            phase = try FramePhase(rawValue: reader.readInt32(wireType))
        case 7:
            progress = try reader.readDouble(wireType)
        case 8:
            goingBack = try reader.readBool(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.StackState`.
public struct StackState: ProtoMessage {
    /// Field 1 `string stack_id`.
    public var stackId: String = ""

    /// Field 2 `uint64 version`.
    public var version: UInt64 = 0

    /// Field 3 `repeated string screens`.
    public var screens: [String] = []

    /// Field 4 `repeated string presented`.
    public var presented: [String] = []

    /// Field 5 `repeated string tabs`.
    public var tabs: [String] = []

    /// Field 6 `uint32 selected_tab`.
    public var selectedTab: UInt32 = 0

    /// Field 7 `StackConfig config`.
    public var config: StackConfig? = nil

    /// Field 8 `TransitionState transition`: absent when idle.
    public var transition: TransitionState? = nil

    /// Field 9 `repeated uint32 presented_pages`: as in TransitionCompleted.
    public var presentedPages: [UInt32] = []

    /// Field 10 `repeated QueuedCommand queued`: commands waiting for the running transition, first to run first.
    public var queued: [QueuedCommand] = []

    /// Field 11 `uint64 last_position`: The position of the stack's newest event (ReadEvents from it, with max_count 1,
    /// reads that event).
    public var lastPosition: UInt64 = 0

    /// Creates a `StackState` with every field at its default.
    public init() {}

    /// Creates a `StackState` from field values; omitted fields keep their defaults.
    public init(
        stackId: String = "",
        version: UInt64 = 0,
        screens: [String] = [],
        presented: [String] = [],
        tabs: [String] = [],
        selectedTab: UInt32 = 0,
        config: StackConfig? = nil,
        transition: TransitionState? = nil,
        presentedPages: [UInt32] = [],
        queued: [QueuedCommand] = [],
        lastPosition: UInt64 = 0
    ) {
        self.stackId = stackId
        self.version = version
        self.screens = screens
        self.presented = presented
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.config = config
        self.transition = transition
        self.presentedPages = presentedPages
        self.queued = queued
        self.lastPosition = lastPosition
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !stackId.isEmpty {
            writer.writeString(stackId, field: 1)
        }
        if version != 0 {
            writer.writeUInt64(version, field: 2)
        }
        for value in screens {
            writer.writeString(value, field: 3)
        }
        for value in presented {
            writer.writeString(value, field: 4)
        }
        for value in tabs {
            writer.writeString(value, field: 5)
        }
        if selectedTab != 0 {
            writer.writeUInt32(selectedTab, field: 6)
        }
        if let value = config {
            writer.writeMessage(value, field: 7)
        }
        if let value = transition {
            writer.writeMessage(value, field: 8)
        }
        writer.writePacked(presentedPages, field: 9)
        for value in queued {
            writer.writeMessage(value, field: 10)
        }
        if lastPosition != 0 {
            writer.writeUInt64(lastPosition, field: 11)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            stackId = try reader.readString(wireType)
        case 2:
            version = try reader.readUInt64(wireType)
        case 3:
            screens.append(try reader.readString(wireType))
        case 4:
            presented.append(try reader.readString(wireType))
        case 5:
            tabs.append(try reader.readString(wireType))
        case 6:
            selectedTab = try reader.readUInt32(wireType)
        case 7:
            try reader.readMessage(wireType, into: &config)
        case 8:
            try reader.readMessage(wireType, into: &transition)
        case 9:
            try reader.readRepeated(wireType, into: &presentedPages)
        case 10:
            try reader.readMessage(wireType, appendingTo: &queued)
        case 11:
            lastPosition = try reader.readUInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.EventBatch`.
public struct EventBatch: ProtoMessage {
    /// Field 1 `repeated Event events`.
    public var events: [Event] = []

    /// Field 2 `uint64 next_position`: where the next read should start.
    public var nextPosition: UInt64 = 0

    /// Field 3 `uint64 head_position`: newest position in the log.
    public var headPosition: UInt64 = 0

    /// Creates an `EventBatch` with every field at its default.
    public init() {}

    /// Creates an `EventBatch` from field values; omitted fields keep their defaults.
    public init(events: [Event] = [], nextPosition: UInt64 = 0, headPosition: UInt64 = 0) {
        self.events = events
        self.nextPosition = nextPosition
        self.headPosition = headPosition
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        for value in events {
            writer.writeMessage(value, field: 1)
        }
        if nextPosition != 0 {
            writer.writeUInt64(nextPosition, field: 2)
        }
        if headPosition != 0 {
            writer.writeUInt64(headPosition, field: 3)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            try reader.readMessage(wireType, appendingTo: &events)
        case 2:
            nextPosition = try reader.readUInt64(wireType)
        case 3:
            headPosition = try reader.readUInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.StackList`.
public struct StackList: ProtoMessage {
    /// Field 1 `repeated string stack_ids`.
    public var stackIds: [String] = []

    /// Field 2 `bool more`: ids follow the last of this page: list again with after = that id.
    public var more: Bool = false

    /// Creates a `StackList` with every field at its default.
    public init() {}

    /// Creates a `StackList` from field values; omitted fields keep their defaults.
    public init(stackIds: [String] = [], more: Bool = false) {
        self.stackIds = stackIds
        self.more = more
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        for value in stackIds {
            writer.writeString(value, field: 1)
        }
        if more {
            writer.writeBool(more, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            stackIds.append(try reader.readString(wireType))
        case 2:
            more = try reader.readBool(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Stats`.
public struct Stats: ProtoMessage {
    /// Field 1 `uint64 head_position`.
    public var headPosition: UInt64 = 0

    /// Field 2 `uint64 stacks`.
    public var stacks: UInt64 = 0

    /// Field 3 `uint64 inputs_received`.
    public var inputsReceived: UInt64 = 0

    /// Field 4 `uint64 inputs_rejected`.
    public var inputsRejected: UInt64 = 0

    /// Field 5 `uint64 events_appended`.
    public var eventsAppended: UInt64 = 0

    /// Field 6 `uint64 frames_published`.
    public var framesPublished: UInt64 = 0

    /// Field 7 `uint64 log_bytes`.
    public var logBytes: UInt64 = 0

    /// Field 8 `double fsync_p99_us`.
    public var fsyncP99Us: Double = 0

    /// Field 9 `int64 uptime_us`.
    public var uptimeUs: Int64 = 0

    /// Field 10 `uint64 handshakes_refused`: CURVE clients the ZAP allowlist turned away.
    public var handshakesRefused: UInt64 = 0

    /// Field 11 `uint64 frames_skipped`: settle frames not drawn: the engine reached them more than 50 ms late.
    public var framesSkipped: UInt64 = 0

    /// Field 12 `uint64 replies_dropped`: control replies dropped: their client's queue was full (it was not reading).
    public var repliesDropped: UInt64 = 0

    /// Field 13 `uint64 messages_dropped`: messages dropped unread: more frames or bytes than the sockets take.
    public var messagesDropped: UInt64 = 0

    /// Field 14 `uint64 connections_refused`: connections closed at once: their socket had --max-connections already.
    public var connectionsRefused: UInt64 = 0

    /// Field 15 `uint64 publications_refused`: refused outright by the events socket (a slow subscriber's full queue is
    /// not: PUB drops its copy).
    public var publicationsRefused: UInt64 = 0

    /// Creates a `Stats` with every field at its default.
    public init() {}

    /// Creates a `Stats` from field values; omitted fields keep their defaults.
    public init(
        headPosition: UInt64 = 0,
        stacks: UInt64 = 0,
        inputsReceived: UInt64 = 0,
        inputsRejected: UInt64 = 0,
        eventsAppended: UInt64 = 0,
        framesPublished: UInt64 = 0,
        logBytes: UInt64 = 0,
        fsyncP99Us: Double = 0,
        uptimeUs: Int64 = 0,
        handshakesRefused: UInt64 = 0,
        framesSkipped: UInt64 = 0,
        repliesDropped: UInt64 = 0,
        messagesDropped: UInt64 = 0,
        connectionsRefused: UInt64 = 0,
        publicationsRefused: UInt64 = 0
    ) {
        self.headPosition = headPosition
        self.stacks = stacks
        self.inputsReceived = inputsReceived
        self.inputsRejected = inputsRejected
        self.eventsAppended = eventsAppended
        self.framesPublished = framesPublished
        self.logBytes = logBytes
        self.fsyncP99Us = fsyncP99Us
        self.uptimeUs = uptimeUs
        self.handshakesRefused = handshakesRefused
        self.framesSkipped = framesSkipped
        self.repliesDropped = repliesDropped
        self.messagesDropped = messagesDropped
        self.connectionsRefused = connectionsRefused
        self.publicationsRefused = publicationsRefused
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if headPosition != 0 {
            writer.writeUInt64(headPosition, field: 1)
        }
        if stacks != 0 {
            writer.writeUInt64(stacks, field: 2)
        }
        if inputsReceived != 0 {
            writer.writeUInt64(inputsReceived, field: 3)
        }
        if inputsRejected != 0 {
            writer.writeUInt64(inputsRejected, field: 4)
        }
        if eventsAppended != 0 {
            writer.writeUInt64(eventsAppended, field: 5)
        }
        if framesPublished != 0 {
            writer.writeUInt64(framesPublished, field: 6)
        }
        if logBytes != 0 {
            writer.writeUInt64(logBytes, field: 7)
        }
        if fsyncP99Us.bitPattern != 0 {
            writer.writeDouble(fsyncP99Us, field: 8)
        }
        if uptimeUs != 0 {
            writer.writeInt64(uptimeUs, field: 9)
        }
        if handshakesRefused != 0 {
            writer.writeUInt64(handshakesRefused, field: 10)
        }
        if framesSkipped != 0 {
            writer.writeUInt64(framesSkipped, field: 11)
        }
        if repliesDropped != 0 {
            writer.writeUInt64(repliesDropped, field: 12)
        }
        if messagesDropped != 0 {
            writer.writeUInt64(messagesDropped, field: 13)
        }
        if connectionsRefused != 0 {
            writer.writeUInt64(connectionsRefused, field: 14)
        }
        if publicationsRefused != 0 {
            writer.writeUInt64(publicationsRefused, field: 15)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            headPosition = try reader.readUInt64(wireType)
        case 2:
            stacks = try reader.readUInt64(wireType)
        case 3:
            inputsReceived = try reader.readUInt64(wireType)
        case 4:
            inputsRejected = try reader.readUInt64(wireType)
        case 5:
            eventsAppended = try reader.readUInt64(wireType)
        case 6:
            framesPublished = try reader.readUInt64(wireType)
        case 7:
            logBytes = try reader.readUInt64(wireType)
        case 8:
            fsyncP99Us = try reader.readDouble(wireType)
        case 9:
            uptimeUs = try reader.readInt64(wireType)
        case 10:
            handshakesRefused = try reader.readUInt64(wireType)
        case 11:
            framesSkipped = try reader.readUInt64(wireType)
        case 12:
            repliesDropped = try reader.readUInt64(wireType)
        case 13:
            messagesDropped = try reader.readUInt64(wireType)
        case 14:
            connectionsRefused = try reader.readUInt64(wireType)
        case 15:
            publicationsRefused = try reader.readUInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.Reply`.
public struct Reply: ProtoMessage {
    /// Field 1 `string request_id`.
    public var requestId: String = ""

    /// Field 2 `Error error`: absent on success.
    public var error: ErrorDetail? = nil

    /// The members of oneof `body`; at most one is set.
    public enum Body: Sendable, Hashable {
        /// Field 10 `CommandResult command`.
        case command(CommandResult)
        /// Field 11 `StackState stack`.
        indirect case stack(StackState)
        /// Field 12 `EventBatch events`.
        case events(EventBatch)
        /// Field 13 `StackList stacks`.
        case stacks(StackList)
        /// Field 14 `Stats stats`.
        case stats(Stats)
    }

    /// Oneof `body`: the member that is set, or nil when none is.
    public var body: Body? = nil

    /// Creates a `Reply` with every field at its default.
    public init() {}

    /// Creates a `Reply` from field values; omitted fields keep their defaults.
    public init(requestId: String = "", error: ErrorDetail? = nil, body: Body? = nil) {
        self.requestId = requestId
        self.error = error
        self.body = body
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !requestId.isEmpty {
            writer.writeString(requestId, field: 1)
        }
        if let value = error {
            writer.writeMessage(value, field: 2)
        }
        switch body {
        case .command(let value)?:
            writer.writeMessage(value, field: 10)
        case .stack(let value)?:
            writer.writeMessage(value, field: 11)
        case .events(let value)?:
            writer.writeMessage(value, field: 12)
        case .stacks(let value)?:
            writer.writeMessage(value, field: 13)
        case .stats(let value)?:
            writer.writeMessage(value, field: 14)
        case nil:
            break
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            requestId = try reader.readString(wireType)
        case 2:
            try reader.readMessage(wireType, into: &error)
        case 10:
            var value = CommandResult()
            if case .command(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .command(value)
        case 11:
            var value = StackState()
            if case .stack(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .stack(value)
        case 12:
            var value = EventBatch()
            if case .events(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .events(value)
        case 13:
            var value = StackList()
            if case .stacks(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .stacks(value)
        case 14:
            var value = Stats()
            if case .stats(let existing)? = body {
                value = existing
                body = nil
            }
            try reader.readMessage(wireType, into: &value)
            body = .stats(value)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Every stack's state after the event at `position`: exactly what replaying the log up to there folds.
///
/// Proto message `segue.v1.Snapshot`.
public struct Snapshot: ProtoMessage {
    /// Field 1 `uint64 position`: newest event covered.
    public var position: UInt64 = 0

    /// Field 2 `int64 time_us`: engine clock then: the time of that event.
    public var timeUs: Int64 = 0

    /// Field 3 `repeated StackSnapshot stacks`: sorted by stack_id.
    public var stacks: [StackSnapshot] = []

    /// Field 4 `StreamCursor stream_cursor`: in cluster mode: where in the shard's stream this state was taken.
    public var streamCursor: StreamCursor? = nil

    /// Creates a `Snapshot` with every field at its default.
    public init() {}

    /// Creates a `Snapshot` from field values; omitted fields keep their defaults.
    public init(
        position: UInt64 = 0,
        timeUs: Int64 = 0,
        stacks: [StackSnapshot] = [],
        streamCursor: StreamCursor? = nil
    ) {
        self.position = position
        self.timeUs = timeUs
        self.stacks = stacks
        self.streamCursor = streamCursor
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if position != 0 {
            writer.writeUInt64(position, field: 1)
        }
        if timeUs != 0 {
            writer.writeInt64(timeUs, field: 2)
        }
        for value in stacks {
            writer.writeMessage(value, field: 3)
        }
        if let value = streamCursor {
            writer.writeMessage(value, field: 4)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            position = try reader.readUInt64(wireType)
        case 2:
            timeUs = try reader.readInt64(wireType)
        case 3:
            try reader.readMessage(wireType, appendingTo: &stacks)
        case 4:
            try reader.readMessage(wireType, into: &streamCursor)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Where a daemon was in its shard's stream (cluster mode) when its state reached a snapshot's position: the stream
/// sequence of the last message that state includes, and the tenure then in force (the sequence of the newest marker).
/// A daemon restarted from the snapshot follows the stream from sequence + 1, not from its start.
///
/// Proto message `segue.v1.StreamCursor`.
public struct StreamCursor: ProtoMessage {
    /// Field 1 `uint64 sequence`.
    public var sequence: UInt64 = 0

    /// Field 2 `uint64 tenure`.
    public var tenure: UInt64 = 0

    /// Creates a `StreamCursor` with every field at its default.
    public init() {}

    /// Creates a `StreamCursor` from field values; omitted fields keep their defaults.
    public init(sequence: UInt64 = 0, tenure: UInt64 = 0) {
        self.sequence = sequence
        self.tenure = tenure
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if sequence != 0 {
            writer.writeUInt64(sequence, field: 1)
        }
        if tenure != 0 {
            writer.writeUInt64(tenure, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            sequence = try reader.readUInt64(wireType)
        case 2:
            tenure = try reader.readUInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.StackSnapshot`.
public struct StackSnapshot: ProtoMessage {
    /// Field 1 `string stack_id`.
    public var stackId: String = ""

    /// Field 2 `uint64 version`.
    public var version: UInt64 = 0

    /// Field 3 `repeated string screens`.
    public var screens: [String] = []

    /// Field 4 `repeated string presented`.
    public var presented: [String] = []

    /// Field 5 `repeated string tabs`.
    public var tabs: [String] = []

    /// Field 6 `uint32 selected_tab`.
    public var selectedTab: UInt32 = 0

    /// Field 7 `StackConfig config`: as created (defaults filled in), with resizes applied.
    public var config: StackConfig? = nil

    /// Field 8 `repeated ScreenOptionsSet screen_options`: sorted by screen.
    public var screenOptions: [ScreenOptionsSet] = []

    /// Field 9 `uint64 last_transition_id`.
    public var lastTransitionId: UInt64 = 0

    /// Field 10 `uint64 last_position`: position of the stack's newest event.
    public var lastPosition: UInt64 = 0

    /// Field 11 `TransitionSnapshot transition`: absent when idle.
    public var transition: TransitionSnapshot? = nil

    /// Field 12 `repeated uint32 presented_pages`: as in TransitionCompleted.
    public var presentedPages: [UInt32] = []

    /// Field 13 `repeated QueuedCommand queued`: as in StackState.
    public var queued: [QueuedCommand] = []

    /// Creates a `StackSnapshot` with every field at its default.
    public init() {}

    /// Creates a `StackSnapshot` from field values; omitted fields keep their defaults.
    public init(
        stackId: String = "",
        version: UInt64 = 0,
        screens: [String] = [],
        presented: [String] = [],
        tabs: [String] = [],
        selectedTab: UInt32 = 0,
        config: StackConfig? = nil,
        screenOptions: [ScreenOptionsSet] = [],
        lastTransitionId: UInt64 = 0,
        lastPosition: UInt64 = 0,
        transition: TransitionSnapshot? = nil,
        presentedPages: [UInt32] = [],
        queued: [QueuedCommand] = []
    ) {
        self.stackId = stackId
        self.version = version
        self.screens = screens
        self.presented = presented
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.config = config
        self.screenOptions = screenOptions
        self.lastTransitionId = lastTransitionId
        self.lastPosition = lastPosition
        self.transition = transition
        self.presentedPages = presentedPages
        self.queued = queued
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !stackId.isEmpty {
            writer.writeString(stackId, field: 1)
        }
        if version != 0 {
            writer.writeUInt64(version, field: 2)
        }
        for value in screens {
            writer.writeString(value, field: 3)
        }
        for value in presented {
            writer.writeString(value, field: 4)
        }
        for value in tabs {
            writer.writeString(value, field: 5)
        }
        if selectedTab != 0 {
            writer.writeUInt32(selectedTab, field: 6)
        }
        if let value = config {
            writer.writeMessage(value, field: 7)
        }
        for value in screenOptions {
            writer.writeMessage(value, field: 8)
        }
        if lastTransitionId != 0 {
            writer.writeUInt64(lastTransitionId, field: 9)
        }
        if lastPosition != 0 {
            writer.writeUInt64(lastPosition, field: 10)
        }
        if let value = transition {
            writer.writeMessage(value, field: 11)
        }
        writer.writePacked(presentedPages, field: 12)
        for value in queued {
            writer.writeMessage(value, field: 13)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            stackId = try reader.readString(wireType)
        case 2:
            version = try reader.readUInt64(wireType)
        case 3:
            screens.append(try reader.readString(wireType))
        case 4:
            presented.append(try reader.readString(wireType))
        case 5:
            tabs.append(try reader.readString(wireType))
        case 6:
            selectedTab = try reader.readUInt32(wireType)
        case 7:
            try reader.readMessage(wireType, into: &config)
        case 8:
            try reader.readMessage(wireType, appendingTo: &screenOptions)
        case 9:
            lastTransitionId = try reader.readUInt64(wireType)
        case 10:
            lastPosition = try reader.readUInt64(wireType)
        case 11:
            try reader.readMessage(wireType, into: &transition)
        case 12:
            try reader.readRepeated(wireType, into: &presentedPages)
        case 13:
            try reader.readMessage(wireType, appendingTo: &queued)
        default:
            try reader.skip(wireType)
        }
    }
}

/// A transition in flight, as its events left it.
///
/// Proto message `segue.v1.TransitionSnapshot`.
public struct TransitionSnapshot: ProtoMessage {
    /// Field 1 `uint64 transition_id`.
    public var transitionId: UInt64 = 0

    /// Field 2 `Operation operation`.
    public var operation: Operation = .operationUnspecified

    /// Field 3 `string from_screen`.
    public var fromScreen: String = ""

    /// Field 4 `string to_screen`.
    public var toScreen: String = ""

    /// Field 5 `bool interactive`.
    public var interactive: Bool = false

    /// Field 6 `uint64 gesture_id`.
    public var gestureId: UInt64 = 0

    /// Field 7 `string request_id`.
    public var requestId: String = ""

    /// Field 8 `double gesture_sign`: +1 when swiping toward back advances it, -1 when that undoes it.
    public var gestureSign: Double = 0

    /// Field 9 `bool toward_higher_index`.
    public var towardHigherIndex: Bool = false

    /// The members of oneof `phase`; at most one is set.
    public enum Phase: Sendable, Hashable {
        /// Field 10 `AnimatingSnapshot animating`.
        case animating(AnimatingSnapshot)
        /// Field 11 `TrackingSnapshot tracking`.
        case tracking(TrackingSnapshot)
        /// Field 12 `SettlingSnapshot settling`.
        case settling(SettlingSnapshot)
    }

    /// Oneof `phase`: the member that is set, or nil when none is.
    public var phase: Phase? = nil

    /// Field 13 `uint64 frame_sequence`: Frames the transition's events imply so far (its TRACKING frames, and the
    /// frames of settles that were caught), not counting those of the settle in progress: the frame sequence continues
    /// from it after a restart.
    public var frameSequence: UInt64 = 0

    /// Field 14 `bool caught`: a gesture caught it while it settled.
    public var caught: Bool = false

    /// Field 15 `SwipeEdge swipe_edge`.
    public var swipeEdge: SwipeEdge = .swipeEdgeUnspecified

    /// Field 16 `double vertical_translation`: the finger's latest since the transition began (android).
    public var verticalTranslation: Double = 0

    /// Field 17 `double start_translation_y`: the BEGAN's vertical translation (TransitionBegan.start_translation).
    public var startTranslationY: Double = 0

    /// Creates a `TransitionSnapshot` with every field at its default.
    public init() {}

    /// Creates a `TransitionSnapshot` from field values; omitted fields keep their defaults.
    public init(
        transitionId: UInt64 = 0,
        operation: Operation = .operationUnspecified,
        fromScreen: String = "",
        toScreen: String = "",
        interactive: Bool = false,
        gestureId: UInt64 = 0,
        requestId: String = "",
        gestureSign: Double = 0,
        towardHigherIndex: Bool = false,
        phase: Phase? = nil,
        frameSequence: UInt64 = 0,
        caught: Bool = false,
        swipeEdge: SwipeEdge = .swipeEdgeUnspecified,
        verticalTranslation: Double = 0,
        startTranslationY: Double = 0
    ) {
        self.transitionId = transitionId
        self.operation = operation
        self.fromScreen = fromScreen
        self.toScreen = toScreen
        self.interactive = interactive
        self.gestureId = gestureId
        self.requestId = requestId
        self.gestureSign = gestureSign
        self.towardHigherIndex = towardHigherIndex
        self.phase = phase
        self.frameSequence = frameSequence
        self.caught = caught
        self.swipeEdge = swipeEdge
        self.verticalTranslation = verticalTranslation
        self.startTranslationY = startTranslationY
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if transitionId != 0 {
            writer.writeUInt64(transitionId, field: 1)
        }
        if operation.rawValue != 0 {
            writer.writeInt32(operation.rawValue, field: 2)
        }
        if !fromScreen.isEmpty {
            writer.writeString(fromScreen, field: 3)
        }
        if !toScreen.isEmpty {
            writer.writeString(toScreen, field: 4)
        }
        if interactive {
            writer.writeBool(interactive, field: 5)
        }
        if gestureId != 0 {
            writer.writeUInt64(gestureId, field: 6)
        }
        if !requestId.isEmpty {
            writer.writeString(requestId, field: 7)
        }
        if gestureSign.bitPattern != 0 {
            writer.writeDouble(gestureSign, field: 8)
        }
        if towardHigherIndex {
            writer.writeBool(towardHigherIndex, field: 9)
        }
        switch phase {
        case .animating(let value)?:
            writer.writeMessage(value, field: 10)
        case .tracking(let value)?:
            writer.writeMessage(value, field: 11)
        case .settling(let value)?:
            writer.writeMessage(value, field: 12)
        case nil:
            break
        }
        if frameSequence != 0 {
            writer.writeUInt64(frameSequence, field: 13)
        }
        if caught {
            writer.writeBool(caught, field: 14)
        }
        if swipeEdge.rawValue != 0 {
            writer.writeInt32(swipeEdge.rawValue, field: 15)
        }
        if verticalTranslation.bitPattern != 0 {
            writer.writeDouble(verticalTranslation, field: 16)
        }
        if startTranslationY.bitPattern != 0 {
            writer.writeDouble(startTranslationY, field: 17)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            transitionId = try reader.readUInt64(wireType)
        case 2:
            operation = try Operation(rawValue: reader.readInt32(wireType))
        case 3:
            fromScreen = try reader.readString(wireType)
        case 4:
            toScreen = try reader.readString(wireType)
        case 5:
            interactive = try reader.readBool(wireType)
        case 6:
            gestureId = try reader.readUInt64(wireType)
        case 7:
            requestId = try reader.readString(wireType)
        case 8:
            gestureSign = try reader.readDouble(wireType)
        case 9:
            towardHigherIndex = try reader.readBool(wireType)
        case 10:
            var value = AnimatingSnapshot()
            if case .animating(let existing)? = phase {
                value = existing
                phase = nil
            }
            try reader.readMessage(wireType, into: &value)
            phase = .animating(value)
        case 11:
            var value = TrackingSnapshot()
            if case .tracking(let existing)? = phase {
                value = existing
                phase = nil
            }
            try reader.readMessage(wireType, into: &value)
            phase = .tracking(value)
        case 12:
            var value = SettlingSnapshot()
            if case .settling(let existing)? = phase {
                value = existing
                phase = nil
            }
            try reader.readMessage(wireType, into: &value)
            phase = .settling(value)
        case 13:
            frameSequence = try reader.readUInt64(wireType)
        case 14:
            caught = try reader.readBool(wireType)
        case 15:
            swipeEdge = try SwipeEdge(rawValue: reader.readInt32(wireType))
        case 16:
            verticalTranslation = try reader.readDouble(wireType)
        case 17:
            startTranslationY = try reader.readDouble(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.AnimatingSnapshot`.
public struct AnimatingSnapshot: ProtoMessage {
    /// Creates an `AnimatingSnapshot` with every field at its default.
    public init() {}

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {}

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        try reader.skip(wireType)
    }
}

/// Proto message `segue.v1.TrackingSnapshot`.
public struct TrackingSnapshot: ProtoMessage {
    /// Field 1 `double caught_fraction`.
    public var caughtFraction: Double = 0

    /// Field 2 `double fraction`.
    public var fraction: Double = 0

    /// Field 3 `double progress`.
    public var progress: Double = 0

    /// Field 4 `double translation`.
    public var translation: Double = 0

    /// Field 5 `int64 last_sample_us`.
    public var lastSampleUs: Int64 = 0

    /// Field 6 `ProgressSpringState spring`: profiles whose progress reaches the screens through a spring (android).
    public var spring: ProgressSpringState? = nil

    /// Creates a `TrackingSnapshot` with every field at its default.
    public init() {}

    /// Creates a `TrackingSnapshot` from field values; omitted fields keep their defaults.
    public init(
        caughtFraction: Double = 0,
        fraction: Double = 0,
        progress: Double = 0,
        translation: Double = 0,
        lastSampleUs: Int64 = 0,
        spring: ProgressSpringState? = nil
    ) {
        self.caughtFraction = caughtFraction
        self.fraction = fraction
        self.progress = progress
        self.translation = translation
        self.lastSampleUs = lastSampleUs
        self.spring = spring
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if caughtFraction.bitPattern != 0 {
            writer.writeDouble(caughtFraction, field: 1)
        }
        if fraction.bitPattern != 0 {
            writer.writeDouble(fraction, field: 2)
        }
        if progress.bitPattern != 0 {
            writer.writeDouble(progress, field: 3)
        }
        if translation.bitPattern != 0 {
            writer.writeDouble(translation, field: 4)
        }
        if lastSampleUs != 0 {
            writer.writeInt64(lastSampleUs, field: 5)
        }
        if let value = spring {
            writer.writeMessage(value, field: 6)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            caughtFraction = try reader.readDouble(wireType)
        case 2:
            fraction = try reader.readDouble(wireType)
        case 3:
            progress = try reader.readDouble(wireType)
        case 4:
            translation = try reader.readDouble(wireType)
        case 5:
            lastSampleUs = try reader.readInt64(wireType)
        case 6:
            try reader.readMessage(wireType, into: &spring)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Android's progress spring between two frames (BackProgressSpring): values in progress x 100, each a 32-bit float
/// held exactly in a double.
///
/// Proto message `segue.v1.ProgressSpringState`.
public struct ProgressSpringState: ProtoMessage {
    /// Field 1 `double position`: the animated value.
    public var position: Double = 0

    /// Field 2 `double velocity`.
    public var velocity: Double = 0

    /// Field 3 `double final_position`.
    public var finalPosition: Double = 0

    /// Field 4 `optional double pending_position`.
    public var pendingPosition: Double? = nil

    /// Field 5 `bool running`.
    public var running: Bool = false

    /// Field 6 `bool end_requested`.
    public var endRequested: Bool = false

    /// Field 7 `optional int64 last_frame_ms`.
    public var lastFrameMs: Int64? = nil

    /// Creates a `ProgressSpringState` with every field at its default.
    public init() {}

    /// Creates a `ProgressSpringState` from field values; omitted fields keep their defaults.
    public init(
        position: Double = 0,
        velocity: Double = 0,
        finalPosition: Double = 0,
        pendingPosition: Double? = nil,
        running: Bool = false,
        endRequested: Bool = false,
        lastFrameMs: Int64? = nil
    ) {
        self.position = position
        self.velocity = velocity
        self.finalPosition = finalPosition
        self.pendingPosition = pendingPosition
        self.running = running
        self.endRequested = endRequested
        self.lastFrameMs = lastFrameMs
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if position.bitPattern != 0 {
            writer.writeDouble(position, field: 1)
        }
        if velocity.bitPattern != 0 {
            writer.writeDouble(velocity, field: 2)
        }
        if finalPosition.bitPattern != 0 {
            writer.writeDouble(finalPosition, field: 3)
        }
        if let value = pendingPosition {
            writer.writeDouble(value, field: 4)
        }
        if running {
            writer.writeBool(running, field: 5)
        }
        if endRequested {
            writer.writeBool(endRequested, field: 6)
        }
        if let value = lastFrameMs {
            writer.writeInt64(value, field: 7)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            position = try reader.readDouble(wireType)
        case 2:
            velocity = try reader.readDouble(wireType)
        case 3:
            finalPosition = try reader.readDouble(wireType)
        case 4:
            pendingPosition = try reader.readDouble(wireType)
        case 5:
            running = try reader.readBool(wireType)
        case 6:
            endRequested = try reader.readBool(wireType)
        case 7:
            lastFrameMs = try reader.readInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.SettlingSnapshot`.
public struct SettlingSnapshot: ProtoMessage {
    /// Field 1 `int64 start_us`.
    public var startUs: Int64 = 0

    /// Field 2 `int64 duration_us`.
    public var durationUs: Int64 = 0

    /// Field 3 `double from_fraction`.
    public var fromFraction: Double = 0

    /// Field 4 `double target_fraction`.
    public var targetFraction: Double = 0

    /// The members of oneof `curve`; at most one is set.
    public enum Curve: Sendable, Hashable {
        /// Field 5 `BezierCurve bezier`.
        case bezier(BezierCurve)
        /// Field 6 `SpringCurve spring`.
        case spring(SpringCurve)
        /// Field 7 `TimelineCurve timeline`.
        case timeline(TimelineCurve)
        /// Field 8 `RestingSpringCurve resting_spring`.
        case restingSpring(RestingSpringCurve)
        /// Field 9 `CosineCurve accelerate_decelerate`.
        case accelerateDecelerate(CosineCurve)
        /// Field 10 `ProgressSpringCurve progress_spring`.
        case progressSpring(ProgressSpringCurve)
    }

    /// Oneof `curve`: the member that is set, or nil when none is.
    public var curve: Curve? = nil

    /// Creates a `SettlingSnapshot` with every field at its default.
    public init() {}

    /// Creates a `SettlingSnapshot` from field values; omitted fields keep their defaults.
    public init(
        startUs: Int64 = 0,
        durationUs: Int64 = 0,
        fromFraction: Double = 0,
        targetFraction: Double = 0,
        curve: Curve? = nil
    ) {
        self.startUs = startUs
        self.durationUs = durationUs
        self.fromFraction = fromFraction
        self.targetFraction = targetFraction
        self.curve = curve
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if startUs != 0 {
            writer.writeInt64(startUs, field: 1)
        }
        if durationUs != 0 {
            writer.writeInt64(durationUs, field: 2)
        }
        if fromFraction.bitPattern != 0 {
            writer.writeDouble(fromFraction, field: 3)
        }
        if targetFraction.bitPattern != 0 {
            writer.writeDouble(targetFraction, field: 4)
        }
        switch curve {
        case .bezier(let value)?:
            writer.writeMessage(value, field: 5)
        case .spring(let value)?:
            writer.writeMessage(value, field: 6)
        case .timeline(let value)?:
            writer.writeMessage(value, field: 7)
        case .restingSpring(let value)?:
            writer.writeMessage(value, field: 8)
        case .accelerateDecelerate(let value)?:
            writer.writeMessage(value, field: 9)
        case .progressSpring(let value)?:
            writer.writeMessage(value, field: 10)
        case nil:
            break
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            startUs = try reader.readInt64(wireType)
        case 2:
            durationUs = try reader.readInt64(wireType)
        case 3:
            fromFraction = try reader.readDouble(wireType)
        case 4:
            targetFraction = try reader.readDouble(wireType)
        case 5:
            var value = BezierCurve()
            if case .bezier(let existing)? = curve {
                value = existing
                curve = nil
            }
            try reader.readMessage(wireType, into: &value)
            curve = .bezier(value)
        case 6:
            var value = SpringCurve()
            if case .spring(let existing)? = curve {
                value = existing
                curve = nil
            }
            try reader.readMessage(wireType, into: &value)
            curve = .spring(value)
        case 7:
            var value = TimelineCurve()
            if case .timeline(let existing)? = curve {
                value = existing
                curve = nil
            }
            try reader.readMessage(wireType, into: &value)
            curve = .timeline(value)
        case 8:
            var value = RestingSpringCurve()
            if case .restingSpring(let existing)? = curve {
                value = existing
                curve = nil
            }
            try reader.readMessage(wireType, into: &value)
            curve = .restingSpring(value)
        case 9:
            var value = CosineCurve()
            if case .accelerateDecelerate(let existing)? = curve {
                value = existing
                curve = nil
            }
            try reader.readMessage(wireType, into: &value)
            curve = .accelerateDecelerate(value)
        case 10:
            var value = ProgressSpringCurve()
            if case .progressSpring(let existing)? = curve {
                value = existing
                curve = nil
            }
            try reader.readMessage(wireType, into: &value)
            curve = .progressSpring(value)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Android's default animator curve, cos((t + 1) pi) / 2 + 0.5.
///
/// Proto message `segue.v1.CosineCurve`.
public struct CosineCurve: ProtoMessage {
    /// Creates a `CosineCurve` with every field at its default.
    public init() {}

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {}

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        try reader.skip(wireType)
    }
}

/// Android's progress spring as the settle started, stepped at the settle's frames.
///
/// Proto message `segue.v1.ProgressSpringCurve`.
public struct ProgressSpringCurve: ProtoMessage {
    /// Field 1 `ProgressSpringState spring`.
    public var spring: ProgressSpringState? = nil

    /// Field 2 `uint32 fps`.
    public var fps: UInt32 = 0

    /// Creates a `ProgressSpringCurve` with every field at its default.
    public init() {}

    /// Creates a `ProgressSpringCurve` from field values; omitted fields keep their defaults.
    public init(spring: ProgressSpringState? = nil, fps: UInt32 = 0) {
        self.spring = spring
        self.fps = fps
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if let value = spring {
            writer.writeMessage(value, field: 1)
        }
        if fps != 0 {
            writer.writeUInt32(fps, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            try reader.readMessage(wireType, into: &spring)
        case 2:
            fps = try reader.readUInt32(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.BezierCurve`.
public struct BezierCurve: ProtoMessage {
    /// Field 1 `double x1`.
    public var x1: Double = 0

    /// Field 2 `double y1`.
    public var y1: Double = 0

    /// Field 3 `double x2`.
    public var x2: Double = 0

    /// Field 4 `double y2`.
    public var y2: Double = 0

    /// Field 5 `bool solved_as_flutter`: Solved for time as Flutter solves it (bisection to within 0.001 of the time:
    /// revision-2 flutter), not exactly.
    public var solvedAsFlutter: Bool = false

    /// Creates a `BezierCurve` with every field at its default.
    public init() {}

    /// Creates a `BezierCurve` from field values; omitted fields keep their defaults.
    public init(x1: Double = 0, y1: Double = 0, x2: Double = 0, y2: Double = 0, solvedAsFlutter: Bool = false) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        self.solvedAsFlutter = solvedAsFlutter
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if x1.bitPattern != 0 {
            writer.writeDouble(x1, field: 1)
        }
        if y1.bitPattern != 0 {
            writer.writeDouble(y1, field: 2)
        }
        if x2.bitPattern != 0 {
            writer.writeDouble(x2, field: 3)
        }
        if y2.bitPattern != 0 {
            writer.writeDouble(y2, field: 4)
        }
        if solvedAsFlutter {
            writer.writeBool(solvedAsFlutter, field: 5)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            x1 = try reader.readDouble(wireType)
        case 2:
            y1 = try reader.readDouble(wireType)
        case 3:
            x2 = try reader.readDouble(wireType)
        case 4:
            y2 = try reader.readDouble(wireType)
        case 5:
            solvedAsFlutter = try reader.readBool(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.SpringCurve`.
public struct SpringCurve: ProtoMessage {
    /// Field 1 `double damping_ratio`.
    public var dampingRatio: Double = 0

    /// Field 2 `double initial_velocity`: remaining distances per second toward the target.
    public var initialVelocity: Double = 0

    /// Creates a `SpringCurve` with every field at its default.
    public init() {}

    /// Creates a `SpringCurve` from field values; omitted fields keep their defaults.
    public init(dampingRatio: Double = 0, initialVelocity: Double = 0) {
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if dampingRatio.bitPattern != 0 {
            writer.writeDouble(dampingRatio, field: 1)
        }
        if initialVelocity.bitPattern != 0 {
            writer.writeDouble(initialVelocity, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            dampingRatio = try reader.readDouble(wireType)
        case 2:
            initialVelocity = try reader.readDouble(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// A percent-driven settle: the animation's time runs from from_fraction to the target along `completion`, and the
/// screens sit at `view`'s value of that time.
///
/// Proto message `segue.v1.TimelineCurve`.
public struct TimelineCurve: ProtoMessage {
    /// Field 1 `BezierCurve view`.
    public var view: BezierCurve? = nil

    /// Field 2 `BezierCurve completion`.
    public var completion: BezierCurve? = nil

    /// Creates a `TimelineCurve` with every field at its default.
    public init() {}

    /// Creates a `TimelineCurve` from field values; omitted fields keep their defaults.
    public init(view: BezierCurve? = nil, completion: BezierCurve? = nil) {
        self.view = view
        self.completion = completion
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if let value = view {
            writer.writeMessage(value, field: 1)
        }
        if let value = completion {
            writer.writeMessage(value, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            try reader.readMessage(wireType, into: &view)
        case 2:
            try reader.readMessage(wireType, into: &completion)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Proto message `segue.v1.RestingSpringCurve`.
public struct RestingSpringCurve: ProtoMessage {
    /// Field 1 `double response`: seconds.
    public var response: Double = 0

    /// Field 2 `double damping_ratio`.
    public var dampingRatio: Double = 0

    /// Field 3 `double initial_velocity`: remaining distances per second toward the target.
    public var initialVelocity: Double = 0

    /// Creates a `RestingSpringCurve` with every field at its default.
    public init() {}

    /// Creates a `RestingSpringCurve` from field values; omitted fields keep their defaults.
    public init(response: Double = 0, dampingRatio: Double = 0, initialVelocity: Double = 0) {
        self.response = response
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if response.bitPattern != 0 {
            writer.writeDouble(response, field: 1)
        }
        if dampingRatio.bitPattern != 0 {
            writer.writeDouble(dampingRatio, field: 2)
        }
        if initialVelocity.bitPattern != 0 {
            writer.writeDouble(initialVelocity, field: 3)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            response = try reader.readDouble(wireType)
        case 2:
            dampingRatio = try reader.readDouble(wireType)
        case 3:
            initialVelocity = try reader.readDouble(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Who holds shard K: the body of the value of key shard-<K> in the JetStream key-value bucket segue-leases while a
/// daemon holds it, and the lease in the marker it appends on segue.shard.<K>.leader when it takes the shard over. The
/// endpoints are empty until the daemon has bound them.
///
/// Proto message `segue.v1.ShardLease`.
public struct ShardLease: ProtoMessage {
    /// Field 1 `string node`: the daemon's --node name.
    public var node: String = ""

    /// Field 2 `uint32 shard`.
    public var shard: UInt32 = 0

    /// Field 3 `uint32 shards`: how many shards the cluster has.
    public var shards: UInt32 = 0

    /// Field 4 `string ingest`.
    public var ingest: String = ""

    /// Field 5 `string control`.
    public var control: String = ""

    /// Field 6 `string events`.
    public var events: String = ""

    /// Field 7 `string presence`: A core NATS subject the holder answers requests on while its process and its
    /// connection live (empty until it does): a standby that gets "no responders" there for a quarter of the lease and
    /// 100 ms takes the shard over without waiting for the lease to lapse. The marker it appends fences the holder off,
    /// should it still be alive.
    public var presence: String = ""

    /// Creates a `ShardLease` with every field at its default.
    public init() {}

    /// Creates a `ShardLease` from field values; omitted fields keep their defaults.
    public init(
        node: String = "",
        shard: UInt32 = 0,
        shards: UInt32 = 0,
        ingest: String = "",
        control: String = "",
        events: String = "",
        presence: String = ""
    ) {
        self.node = node
        self.shard = shard
        self.shards = shards
        self.ingest = ingest
        self.control = control
        self.events = events
        self.presence = presence
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !node.isEmpty {
            writer.writeString(node, field: 1)
        }
        if shard != 0 {
            writer.writeUInt32(shard, field: 2)
        }
        if shards != 0 {
            writer.writeUInt32(shards, field: 3)
        }
        if !ingest.isEmpty {
            writer.writeString(ingest, field: 4)
        }
        if !control.isEmpty {
            writer.writeString(control, field: 5)
        }
        if !events.isEmpty {
            writer.writeString(events, field: 6)
        }
        if !presence.isEmpty {
            writer.writeString(presence, field: 7)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            node = try reader.readString(wireType)
        case 2:
            shard = try reader.readUInt32(wireType)
        case 3:
            shards = try reader.readUInt32(wireType)
        case 4:
            ingest = try reader.readString(wireType)
        case 5:
            control = try reader.readString(wireType)
        case 6:
            events = try reader.readString(wireType)
        case 7:
            presence = try reader.readString(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// Every message of a shard's stream, every lease and every setting a daemon records is a SignedRecord: the bytes of
/// the record and an Ed25519 signature by the cluster's signing key (segued --cluster-key) over the record's place
/// followed by a newline and the bytes. The place is the subject for a stream message (segue.shard.<K>.events or
/// segue.shard.<K>.leader) and "<bucket>/<key>" for a key-value entry, so that no record is valid anywhere else.
/// Readers refuse (and count) what does not decode or verify.
///
/// Proto message `segue.v1.SignedRecord`.
public struct SignedRecord: ProtoMessage {
    /// Field 1 `bytes record`.
    public var record: [UInt8] = []

    /// Field 2 `bytes signature`: 64 bytes.
    public var signature: [UInt8] = []

    /// Creates a `SignedRecord` with every field at its default.
    public init() {}

    /// Creates a `SignedRecord` from field values; omitted fields keep their defaults.
    public init(record: [UInt8] = [], signature: [UInt8] = []) {
        self.record = record
        self.signature = signature
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if !record.isEmpty {
            writer.writeBytes(record, field: 1)
        }
        if !signature.isEmpty {
            writer.writeBytes(signature, field: 2)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            record = try reader.readBytes(wireType)
        case 2:
            signature = try reader.readBytes(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// The record of a message on segue.shard.<K>.events: some of the events of one engine batch, written by the holder
/// whose marker is at stream sequence `tenure`. A batch too large for one NATS message (the servers' max_payload) is
/// split across consecutive messages; all but the last have `continued`. Readers apply a batch only once its last part
/// has arrived, and drop the parts of a batch that a marker interrupts (its holder was fenced off before it finished,
/// so no command of it was acknowledged).
///
/// Proto message `segue.v1.ShardBatchPart`.
public struct ShardBatchPart: ProtoMessage {
    /// Field 1 `uint64 tenure`.
    public var tenure: UInt64 = 0

    /// Field 2 `repeated Event events`: consecutive positions, following the previous part's.
    public var events: [Event] = []

    /// Field 3 `bool continued`.
    public var continued: Bool = false

    /// Creates a `ShardBatchPart` with every field at its default.
    public init() {}

    /// Creates a `ShardBatchPart` from field values; omitted fields keep their defaults.
    public init(tenure: UInt64 = 0, events: [Event] = [], continued: Bool = false) {
        self.tenure = tenure
        self.events = events
        self.continued = continued
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if tenure != 0 {
            writer.writeUInt64(tenure, field: 1)
        }
        for value in events {
            writer.writeMessage(value, field: 2)
        }
        if continued {
            writer.writeBool(continued, field: 3)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            tenure = try reader.readUInt64(wireType)
        case 2:
            try reader.readMessage(wireType, appendingTo: &events)
        case 3:
            continued = try reader.readBool(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}

/// The record of a message on segue.shard.<K>.leader: a daemon took the shard over. It is valid only at stream sequence
/// after_sequence + 1 (the end of the stream it read, plus one), so a copy published again is refused. A reader that
/// starts at the newest marker knows from it the tenure and the position the log continues at.
///
/// Proto message `segue.v1.ShardMarker`.
public struct ShardMarker: ProtoMessage {
    /// Field 1 `ShardLease lease`.
    public var lease: ShardLease? = nil

    /// Field 2 `uint64 after_sequence`.
    public var afterSequence: UInt64 = 0

    /// Field 3 `uint64 next_position`: the position of the first event the new holder appends.
    public var nextPosition: UInt64 = 0

    /// Creates a `ShardMarker` with every field at its default.
    public init() {}

    /// Creates a `ShardMarker` from field values; omitted fields keep their defaults.
    public init(lease: ShardLease? = nil, afterSequence: UInt64 = 0, nextPosition: UInt64 = 0) {
        self.lease = lease
        self.afterSequence = afterSequence
        self.nextPosition = nextPosition
    }

    /// Appends this message's fields (no length prefix) in field-number order.
    public func encode(to writer: inout ProtoWriter) {
        if let value = lease {
            writer.writeMessage(value, field: 1)
        }
        if afterSequence != 0 {
            writer.writeUInt64(afterSequence, field: 2)
        }
        if nextPosition != 0 {
            writer.writeUInt64(nextPosition, field: 3)
        }
    }

    /// Decodes one field: known fields by number (the wire type must match), unknown ones skipped.
    public mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1:
            try reader.readMessage(wireType, into: &lease)
        case 2:
            afterSequence = try reader.readUInt64(wireType)
        case 3:
            nextPosition = try reader.readUInt64(wireType)
        default:
            try reader.skip(wireType)
        }
    }
}
