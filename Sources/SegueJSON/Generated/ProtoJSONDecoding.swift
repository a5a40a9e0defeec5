// How every message and enum of proto/segue.proto reads from proto3 JSON.
// Generated from proto/segue.proto by scripts/generate_wire.py. DO NOT EDIT.
// Regenerate with `python3 scripts/generate_wire.py` from the repository root.

import SegueWire

extension PanPhase: ProtoJSONEnum {}
extension PanTarget: ProtoJSONEnum {}
extension Operation: ProtoJSONEnum {}
extension Reason: ProtoJSONEnum {}
extension SwipeEdge: ProtoJSONEnum {}
extension FramePhase: ProtoJSONEnum {}
extension ErrorCode: ProtoJSONEnum {}

extension Vec2: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "x":
                x = try value.double(at: at)
            case "y":
                y = try value.double(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Vec2 has "
                    + "x, y)")
            }
        }
    }
}

extension Size: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "width":
                width = try value.double(at: at)
            case "height":
                height = try value.double(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Size has "
                    + "width, height)")
            }
        }
    }
}

extension Rect: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "x":
                x = try value.double(at: at)
            case "y":
                y = try value.double(at: at)
            case "width":
                width = try value.double(at: at)
            case "height":
                height = try value.double(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Rect has "
                    + "x, y, width, height)")
            }
        }
    }
}

extension Insets: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "top":
                top = try value.double(at: at)
            case "left":
                left = try value.double(at: at)
            case "bottom":
                bottom = try value.double(at: at)
            case "right":
                right = try value.double(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Insets has "
                    + "top, left, bottom, right)")
            }
        }
    }
}

extension Tuning: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "edgeWidth", "edge_width":
                edgeWidth = try value.double(at: at)
            case "progressDistance", "progress_distance":
                progressDistance = try value.double(at: at)
            case "finishThreshold", "finish_threshold":
                finishThreshold = try value.double(at: at)
            case "flingVelocity", "fling_velocity":
                flingVelocity = try value.double(at: at)
            case "settleMs", "settle_ms":
                settleMs = try value.uint32(at: at)
            case "dampingRatio", "damping_ratio":
                dampingRatio = try value.double(at: at)
            case "parallax":
                parallax = try value.double(at: at)
            case "dimming":
                dimming = try value.double(at: at)
            case "gestureTimeoutMs", "gesture_timeout_ms":
                gestureTimeoutMs = try value.uint32(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Tuning has "
                    + "edgeWidth, progressDistance, finishThreshold, flingVelocity, settleMs, dampingRatio, parallax, "
                        + "dimming, gestureTimeoutMs)")
            }
        }
    }
}

extension StackConfig: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "size":
                size = try Size(json: value, path: at)
            case "profile":
                profile = try value.string(at: at)
            case "rightToLeft", "right_to_left":
                rightToLeft = try value.bool(at: at)
            case "fps":
                fps = try value.uint32(at: at)
            case "tuning":
                tuning = try Tuning(json: value, path: at)
            case "profileRevision", "profile_revision":
                profileRevision = try value.uint32(at: at)
            case "safeArea", "safe_area":
                safeArea = try Insets(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (StackConfig has "
                    + "size, profile, rightToLeft, fps, tuning, profileRevision, safeArea)")
            }
        }
    }
}

extension ScreenOptions: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "backGestureDisabled", "back_gesture_disabled":
                backGestureDisabled = try value.bool(at: at)
            case "exclusionRects", "exclusion_rects":
                exclusionRects = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try Rect(json: element, path: at + "[\(index)]")
                }
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (ScreenOptions has "
                    + "backGestureDisabled, exclusionRects)")
            }
        }
    }
}

extension PanEvent: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "stackId", "stack_id":
                stackId = try value.string(at: at)
            case "gestureId", "gesture_id":
                gestureId = try value.uint64(at: at)
            case "phase":
                phase = try value.enumValue(at: at) as PanPhase
            case "location":
                location = try Vec2(json: value, path: at)
            case "translation":
                translation = try Vec2(json: value, path: at)
            case "velocity":
                velocity = try Vec2(json: value, path: at)
            case "timestampUs", "timestamp_us":
                timestampUs = try value.int64(at: at)
            case "target":
                target = try value.enumValue(at: at) as PanTarget
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (PanEvent has "
                    + "stackId, gestureId, phase, location, translation, velocity, timestampUs, target)")
            }
        }
    }
}

extension CreateStack: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "screens":
                screens = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "tabs":
                tabs = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "selectedTab", "selected_tab":
                selectedTab = try value.uint32(at: at)
            case "config":
                config = try StackConfig(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (CreateStack has "
                    + "screens, tabs, selectedTab, config)")
            }
        }
    }
}

