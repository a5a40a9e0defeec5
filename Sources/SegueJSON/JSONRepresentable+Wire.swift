import SegueClient
import SegueWire

// The proto3 JSON shape of each message, field by field in field-number order. A set oneof member and a present
// message field are always written (as `{}` when empty), as Google's printer does.

extension Vec2: JSONRepresentable {
    /// `{"x":…,"y":…}`.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("x", x)
        object.add("y", y)
        return object
    }
}

extension Size: JSONRepresentable {
    /// `{"width":…,"height":…}`.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("width", width)
        object.add("height", height)
        return object
    }
}

extension Rect: JSONRepresentable {
    /// `{"x":…,"y":…,"width":…,"height":…}`.
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
    /// `{"top":…,"left":…,"bottom":…,"right":…}`.
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
    /// The overrides that are present.
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
    /// Size, profile, direction, fps, tuning, profile revision and safe area.
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
    /// `backGestureDisabled` and `exclusionRects`.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("backGestureDisabled", backGestureDisabled)
        object.add("exclusionRects", exclusionRects.map(\.jsonObject))
        return object
    }
}

extension Event: JSONRepresentable {
    /// The envelope fields and the one body member that is set.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("position", position)
        object.add("stackId", stackId)
        object.add("version", version)
        object.add("timeUs", timeUs)
        object.add("requestId", requestId)
        switch body {
        case .stackCreated(let created):
            var member = JSONObject()
            member.add("screens", created.screens)
            member.add("tabs", created.tabs)
            member.add("selectedTab", created.selectedTab)
            member.add("config", created.config?.jsonObject)
            object.add("stackCreated", member)
        case .began(let began):
            var member = JSONObject()
            member.add("transitionId", began.transitionId)
            member.add("operation", began.operation)
            member.add("fromScreen", began.fromScreen)
            member.add("toScreen", began.toScreen)
            member.add("interactive", began.interactive)
            member.add("gestureId", began.gestureId)
            object.add("began", member)
        case .progressed(let progressed):
            var member = JSONObject()
            member.add("transitionId", progressed.transitionId)
            member.add("progress", progressed.progress)
            member.add("translation", progressed.translation?.jsonObject)
            member.add("velocity", progressed.velocity?.jsonObject)
            object.add("progressed", member)
        case .finished(let finished):
            object.add(
                "finished",
                Self.settle(
                    finished.transitionId, finished.progress, finished.velocity,
                    finished.reason, finished.settleUs))
        case .cancelled(let cancelled):
            object.add(
                "cancelled",
                Self.settle(
                    cancelled.transitionId, cancelled.progress, cancelled.velocity,
                    cancelled.reason, cancelled.settleUs))
        case .completed(let completed):
            var member = JSONObject()
            member.add("transitionId", completed.transitionId)
            member.add("finished", completed.finished)
            member.add("screens", completed.screens)
            member.add("presented", completed.presented)
            member.add("selectedTab", completed.selectedTab)
            object.add("completed", member)
        case .interrupted(let interrupted):
            var member = JSONObject()
            member.add("transitionId", interrupted.transitionId)
            member.add("progress", interrupted.progress)
            member.add("gestureId", interrupted.gestureId)
            object.add("interrupted", member)
        case .resized(let resized):
            var member = JSONObject()
            member.add("size", resized.size?.jsonObject)
            object.add("resized", member)
        case .screenOptionsSet(let set):
            var member = JSONObject()
            member.add("screen", set.screen)
            member.add("options", set.options?.jsonObject)
            object.add("screenOptionsSet", member)
        case .deleted:
            object.add("deleted", JSONObject())
        case nil:
            break
        }
        return object
    }

    /// `finished` and `cancelled` share their fields.
    private static func settle(
        _ transitionId: UInt64, _ progress: Double, _ velocity: Double, _ reason: Reason,
        _ settleUs: Int64
    ) -> JSONObject {
        var member = JSONObject()
        member.add("transitionId", transitionId)
        member.add("progress", progress)
        member.add("velocity", velocity)
        member.add("reason", reason)
        member.add("settleUs", settleUs)
        return member
    }
}

extension ViewFrame: JSONRepresentable {
    /// Screen, rect and alpha.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("screen", screen)
        object.add("rect", rect?.jsonObject)
        object.add("alpha", alpha)
        return object
    }
}

extension Frame: JSONRepresentable {
    /// Every field of the frame.
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
    /// `{"code":"UNKNOWN_STACK","message":…}`.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("code", code)
        object.add("message", message)
        return object
    }
}

extension Rejection: JSONRepresentable {
    /// Stack, gesture, request, error and time.
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

extension CommandResult: JSONRepresentable {
    /// `firstPosition`, `lastPosition`, `version`.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("firstPosition", firstPosition)
        object.add("lastPosition", lastPosition)
        object.add("version", version)
        return object
    }
}

extension TransitionState: JSONRepresentable {
    /// The running transition.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("transitionId", transitionId)
        object.add("operation", operation)
        object.add("fromScreen", fromScreen)
        object.add("toScreen", toScreen)
        object.add("interactive", interactive)
        object.add("phase", phase)
        object.add("progress", progress)
        return object
    }
}

extension StackState: JSONRepresentable {
    /// Every field of the stack's state.
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
        return object
    }
}

extension EventBatch: JSONRepresentable {
    /// The events and where to read next.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("events", events.map(\.jsonObject))
        object.add("nextPosition", nextPosition)
        object.add("headPosition", headPosition)
        return object
    }
}

extension StackList: JSONRepresentable {
    /// `{"stackIds":[…]}`.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("stackIds", stackIds)
        return object
    }
}

extension Stats: JSONRepresentable {
    /// Every counter.
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
        return object
    }
}

extension Reply: JSONRepresentable {
    /// The request id, the error if any, and the body member that is set.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("requestId", requestId)
        object.add("error", error?.jsonObject)
        switch body {
        case .command(let result): object.add("command", result.jsonObject)
        case .stack(let state): object.add("stack", state.jsonObject)
        case .events(let batch): object.add("events", batch.jsonObject)
        case .stacks(let list): object.add("stacks", list.jsonObject)
        case .stats(let stats): object.add("stats", stats.jsonObject)
        case nil: break
        }
        return object
    }
}

extension Publication: JSONRepresentable {
    /// The message wrapped in a member named after its kind, so a stream of mixed publications stays readable:
    /// `{"event":{…}}`, `{"frame":{…}}`, `{"rejection":{…}}`, `{"probe":{"token":…}}`,
    /// `{"undecodable":{"topic":…,"reason":…}}`.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        switch self {
        case .event(let event): object.add("event", event.jsonObject)
        case .frame(let frame): object.add("frame", frame.jsonObject)
        case .rejection(let rejection): object.add("rejection", rejection.jsonObject)
        case .probe(let probe):
            var member = JSONObject()
            member.add("token", probe.token)
            object.add("probe", member)
        case .undecodable(let topic, let reason):
            var member = JSONObject()
            member.add("topic", topic)
            member.add("reason", reason)
            object.add("undecodable", member)
        }
        return object
    }
}
