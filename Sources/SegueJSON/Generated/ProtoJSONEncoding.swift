// How every message and enum of proto/segue.proto writes as proto3 JSON (`--json`, the gateway).
// Generated from proto/segue.proto by scripts/generate_wire.py. DO NOT EDIT.
// Regenerate with `python3 scripts/generate_wire.py` from the repository root.

import SegueWire

extension PanPhase: ProtoEnumName {}
extension PanTarget: ProtoEnumName {}
extension Operation: ProtoEnumName {}
extension Reason: ProtoEnumName {}
extension SwipeEdge: ProtoEnumName {}
extension FramePhase: ProtoEnumName {}
extension ErrorCode: ProtoEnumName {}

extension Vec2: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("x", x)
        object.add("y", y)
        return object
    }
}

extension Size: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("width", width)
        object.add("height", height)
        return object
    }
}

extension Rect: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("x", x)
        object.add("y", y)
        object.add("width", width)
        object.add("height", height)
        return object
    }
}

extension Insets: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("top", top)
        object.add("left", left)
        object.add("bottom", bottom)
        object.add("right", right)
        return object
    }
}

extension Tuning: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("edgeWidth", edgeWidth)
        object.add("progressDistance", progressDistance)
        object.add("finishThreshold", finishThreshold)
        object.add("flingVelocity", flingVelocity)
        object.add("settleMs", settleMs)
        object.add("dampingRatio", dampingRatio)
        object.add("parallax", parallax)
        object.add("dimming", dimming)
        object.add("gestureTimeoutMs", gestureTimeoutMs)
        return object
    }
}

extension StackConfig: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("size", size?.jsonObject)
        object.add("profile", profile)
        object.add("rightToLeft", rightToLeft)
        object.add("fps", fps)
        object.add("tuning", tuning?.jsonObject)
        object.add("profileRevision", profileRevision)
        object.add("safeArea", safeArea?.jsonObject)
        return object
    }
}

extension ScreenOptions: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("backGestureDisabled", backGestureDisabled)
        object.add("exclusionRects", exclusionRects.map(\.jsonObject))
        return object
    }
}

extension PanEvent: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("stackId", stackId)
        object.add("gestureId", gestureId)
        object.add("phase", phase)
        object.add("location", location?.jsonObject)
        object.add("translation", translation?.jsonObject)
        object.add("velocity", velocity?.jsonObject)
        object.add("timestampUs", timestampUs)
        object.add("target", target)
        return object
    }
}

extension CreateStack: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("screens", screens)
        object.add("tabs", tabs)
        object.add("selectedTab", selectedTab)
        object.add("config", config?.jsonObject)
        return object
    }
}

extension Push: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("screen", screen)
        object.add("immediate", immediate)
        object.add("options", options?.jsonObject)
        return object
    }
}

extension Pop: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("immediate", immediate)
        return object
    }
}

extension PopToRoot: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("immediate", immediate)
        return object
    }
}

extension Present: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("screen", screen)
        object.add("immediate", immediate)
        object.add("options", options?.jsonObject)
        return object
    }
}

extension Dismiss: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("immediate", immediate)
        return object
    }
}

extension SelectTab: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("index", index)
        object.add("immediate", immediate)
        return object
    }
}

extension Resize: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("size", size?.jsonObject)
        return object
    }
}

extension SetScreenOptions: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("screen", screen)
        object.add("options", options?.jsonObject)
        return object
    }
}

extension DeleteStack: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        JSONObject()
    }
}

extension Command: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("stackId", stackId)
        object.add("requestId", requestId)
        object.add("expectedVersion", expectedVersion)
        switch op {
        case .create(let value):
            object.add("create", value.jsonObject)
        case .push(let value):
            object.add("push", value.jsonObject)
        case .pop(let value):
            object.add("pop", value.jsonObject)
        case .popToRoot(let value):
            object.add("popToRoot", value.jsonObject)
        case .present(let value):
            object.add("present", value.jsonObject)
        case .dismiss(let value):
            object.add("dismiss", value.jsonObject)
        case .selectTab(let value):
            object.add("selectTab", value.jsonObject)
        case .resize(let value):
            object.add("resize", value.jsonObject)
        case .setScreenOptions(let value):
            object.add("setScreenOptions", value.jsonObject)
        case .delete(let value):
            object.add("delete", value.jsonObject)
        case nil:
            break
        }
        return object
    }
}