extension Push: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "screen":
                screen = try value.string(at: at)
            case "immediate":
                immediate = try value.bool(at: at)
            case "options":
                options = try ScreenOptions(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Push has "
                    + "screen, immediate, options)")
            }
        }
    }
}

extension Pop: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "immediate":
                immediate = try value.bool(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Pop has "
                    + "immediate)")
            }
        }
    }
}

extension PopToRoot: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "immediate":
                immediate = try value.bool(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (PopToRoot has "
                    + "immediate)")
            }
        }
    }
}

extension Present: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "screen":
                screen = try value.string(at: at)
            case "immediate":
                immediate = try value.bool(at: at)
            case "options":
                options = try ScreenOptions(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Present has "
                    + "screen, immediate, options)")
            }
        }
    }
}

extension Dismiss: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "immediate":
                immediate = try value.bool(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Dismiss has "
                    + "immediate)")
            }
        }
    }
}

extension SelectTab: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "index":
                index = try value.uint32(at: at)
            case "immediate":
                immediate = try value.bool(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (SelectTab has "
                    + "index, immediate)")
            }
        }
    }
}

extension Resize: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "size":
                size = try Size(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Resize has "
                    + "size)")
            }
        }
    }
}

extension SetScreenOptions: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "screen":
                screen = try value.string(at: at)
            case "options":
                options = try ScreenOptions(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (SetScreenOptions has "
                    + "screen, options)")
            }
        }
    }
}

extension DeleteStack: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for member in try json.members(at: path) where member.value != .null {
            throw JSONInputError(path: path, message: "unknown field \"\(member.key)\" (DeleteStack has none)")
        }
    }
}

extension Command: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "stackId", "stack_id":
                stackId = try value.string(at: at)
            case "requestId", "request_id":
                requestId = try value.string(at: at)
            case "expectedVersion", "expected_version":
                expectedVersion = try value.uint64(at: at)
            case "create":
                guard op == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of create, push, pop, popToRoot, present, dismiss, selectTab, resize, "
                            + "setScreenOptions, delete may be set")
                }
                op = .create(try CreateStack(json: value, path: at))
            case "push":
                guard op == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of create, push, pop, popToRoot, present, dismiss, selectTab, resize, "
                            + "setScreenOptions, delete may be set")
                }
                op = .push(try Push(json: value, path: at))
            case "pop":
                guard op == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of create, push, pop, popToRoot, present, dismiss, selectTab, resize, "
                            + "setScreenOptions, delete may be set")
                }
                op = .pop(try Pop(json: value, path: at))
            case "popToRoot", "pop_to_root":
                guard op == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of create, push, pop, popToRoot, present, dismiss, selectTab, resize, "
                            + "setScreenOptions, delete may be set")
                }
                op = .popToRoot(try PopToRoot(json: value, path: at))
            case "present":
                guard op == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of create, push, pop, popToRoot, present, dismiss, selectTab, resize, "
                            + "setScreenOptions, delete may be set")
                }
                op = .present(try Present(json: value, path: at))
            case "dismiss":
                guard op == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of create, push, pop, popToRoot, present, dismiss, selectTab, resize, "
                            + "setScreenOptions, delete may be set")
                }
                op = .dismiss(try Dismiss(json: value, path: at))
            case "selectTab", "select_tab":
                guard op == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of create, push, pop, popToRoot, present, dismiss, selectTab, resize, "
                            + "setScreenOptions, delete may be set")
                }
                op = .selectTab(try SelectTab(json: value, path: at))
            case "resize":
                guard op == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of create, push, pop, popToRoot, present, dismiss, selectTab, resize, "
                            + "setScreenOptions, delete may be set")
                }
                op = .resize(try Resize(json: value, path: at))
            case "setScreenOptions", "set_screen_options":
                guard op == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of create, push, pop, popToRoot, present, dismiss, selectTab, resize, "
                            + "setScreenOptions, delete may be set")
                }
                op = .setScreenOptions(try SetScreenOptions(json: value, path: at))
            case "delete":
                guard op == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of create, push, pop, popToRoot, present, dismiss, selectTab, resize, "
                            + "setScreenOptions, delete may be set")
                }
                op = .delete(try DeleteStack(json: value, path: at))
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Command has "
                    + "stackId, requestId, expectedVersion, create, push, pop, popToRoot, present, dismiss, "
                        + "selectTab, resize, setScreenOptions, delete)")
            }
        }
    }
}

extension Input: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "pan":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of pan, command, probe may be set")
                }
                body = .pan(try PanEvent(json: value, path: at))
            case "command":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of pan, command, probe may be set")
                }
                body = .command(try Command(json: value, path: at))
            case "probe":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of pan, command, probe may be set")
                }
                body = .probe(try PublishProbe(json: value, path: at))
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Input has "
                    + "pan, command, probe)")
            }
        }
    }
}

extension StackCreated: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "screens":
                screens = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "tabs":
                tabs = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "selectedTab", "selected_tab":
                selectedTab = try value.uint32(at: at)
            case "config":
                config = try StackConfig(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (StackCreated has "
                    + "screens, tabs, selectedTab, config)")
            }
        }
    }
}

extension TransitionBegan: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "transitionId", "transition_id":
                transitionId = try value.uint64(at: at)
            case "operation":
                operation = try value.enumValue(at: at) as Operation
            case "fromScreen", "from_screen":
                fromScreen = try value.string(at: at)
            case "toScreen", "to_screen":
                toScreen = try value.string(at: at)
            case "interactive":
                interactive = try value.bool(at: at)
            case "gestureId", "gesture_id":
                gestureId = try value.uint64(at: at)
            case "swipeEdge", "swipe_edge":
                swipeEdge = try value.enumValue(at: at) as SwipeEdge
            case "startTranslation", "start_translation":
                startTranslation = try Vec2(json: value, path: at)
            case "queuedPosition", "queued_position":
                queuedPosition = try value.uint64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (TransitionBegan has "
                    + "transitionId, operation, fromScreen, toScreen, interactive, gestureId, swipeEdge, "
                        + "startTranslation, queuedPosition)")
            }
        }
    }
}

extension TransitionProgressed: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "transitionId", "transition_id":
                transitionId = try value.uint64(at: at)
            case "progress":
                progress = try value.double(at: at)
            case "translation":
                translation = try Vec2(json: value, path: at)
            case "velocity":
                velocity = try Vec2(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (TransitionProgressed has "
                    + "transitionId, progress, translation, velocity)")
            }
        }
    }
}

extension TransitionFinished: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "transitionId", "transition_id":
                transitionId = try value.uint64(at: at)
            case "progress":
                progress = try value.double(at: at)
            case "velocity":
                velocity = try value.double(at: at)
            case "reason":
                reason = try value.enumValue(at: at) as Reason
            case "settleUs", "settle_us":
                settleUs = try value.int64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (TransitionFinished has "
                    + "transitionId, progress, velocity, reason, settleUs)")
            }
        }
    }
}

extension TransitionCancelled: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "transitionId", "transition_id":
                transitionId = try value.uint64(at: at)
            case "progress":
                progress = try value.double(at: at)
            case "velocity":
                velocity = try value.double(at: at)
            case "reason":
                reason = try value.enumValue(at: at) as Reason
            case "settleUs", "settle_us":
                settleUs = try value.int64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (TransitionCancelled has "
                    + "transitionId, progress, velocity, reason, settleUs)")
            }
        }
    }
}

extension TransitionCompleted: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "transitionId", "transition_id":
                transitionId = try value.uint64(at: at)
            case "finished":
                finished = try value.bool(at: at)
            case "screens":
                screens = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "presented":
                presented = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "selectedTab", "selected_tab":
                selectedTab = try value.uint32(at: at)
            case "presentedPages", "presented_pages":
                presentedPages = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.uint32(at: at + "[\(index)]")
                }
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (TransitionCompleted has "
                    + "transitionId, finished, screens, presented, selectedTab, presentedPages)")
            }
        }
    }
}

extension TransitionInterrupted: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "transitionId", "transition_id":
                transitionId = try value.uint64(at: at)
            case "progress":
                progress = try value.double(at: at)
            case "gestureId", "gesture_id":
                gestureId = try value.uint64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (TransitionInterrupted has "
                    + "transitionId, progress, gestureId)")
            }
        }
    }
}

extension CommandQueued: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "behindTransitionId", "behind_transition_id":
                behindTransitionId = try value.uint64(at: at)
            case "command":
                command = try Command(json: value, path: at)
            case "gestureId", "gesture_id":
                gestureId = try value.uint64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (CommandQueued has "
                    + "behindTransitionId, command, gestureId)")
            }
        }
    }
}

extension CommandDropped: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "queuedPosition", "queued_position":
                queuedPosition = try value.uint64(at: at)
            case "error":
                error = try ErrorDetail(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (CommandDropped has "
                    + "queuedPosition, error)")
            }
        }
    }
}

extension StackResized: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "size":
                size = try Size(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (StackResized has "
                    + "size)")
            }
        }
    }
}

extension ScreenOptionsSet: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "screen":
                screen = try value.string(at: at)
            case "options":
                options = try ScreenOptions(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (ScreenOptionsSet has "
                    + "screen, options)")
            }
        }
    }
}

extension StackDeleted: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for member in try json.members(at: path) where member.value != .null {
            throw JSONInputError(path: path, message: "unknown field \"\(member.key)\" (StackDeleted has none)")
        }
    }
}