extension Input: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        switch body {
        case .pan(let value):
            object.add("pan", value.jsonObject)
        case .command(let value):
            object.add("command", value.jsonObject)
        case .probe(let value):
            object.add("probe", value.jsonObject)
        case nil:
            break
        }
        return object
    }
}

extension StackCreated: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("screens", screens)
        object.add("tabs", tabs)
        object.add("selectedTab", selectedTab)
        object.add("config", config?.jsonObject)
        return object
    }
}

extension TransitionBegan: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("transitionId", transitionId)
        object.add("operation", operation)
        object.add("fromScreen", fromScreen)
        object.add("toScreen", toScreen)
        object.add("interactive", interactive)
        object.add("gestureId", gestureId)
        object.add("swipeEdge", swipeEdge)
        object.add("startTranslation", startTranslation?.jsonObject)
        object.add("queuedPosition", queuedPosition)
        return object
    }
}

extension TransitionProgressed: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("transitionId", transitionId)
        object.add("progress", progress)
        object.add("translation", translation?.jsonObject)
        object.add("velocity", velocity?.jsonObject)
        return object
    }
}

extension TransitionFinished: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("transitionId", transitionId)
        object.add("progress", progress)
        object.add("velocity", velocity)
        object.add("reason", reason)
        object.add("settleUs", settleUs)
        return object
    }
}

extension TransitionCancelled: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("transitionId", transitionId)
        object.add("progress", progress)
        object.add("velocity", velocity)
        object.add("reason", reason)
        object.add("settleUs", settleUs)
        return object
    }
}

extension TransitionCompleted: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("transitionId", transitionId)
        object.add("finished", finished)
        object.add("screens", screens)
        object.add("presented", presented)
        object.add("selectedTab", selectedTab)
        object.add("presentedPages", presentedPages)
        return object
    }
}

extension TransitionInterrupted: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("transitionId", transitionId)
        object.add("progress", progress)
        object.add("gestureId", gestureId)
        return object
    }
}

extension CommandQueued: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("behindTransitionId", behindTransitionId)
        object.add("command", command?.jsonObject)
        object.add("gestureId", gestureId)
        return object
    }
}

extension CommandDropped: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("queuedPosition", queuedPosition)
        object.add("error", error?.jsonObject)
        return object
    }
}

extension StackResized: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("size", size?.jsonObject)
        return object
    }
}

extension ScreenOptionsSet: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("screen", screen)
        object.add("options", options?.jsonObject)
        return object
    }
}

extension StackDeleted: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        JSONObject()
    }
}

extension Event: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("position", position)
        object.add("stackId", stackId)
        object.add("version", version)
        object.add("timeUs", timeUs)
        object.add("requestId", requestId)
        object.add("producerTimeUs", producerTimeUs)
        switch body {
        case .stackCreated(let value):
            object.add("stackCreated", value.jsonObject)
        case .began(let value):
            object.add("began", value.jsonObject)
        case .progressed(let value):
            object.add("progressed", value.jsonObject)
        case .finished(let value):
            object.add("finished", value.jsonObject)
        case .cancelled(let value):
            object.add("cancelled", value.jsonObject)
        case .completed(let value):
            object.add("completed", value.jsonObject)
        case .interrupted(let value):
            object.add("interrupted", value.jsonObject)
        case .resized(let value):
            object.add("resized", value.jsonObject)
        case .screenOptionsSet(let value):
            object.add("screenOptionsSet", value.jsonObject)
        case .deleted(let value):
            object.add("deleted", value.jsonObject)
        case .queued(let value):
            object.add("queued", value.jsonObject)
        case .dropped(let value):
            object.add("dropped", value.jsonObject)
        case nil:
            break
        }
        return object
    }
}

extension ViewFrame: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("screen", screen)
        object.add("rect", rect?.jsonObject)
        object.add("alpha", alpha)
        object.add("cornerRadius", cornerRadius)
        object.add("edgeShadow", edgeShadow?.jsonObject)
        return object
    }
}

extension EdgeShadow: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("width", width)
        object.add("stops", stops.map(\.jsonObject))
        return object
    }
}

extension GradientStop: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("position", position)
        object.add("alpha", alpha)
        return object
    }
}

extension Frame: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("stackId", stackId)
        object.add("transitionId", transitionId)
        object.add("sequence", sequence)
        object.add("timeUs", timeUs)
        object.add("progress", progress)
        object.add("phase", phase)
        object.add("from", from?.jsonObject)
        object.add("to", to?.jsonObject)
        object.add("dimming", dimming)
        object.add("shadow", shadow)
        object.add("position", position)
        return object
    }
}