extension Event: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "position":
                position = try value.uint64(at: at)
            case "stackId", "stack_id":
                stackId = try value.string(at: at)
            case "version":
                version = try value.uint64(at: at)
            case "timeUs", "time_us":
                timeUs = try value.int64(at: at)
            case "requestId", "request_id":
                requestId = try value.string(at: at)
            case "producerTimeUs", "producer_time_us":
                producerTimeUs = try value.int64(at: at)
            case "stackCreated", "stack_created":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .stackCreated(try StackCreated(json: value, path: at))
            case "began":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .began(try TransitionBegan(json: value, path: at))
            case "progressed":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .progressed(try TransitionProgressed(json: value, path: at))
            case "finished":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .finished(try TransitionFinished(json: value, path: at))
            case "cancelled":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .cancelled(try TransitionCancelled(json: value, path: at))
            case "completed":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .completed(try TransitionCompleted(json: value, path: at))
            case "interrupted":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .interrupted(try TransitionInterrupted(json: value, path: at))
            case "resized":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .resized(try StackResized(json: value, path: at))
            case "screenOptionsSet", "screen_options_set":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .screenOptionsSet(try ScreenOptionsSet(json: value, path: at))
            case "deleted":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .deleted(try StackDeleted(json: value, path: at))
            case "queued":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .queued(try CommandQueued(json: value, path: at))
            case "dropped":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of stackCreated, began, progressed, finished, cancelled, completed, "
                            + "interrupted, resized, screenOptionsSet, deleted, queued, dropped may be set")
                }
                body = .dropped(try CommandDropped(json: value, path: at))
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Event has "
                    + "position, stackId, version, timeUs, requestId, producerTimeUs, stackCreated, began, "
                        + "progressed, finished, cancelled, completed, interrupted, resized, screenOptionsSet, "
                        + "deleted, queued, dropped)")
            }
        }
    }
}

extension ViewFrame: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "screen":
                screen = try value.string(at: at)
            case "rect":
                rect = try Rect(json: value, path: at)
            case "alpha":
                alpha = try value.double(at: at)
            case "cornerRadius", "corner_radius":
                cornerRadius = try value.double(at: at)
            case "edgeShadow", "edge_shadow":
                edgeShadow = try EdgeShadow(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (ViewFrame has "
                    + "screen, rect, alpha, cornerRadius, edgeShadow)")
            }
        }
    }
}

extension EdgeShadow: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "width":
                width = try value.double(at: at)
            case "stops":
                stops = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try GradientStop(json: element, path: at + "[\(index)]")
                }
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (EdgeShadow has "
                    + "width, stops)")
            }
        }
    }
}

extension GradientStop: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "position":
                position = try value.double(at: at)
            case "alpha":
                alpha = try value.double(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (GradientStop has "
                    + "position, alpha)")
            }
        }
    }
}

extension Frame: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "stackId", "stack_id":
                stackId = try value.string(at: at)
            case "transitionId", "transition_id":
                transitionId = try value.uint64(at: at)
            case "sequence":
                sequence = try value.uint64(at: at)
            case "timeUs", "time_us":
                timeUs = try value.int64(at: at)
            case "progress":
                progress = try value.double(at: at)
            case "phase":
                phase = try value.enumValue(at: at) as FramePhase
            case "from":
                from = try ViewFrame(json: value, path: at)
            case "to":
                to = try ViewFrame(json: value, path: at)
            case "dimming":
                dimming = try value.double(at: at)
            case "shadow":
                shadow = try value.double(at: at)
            case "position":
                position = try value.uint64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Frame has "
                    + "stackId, transitionId, sequence, timeUs, progress, phase, from, to, dimming, shadow, position)")
            }
        }
    }
}

extension ErrorDetail: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "code":
                code = try value.enumValue(at: at) as ErrorCode
            case "message":
                message = try value.string(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (ErrorDetail has "
                    + "code, message)")
            }
        }
    }
}

extension Rejection: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "stackId", "stack_id":
                stackId = try value.string(at: at)
            case "gestureId", "gesture_id":
                gestureId = try value.uint64(at: at)
            case "requestId", "request_id":
                requestId = try value.string(at: at)
            case "error":
                error = try ErrorDetail(json: value, path: at)
            case "timeUs", "time_us":
                timeUs = try value.int64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Rejection has "
                    + "stackId, gestureId, requestId, error, timeUs)")
            }
        }
    }
}

extension GetStack: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "stackId", "stack_id":
                stackId = try value.string(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (GetStack has "
                    + "stackId)")
            }
        }
    }
}

extension ReadEvents: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "fromPosition", "from_position":
                fromPosition = try value.uint64(at: at)
            case "stackId", "stack_id":
                stackId = try value.string(at: at)
            case "maxCount", "max_count":
                maxCount = try value.uint32(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (ReadEvents has "
                    + "fromPosition, stackId, maxCount)")
            }
        }
    }
}

extension ListStacks: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "after":
                after = try value.string(at: at)
            case "maxCount", "max_count":
                maxCount = try value.uint32(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (ListStacks has "
                    + "after, maxCount)")
            }
        }
    }
}

extension GetStats: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for member in try json.members(at: path) where member.value != .null {
            throw JSONInputError(path: path, message: "unknown field \"\(member.key)\" (GetStats has none)")
        }
    }
}

extension PublishProbe: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "token":
                token = try value.string(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (PublishProbe has "
                    + "token)")
            }
        }
    }
}

extension Request: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "requestId", "request_id":
                requestId = try value.string(at: at)
            case "command":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of command, getStack, readEvents, listStacks, getStats, publishProbe may "
                            + "be set")
                }
                body = .command(try Command(json: value, path: at))
            case "getStack", "get_stack":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of command, getStack, readEvents, listStacks, getStats, publishProbe may "
                            + "be set")
                }
                body = .getStack(try GetStack(json: value, path: at))
            case "readEvents", "read_events":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of command, getStack, readEvents, listStacks, getStats, publishProbe may "
                            + "be set")
                }
                body = .readEvents(try ReadEvents(json: value, path: at))
            case "listStacks", "list_stacks":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of command, getStack, readEvents, listStacks, getStats, publishProbe may "
                            + "be set")
                }
                body = .listStacks(try ListStacks(json: value, path: at))
            case "getStats", "get_stats":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of command, getStack, readEvents, listStacks, getStats, publishProbe may "
                            + "be set")
                }
                body = .getStats(try GetStats(json: value, path: at))
            case "publishProbe", "publish_probe":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of command, getStack, readEvents, listStacks, getStats, publishProbe may "
                            + "be set")
                }
                body = .publishProbe(try PublishProbe(json: value, path: at))
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Request has "
                    + "requestId, command, getStack, readEvents, listStacks, getStats, publishProbe)")
            }
        }
    }
}

extension CommandResult: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "firstPosition", "first_position":
                firstPosition = try value.uint64(at: at)
            case "lastPosition", "last_position":
                lastPosition = try value.uint64(at: at)
            case "version":
                version = try value.uint64(at: at)
            case "queuedBehind", "queued_behind":
                queuedBehind = try value.uint64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (CommandResult has "
                    + "firstPosition, lastPosition, version, queuedBehind)")
            }
        }
    }
}

extension QueuedCommand: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "position":
                position = try value.uint64(at: at)
            case "requestId", "request_id":
                requestId = try value.string(at: at)
            case "command":
                command = try Command(json: value, path: at)
            case "gestureId", "gesture_id":
                gestureId = try value.uint64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (QueuedCommand has "
                    + "position, requestId, command, gestureId)")
            }
        }
    }
}

extension TransitionState: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "transitionId", "transition_id":
                transitionId = try value.uint64(at: at)
            case "operation":
                operation = try value.enumValue(at: at) as Operation
            case "fromScreen", "from_screen":
                fromScreen = try value.string(at: at)
            case "toScreen", "to_screen":
                toScreen = try value.string(at: at)
            case "interactive":
                interactive = try value.bool(at: at)
            case "phase":
                phase = try value.enumValue(at: at) as FramePhase
            case "progress":
                progress = try value.double(at: at)
            case "goingBack", "going_back":
                goingBack = try value.bool(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (TransitionState has "
                    + "transitionId, operation, fromScreen, toScreen, interactive, phase, progress, goingBack)")
            }
        }
    }
}

extension StackState: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "stackId", "stack_id":
                stackId = try value.string(at: at)
            case "version":
                version = try value.uint64(at: at)
            case "screens":
                screens = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "presented":
                presented = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "tabs":
                tabs = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "selectedTab", "selected_tab":
                selectedTab = try value.uint32(at: at)
            case "config":
                config = try StackConfig(json: value, path: at)
            case "transition":
                transition = try TransitionState(json: value, path: at)
            case "presentedPages", "presented_pages":
                presentedPages = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.uint32(at: at + "[\(index)]")
                }
            case "queued":
                queued = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try QueuedCommand(json: element, path: at + "[\(index)]")
                }
            case "lastPosition", "last_position":
                lastPosition = try value.uint64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (StackState has "
                    + "stackId, version, screens, presented, tabs, selectedTab, config, transition, presentedPages, "
                        + "queued, lastPosition)")
            }
        }
    }
}