extension ErrorDetail: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("code", code)
        object.add("message", message)
        return object
    }
}

extension Rejection: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("stackId", stackId)
        object.add("gestureId", gestureId)
        object.add("requestId", requestId)
        object.add("error", error?.jsonObject)
        object.add("timeUs", timeUs)
        return object
    }
}

extension GetStack: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("stackId", stackId)
        return object
    }
}

extension ReadEvents: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("fromPosition", fromPosition)
        object.add("stackId", stackId)
        object.add("maxCount", maxCount)
        return object
    }
}

extension ListStacks: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("after", after)
        object.add("maxCount", maxCount)
        return object
    }
}

extension GetStats: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        JSONObject()
    }
}

extension PublishProbe: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("token", token)
        return object
    }
}

extension Request: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("requestId", requestId)
        switch body {
        case .command(let value):
            object.add("command", value.jsonObject)
        case .getStack(let value):
            object.add("getStack", value.jsonObject)
        case .readEvents(let value):
            object.add("readEvents", value.jsonObject)
        case .listStacks(let value):
            object.add("listStacks", value.jsonObject)
        case .getStats(let value):
            object.add("getStats", value.jsonObject)
        case .publishProbe(let value):
            object.add("publishProbe", value.jsonObject)
        case nil:
            break
        }
        return object
    }
}

extension CommandResult: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("firstPosition", firstPosition)
        object.add("lastPosition", lastPosition)
        object.add("version", version)
        object.add("queuedBehind", queuedBehind)
        return object
    }
}

extension QueuedCommand: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("position", position)
        object.add("requestId", requestId)
        object.add("command", command?.jsonObject)
        object.add("gestureId", gestureId)
        return object
    }
}

extension TransitionState: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("transitionId", transitionId)
        object.add("operation", operation)
        object.add("fromScreen", fromScreen)
        object.add("toScreen", toScreen)
        object.add("interactive", interactive)
        object.add("phase", phase)
        object.add("progress", progress)
        object.add("goingBack", goingBack)
        return object
    }
}

extension StackState: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("stackId", stackId)
        object.add("version", version)
        object.add("screens", screens)
        object.add("presented", presented)
        object.add("tabs", tabs)
        object.add("selectedTab", selectedTab)
        object.add("config", config?.jsonObject)
        object.add("transition", transition?.jsonObject)
        object.add("presentedPages", presentedPages)
        object.add("queued", queued.map(\.jsonObject))
        object.add("lastPosition", lastPosition)
        return object
    }
}

extension EventBatch: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("events", events.map(\.jsonObject))
        object.add("nextPosition", nextPosition)
        object.add("headPosition", headPosition)
        return object
    }
}

extension StackList: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("stackIds", stackIds)
        object.add("more", more)
        return object
    }
}

extension Stats: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("headPosition", headPosition)
        object.add("stacks", stacks)
        object.add("inputsReceived", inputsReceived)
        object.add("inputsRejected", inputsRejected)
        object.add("eventsAppended", eventsAppended)
        object.add("framesPublished", framesPublished)
        object.add("logBytes", logBytes)
        object.add("fsyncP99Us", fsyncP99Us)
        object.add("uptimeUs", uptimeUs)
        object.add("handshakesRefused", handshakesRefused)
        object.add("framesSkipped", framesSkipped)
        object.add("repliesDropped", repliesDropped)
        object.add("messagesDropped", messagesDropped)
        object.add("connectionsRefused", connectionsRefused)
        object.add("publicationsRefused", publicationsRefused)
        return object
    }
}

extension Reply: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("requestId", requestId)
        object.add("error", error?.jsonObject)
        switch body {
        case .command(let value):
            object.add("command", value.jsonObject)
        case .stack(let value):
            object.add("stack", value.jsonObject)
        case .events(let value):
            object.add("events", value.jsonObject)
        case .stacks(let value):
            object.add("stacks", value.jsonObject)
        case .stats(let value):
            object.add("stats", value.jsonObject)
        case nil:
            break
        }
        return object
    }
}

extension Snapshot: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("position", position)
        object.add("timeUs", timeUs)
        object.add("stacks", stacks.map(\.jsonObject))
        object.add("streamCursor", streamCursor?.jsonObject)
        return object
    }
}

extension StreamCursor: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("sequence", sequence)
        object.add("tenure", tenure)
        return object
    }
}