extension EventBatch: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "events":
                events = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try Event(json: element, path: at + "[\(index)]")
                }
            case "nextPosition", "next_position":
                nextPosition = try value.uint64(at: at)
            case "headPosition", "head_position":
                headPosition = try value.uint64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (EventBatch has "
                    + "events, nextPosition, headPosition)")
            }
        }
    }
}

extension StackList: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "stackIds", "stack_ids":
                stackIds = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "more":
                more = try value.bool(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (StackList has "
                    + "stackIds, more)")
            }
        }
    }
}

extension Stats: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "headPosition", "head_position":
                headPosition = try value.uint64(at: at)
            case "stacks":
                stacks = try value.uint64(at: at)
            case "inputsReceived", "inputs_received":
                inputsReceived = try value.uint64(at: at)
            case "inputsRejected", "inputs_rejected":
                inputsRejected = try value.uint64(at: at)
            case "eventsAppended", "events_appended":
                eventsAppended = try value.uint64(at: at)
            case "framesPublished", "frames_published":
                framesPublished = try value.uint64(at: at)
            case "logBytes", "log_bytes":
                logBytes = try value.uint64(at: at)
            case "fsyncP99Us", "fsync_p99_us":
                fsyncP99Us = try value.double(at: at)
            case "uptimeUs", "uptime_us":
                uptimeUs = try value.int64(at: at)
            case "handshakesRefused", "handshakes_refused":
                handshakesRefused = try value.uint64(at: at)
            case "framesSkipped", "frames_skipped":
                framesSkipped = try value.uint64(at: at)
            case "repliesDropped", "replies_dropped":
                repliesDropped = try value.uint64(at: at)
            case "messagesDropped", "messages_dropped":
                messagesDropped = try value.uint64(at: at)
            case "connectionsRefused", "connections_refused":
                connectionsRefused = try value.uint64(at: at)
            case "publicationsRefused", "publications_refused":
                publicationsRefused = try value.uint64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Stats has "
                    + "headPosition, stacks, inputsReceived, inputsRejected, eventsAppended, framesPublished, "
                        + "logBytes, fsyncP99Us, uptimeUs, handshakesRefused, framesSkipped, repliesDropped, "
                        + "messagesDropped, connectionsRefused, publicationsRefused)")
            }
        }
    }
}

extension Reply: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "requestId", "request_id":
                requestId = try value.string(at: at)
            case "error":
                error = try ErrorDetail(json: value, path: at)
            case "command":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of command, stack, events, stacks, stats may be set")
                }
                body = .command(try CommandResult(json: value, path: at))
            case "stack":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of command, stack, events, stacks, stats may be set")
                }
                body = .stack(try StackState(json: value, path: at))
            case "events":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of command, stack, events, stacks, stats may be set")
                }
                body = .events(try EventBatch(json: value, path: at))
            case "stacks":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of command, stack, events, stacks, stats may be set")
                }
                body = .stacks(try StackList(json: value, path: at))
            case "stats":
                guard body == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of command, stack, events, stacks, stats may be set")
                }
                body = .stats(try Stats(json: value, path: at))
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Reply has "
                    + "requestId, error, command, stack, events, stacks, stats)")
            }
        }
    }
}

extension Snapshot: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "position":
                position = try value.uint64(at: at)
            case "timeUs", "time_us":
                timeUs = try value.int64(at: at)
            case "stacks":
                stacks = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try StackSnapshot(json: element, path: at + "[\(index)]")
                }
            case "streamCursor", "stream_cursor":
                streamCursor = try StreamCursor(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (Snapshot has "
                    + "position, timeUs, stacks, streamCursor)")
            }
        }
    }
}

extension StreamCursor: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "sequence":
                sequence = try value.uint64(at: at)
            case "tenure":
                tenure = try value.uint64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (StreamCursor has "
                    + "sequence, tenure)")
            }
        }
    }
}

extension StackSnapshot: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "stackId", "stack_id":
                stackId = try value.string(at: at)
            case "version":
                version = try value.uint64(at: at)
            case "screens":
                screens = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "presented":
                presented = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "tabs":
                tabs = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "selectedTab", "selected_tab":
                selectedTab = try value.uint32(at: at)
            case "config":
                config = try StackConfig(json: value, path: at)
            case "screenOptions", "screen_options":
                screenOptions = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try ScreenOptionsSet(json: element, path: at + "[\(index)]")
                }
            case "lastTransitionId", "last_transition_id":
                lastTransitionId = try value.uint64(at: at)
            case "lastPosition", "last_position":
                lastPosition = try value.uint64(at: at)
            case "transition":
                transition = try TransitionSnapshot(json: value, path: at)
            case "presentedPages", "presented_pages":
                presentedPages = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try element.uint32(at: at + "[\(index)]")
                }
            case "queued":
                queued = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try QueuedCommand(json: element, path: at + "[\(index)]")
                }
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (StackSnapshot has "
                    + "stackId, version, screens, presented, tabs, selectedTab, config, screenOptions, "
                        + "lastTransitionId, lastPosition, transition, presentedPages, queued)")
            }
        }
    }
}