extension StackSnapshot: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("stackId", stackId)
        object.add("version", version)
        object.add("screens", screens)
        object.add("presented", presented)
        object.add("tabs", tabs)
        object.add("selectedTab", selectedTab)
        object.add("config", config?.jsonObject)
        object.add("screenOptions", screenOptions.map(\.jsonObject))
        object.add("lastTransitionId", lastTransitionId)
        object.add("lastPosition", lastPosition)
        object.add("transition", transition?.jsonObject)
        object.add("presentedPages", presentedPages)
        object.add("queued", queued.map(\.jsonObject))
        return object
    }
}

extension TransitionSnapshot: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("transitionId", transitionId)
        object.add("operation", operation)
        object.add("fromScreen", fromScreen)
        object.add("toScreen", toScreen)
        object.add("interactive", interactive)
        object.add("gestureId", gestureId)
        object.add("requestId", requestId)
        object.add("gestureSign", gestureSign)
        object.add("towardHigherIndex", towardHigherIndex)
        switch phase {
        case .animating(let value):
            object.add("animating", value.jsonObject)
        case .tracking(let value):
            object.add("tracking", value.jsonObject)
        case .settling(let value):
            object.add("settling", value.jsonObject)
        case nil:
            break
        }
        object.add("frameSequence", frameSequence)
        object.add("caught", caught)
        object.add("swipeEdge", swipeEdge)
        object.add("verticalTranslation", verticalTranslation)
        object.add("startTranslationY", startTranslationY)
        return object
    }
}

extension AnimatingSnapshot: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        JSONObject()
    }
}

extension TrackingSnapshot: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("caughtFraction", caughtFraction)
        object.add("fraction", fraction)
        object.add("progress", progress)
        object.add("translation", translation)
        object.add("lastSampleUs", lastSampleUs)
        object.add("spring", spring?.jsonObject)
        return object
    }
}

extension ProgressSpringState: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("position", position)
        object.add("velocity", velocity)
        object.add("finalPosition", finalPosition)
        object.add("pendingPosition", pendingPosition)
        object.add("running", running)
        object.add("endRequested", endRequested)
        object.add("lastFrameMs", lastFrameMs)
        return object
    }
}

extension SettlingSnapshot: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("startUs", startUs)
        object.add("durationUs", durationUs)
        object.add("fromFraction", fromFraction)
        object.add("targetFraction", targetFraction)
        switch curve {
        case .bezier(let value):
            object.add("bezier", value.jsonObject)
        case .spring(let value):
            object.add("spring", value.jsonObject)
        case .timeline(let value):
            object.add("timeline", value.jsonObject)
        case .restingSpring(let value):
            object.add("restingSpring", value.jsonObject)
        case .accelerateDecelerate(let value):
            object.add("accelerateDecelerate", value.jsonObject)
        case .progressSpring(let value):
            object.add("progressSpring", value.jsonObject)
        case nil:
            break
        }
        return object
    }
}

extension CosineCurve: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        JSONObject()
    }
}

extension ProgressSpringCurve: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("spring", spring?.jsonObject)
        object.add("fps", fps)
        return object
    }
}

extension BezierCurve: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("x1", x1)
        object.add("y1", y1)
        object.add("x2", x2)
        object.add("y2", y2)
        object.add("solvedAsFlutter", solvedAsFlutter)
        return object
    }
}

extension SpringCurve: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("dampingRatio", dampingRatio)
        object.add("initialVelocity", initialVelocity)
        return object
    }
}

extension TimelineCurve: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("view", view?.jsonObject)
        object.add("completion", completion?.jsonObject)
        return object
    }
}

extension RestingSpringCurve: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("response", response)
        object.add("dampingRatio", dampingRatio)
        object.add("initialVelocity", initialVelocity)
        return object
    }
}

extension ShardLease: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("node", node)
        object.add("shard", shard)
        object.add("shards", shards)
        object.add("ingest", ingest)
        object.add("control", control)
        object.add("events", events)
        object.add("presence", presence)
        return object
    }
}

extension SignedRecord: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("record", record)
        object.add("signature", signature)
        return object
    }
}

extension ShardBatchPart: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("tenure", tenure)
        object.add("events", events.map(\.jsonObject))
        object.add("continued", continued)
        return object
    }
}

extension ShardMarker: JSONRepresentable {
    /// The proto3 JSON form, members in field-number order, as Google's printer writes it with
    /// `always_print_fields_with_no_presence`: every field, defaults included (0, false, "", [], the enum's zero
    /// value); an `optional` field, a message and a oneof only when set (a set one even when empty, `{}`).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("lease", lease?.jsonObject)
        object.add("afterSequence", afterSequence)
        object.add("nextPosition", nextPosition)
        return object
    }
}