extension TransitionSnapshot: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "transitionId", "transition_id":
                transitionId = try value.uint64(at: at)
            case "operation":
                operation = try value.enumValue(at: at) as Operation
            case "fromScreen", "from_screen":
                fromScreen = try value.string(at: at)
            case "toScreen", "to_screen":
                toScreen = try value.string(at: at)
            case "interactive":
                interactive = try value.bool(at: at)
            case "gestureId", "gesture_id":
                gestureId = try value.uint64(at: at)
            case "requestId", "request_id":
                requestId = try value.string(at: at)
            case "gestureSign", "gesture_sign":
                gestureSign = try value.double(at: at)
            case "towardHigherIndex", "toward_higher_index":
                towardHigherIndex = try value.bool(at: at)
            case "animating":
                guard phase == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of animating, tracking, settling may be set")
                }
                phase = .animating(try AnimatingSnapshot(json: value, path: at))
            case "tracking":
                guard phase == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of animating, tracking, settling may be set")
                }
                phase = .tracking(try TrackingSnapshot(json: value, path: at))
            case "settling":
                guard phase == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of animating, tracking, settling may be set")
                }
                phase = .settling(try SettlingSnapshot(json: value, path: at))
            case "frameSequence", "frame_sequence":
                frameSequence = try value.uint64(at: at)
            case "caught":
                caught = try value.bool(at: at)
            case "swipeEdge", "swipe_edge":
                swipeEdge = try value.enumValue(at: at) as SwipeEdge
            case "verticalTranslation", "vertical_translation":
                verticalTranslation = try value.double(at: at)
            case "startTranslationY", "start_translation_y":
                startTranslationY = try value.double(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (TransitionSnapshot has "
                    + "transitionId, operation, fromScreen, toScreen, interactive, gestureId, requestId, gestureSign, "
                        + "towardHigherIndex, animating, tracking, settling, frameSequence, caught, swipeEdge, "
                        + "verticalTranslation, startTranslationY)")
            }
        }
    }
}

extension AnimatingSnapshot: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for member in try json.members(at: path) where member.value != .null {
            throw JSONInputError(path: path, message: "unknown field \"\(member.key)\" (AnimatingSnapshot has none)")
        }
    }
}

extension TrackingSnapshot: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "caughtFraction", "caught_fraction":
                caughtFraction = try value.double(at: at)
            case "fraction":
                fraction = try value.double(at: at)
            case "progress":
                progress = try value.double(at: at)
            case "translation":
                translation = try value.double(at: at)
            case "lastSampleUs", "last_sample_us":
                lastSampleUs = try value.int64(at: at)
            case "spring":
                spring = try ProgressSpringState(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (TrackingSnapshot has "
                    + "caughtFraction, fraction, progress, translation, lastSampleUs, spring)")
            }
        }
    }
}

extension ProgressSpringState: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "position":
                position = try value.double(at: at)
            case "velocity":
                velocity = try value.double(at: at)
            case "finalPosition", "final_position":
                finalPosition = try value.double(at: at)
            case "pendingPosition", "pending_position":
                pendingPosition = try value.double(at: at)
            case "running":
                running = try value.bool(at: at)
            case "endRequested", "end_requested":
                endRequested = try value.bool(at: at)
            case "lastFrameMs", "last_frame_ms":
                lastFrameMs = try value.int64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (ProgressSpringState has "
                    + "position, velocity, finalPosition, pendingPosition, running, endRequested, lastFrameMs)")
            }
        }
    }
}

extension SettlingSnapshot: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "startUs", "start_us":
                startUs = try value.int64(at: at)
            case "durationUs", "duration_us":
                durationUs = try value.int64(at: at)
            case "fromFraction", "from_fraction":
                fromFraction = try value.double(at: at)
            case "targetFraction", "target_fraction":
                targetFraction = try value.double(at: at)
            case "bezier":
                guard curve == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of bezier, spring, timeline, restingSpring, accelerateDecelerate, "
                            + "progressSpring may be set")
                }
                curve = .bezier(try BezierCurve(json: value, path: at))
            case "spring":
                guard curve == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of bezier, spring, timeline, restingSpring, accelerateDecelerate, "
                            + "progressSpring may be set")
                }
                curve = .spring(try SpringCurve(json: value, path: at))
            case "timeline":
                guard curve == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of bezier, spring, timeline, restingSpring, accelerateDecelerate, "
                            + "progressSpring may be set")
                }
                curve = .timeline(try TimelineCurve(json: value, path: at))
            case "restingSpring", "resting_spring":
                guard curve == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of bezier, spring, timeline, restingSpring, accelerateDecelerate, "
                            + "progressSpring may be set")
                }
                curve = .restingSpring(try RestingSpringCurve(json: value, path: at))
            case "accelerateDecelerate", "accelerate_decelerate":
                guard curve == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of bezier, spring, timeline, restingSpring, accelerateDecelerate, "
                            + "progressSpring may be set")
                }
                curve = .accelerateDecelerate(try CosineCurve(json: value, path: at))
            case "progressSpring", "progress_spring":
                guard curve == nil else {
                    throw JSONInputError(
                        path: at,
                        message: "only one of bezier, spring, timeline, restingSpring, accelerateDecelerate, "
                            + "progressSpring may be set")
                }
                curve = .progressSpring(try ProgressSpringCurve(json: value, path: at))
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (SettlingSnapshot has "
                    + "startUs, durationUs, fromFraction, targetFraction, bezier, spring, timeline, restingSpring, "
                        + "accelerateDecelerate, progressSpring)")
            }
        }
    }
}

extension CosineCurve: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for member in try json.members(at: path) where member.value != .null {
            throw JSONInputError(path: path, message: "unknown field \"\(member.key)\" (CosineCurve has none)")
        }
    }
}

extension ProgressSpringCurve: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "spring":
                spring = try ProgressSpringState(json: value, path: at)
            case "fps":
                fps = try value.uint32(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (ProgressSpringCurve has "
                    + "spring, fps)")
            }
        }
    }
}

extension BezierCurve: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "x1":
                x1 = try value.double(at: at)
            case "y1":
                y1 = try value.double(at: at)
            case "x2":
                x2 = try value.double(at: at)
            case "y2":
                y2 = try value.double(at: at)
            case "solvedAsFlutter", "solved_as_flutter":
                solvedAsFlutter = try value.bool(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (BezierCurve has "
                    + "x1, y1, x2, y2, solvedAsFlutter)")
            }
        }
    }
}

extension SpringCurve: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "dampingRatio", "damping_ratio":
                dampingRatio = try value.double(at: at)
            case "initialVelocity", "initial_velocity":
                initialVelocity = try value.double(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (SpringCurve has "
                    + "dampingRatio, initialVelocity)")
            }
        }
    }
}

extension TimelineCurve: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "view":
                view = try BezierCurve(json: value, path: at)
            case "completion":
                completion = try BezierCurve(json: value, path: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (TimelineCurve has "
                    + "view, completion)")
            }
        }
    }
}

extension RestingSpringCurve: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "response":
                response = try value.double(at: at)
            case "dampingRatio", "damping_ratio":
                dampingRatio = try value.double(at: at)
            case "initialVelocity", "initial_velocity":
                initialVelocity = try value.double(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (RestingSpringCurve has "
                    + "response, dampingRatio, initialVelocity)")
            }
        }
    }
}

extension ShardLease: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "node":
                node = try value.string(at: at)
            case "shard":
                shard = try value.uint32(at: at)
            case "shards":
                shards = try value.uint32(at: at)
            case "ingest":
                ingest = try value.string(at: at)
            case "control":
                control = try value.string(at: at)
            case "events":
                events = try value.string(at: at)
            case "presence":
                presence = try value.string(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (ShardLease has "
                    + "node, shard, shards, ingest, control, events, presence)")
            }
        }
    }
}

extension SignedRecord: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "record":
                record = try value.bytes(at: at)
            case "signature":
                signature = try value.bytes(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (SignedRecord has "
                    + "record, signature)")
            }
        }
    }
}

extension ShardBatchPart: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "tenure":
                tenure = try value.uint64(at: at)
            case "events":
                events = try value.elements(at: at).enumerated().map {
                    (index, element) throws(JSONInputError) in
                    try Event(json: element, path: at + "[\(index)]")
                }
            case "continued":
                continued = try value.bool(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (ShardBatchPart has "
                    + "tenure, events, continued)")
            }
        }
    }
}

extension ShardMarker: ProtoJSONDecodable {
    /// Reads the proto3 JSON form: members by lowerCamelCase or proto name, null for a default; an unknown member, or a
    /// second member of a oneof, is refused.
    public init(json: JSONValue, path: String) throws(JSONInputError) {
        self.init()
        for (key, value) in try json.members(at: path) where value != .null {
            let at = JSONValue.member(path, key)
            switch key {
            case "lease":
                lease = try ShardLease(json: value, path: at)
            case "afterSequence", "after_sequence":
                afterSequence = try value.uint64(at: at)
            case "nextPosition", "next_position":
                nextPosition = try value.uint64(at: at)
            default:
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (ShardMarker has "
                    + "lease, afterSequence, nextPosition)")
            }
        }
    }
}
