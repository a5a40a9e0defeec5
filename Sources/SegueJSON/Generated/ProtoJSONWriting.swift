// How every message of proto/segue.proto writes its `jsonObject`'s text straight into bytes (`segue web`).
// Generated from proto/segue.proto by scripts/generate_wire.py. DO NOT EDIT.
// Regenerate with `python3 scripts/generate_wire.py` from the repository root.

import SegueWire

extension Vec2: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("x", x)
        writer.member("y", y)
        writer.endObject()
    }
}

extension Size: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("width", width)
        writer.member("height", height)
        writer.endObject()
    }
}

extension Rect: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("x", x)
        writer.member("y", y)
        writer.member("width", width)
        writer.member("height", height)
        writer.endObject()
    }
}

extension Insets: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("top", top)
        writer.member("left", left)
        writer.member("bottom", bottom)
        writer.member("right", right)
        writer.endObject()
    }
}

extension Tuning: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("edgeWidth", edgeWidth)
        writer.member("progressDistance", progressDistance)
        writer.member("finishThreshold", finishThreshold)
        writer.member("flingVelocity", flingVelocity)
        writer.member("settleMs", settleMs)
        writer.member("dampingRatio", dampingRatio)
        writer.member("parallax", parallax)
        writer.member("dimming", dimming)
        writer.member("gestureTimeoutMs", gestureTimeoutMs)
        writer.endObject()
    }
}

extension StackConfig: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("size", size)
        writer.member("profile", profile)
        writer.member("rightToLeft", rightToLeft)
        writer.member("fps", fps)
        writer.member("tuning", tuning)
        writer.member("profileRevision", profileRevision)
        writer.member("safeArea", safeArea)
        writer.endObject()
    }
}

extension ScreenOptions: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("backGestureDisabled", backGestureDisabled)
        writer.member("exclusionRects", exclusionRects)
        writer.endObject()
    }
}

extension PanEvent: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("stackId", stackId)
        writer.member("gestureId", gestureId)
        writer.member("phase", phase)
        writer.member("location", location)
        writer.member("translation", translation)
        writer.member("velocity", velocity)
        writer.member("timestampUs", timestampUs)
        writer.member("target", target)
        writer.endObject()
    }
}

extension CreateStack: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("screens", screens)
        writer.member("tabs", tabs)
        writer.member("selectedTab", selectedTab)
        writer.member("config", config)
        writer.endObject()
    }
}

extension Push: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("screen", screen)
        writer.member("immediate", immediate)
        writer.member("options", options)
        writer.endObject()
    }
}

extension Pop: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("immediate", immediate)
        writer.endObject()
    }
}

extension PopToRoot: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("immediate", immediate)
        writer.endObject()
    }
}

extension Present: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("screen", screen)
        writer.member("immediate", immediate)
        writer.member("options", options)
        writer.endObject()
    }
}

extension Dismiss: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("immediate", immediate)
        writer.endObject()
    }
}

extension SelectTab: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("index", index)
        writer.member("immediate", immediate)
        writer.endObject()
    }
}

extension Resize: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("size", size)
        writer.endObject()
    }
}

extension SetScreenOptions: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("screen", screen)
        writer.member("options", options)
        writer.endObject()
    }
}

extension DeleteStack: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.endObject()
    }
}

extension Command: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("stackId", stackId)
        writer.member("requestId", requestId)
        writer.member("expectedVersion", expectedVersion)
        switch op {
        case .create(let value):
            writer.member("create", value)
        case .push(let value):
            writer.member("push", value)
        case .pop(let value):
            writer.member("pop", value)
        case .popToRoot(let value):
            writer.member("popToRoot", value)
        case .present(let value):
            writer.member("present", value)
        case .dismiss(let value):
            writer.member("dismiss", value)
        case .selectTab(let value):
            writer.member("selectTab", value)
        case .resize(let value):
            writer.member("resize", value)
        case .setScreenOptions(let value):
            writer.member("setScreenOptions", value)
        case .delete(let value):
            writer.member("delete", value)
        case nil:
            break
        }
        writer.endObject()
    }
}

extension Input: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        switch body {
        case .pan(let value):
            writer.member("pan", value)
        case .command(let value):
            writer.member("command", value)
        case .probe(let value):
            writer.member("probe", value)
        case nil:
            break
        }
        writer.endObject()
    }
}

extension StackCreated: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("screens", screens)
        writer.member("tabs", tabs)
        writer.member("selectedTab", selectedTab)
        writer.member("config", config)
        writer.endObject()
    }
}

extension TransitionBegan: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("transitionId", transitionId)
        writer.member("operation", operation)
        writer.member("fromScreen", fromScreen)
        writer.member("toScreen", toScreen)
        writer.member("interactive", interactive)
        writer.member("gestureId", gestureId)
        writer.member("swipeEdge", swipeEdge)
        writer.member("startTranslation", startTranslation)
        writer.member("queuedPosition", queuedPosition)
        writer.endObject()
    }
}

extension TransitionProgressed: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("transitionId", transitionId)
        writer.member("progress", progress)
        writer.member("translation", translation)
        writer.member("velocity", velocity)
        writer.endObject()
    }
}

extension TransitionFinished: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("transitionId", transitionId)
        writer.member("progress", progress)
        writer.member("velocity", velocity)
        writer.member("reason", reason)
        writer.member("settleUs", settleUs)
        writer.endObject()
    }
}

extension TransitionCancelled: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("transitionId", transitionId)
        writer.member("progress", progress)
        writer.member("velocity", velocity)
        writer.member("reason", reason)
        writer.member("settleUs", settleUs)
        writer.endObject()
    }
}

extension TransitionCompleted: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("transitionId", transitionId)
        writer.member("finished", finished)
        writer.member("screens", screens)
        writer.member("presented", presented)
        writer.member("selectedTab", selectedTab)
        writer.member("presentedPages", presentedPages)
        writer.endObject()
    }
}

extension TransitionInterrupted: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("transitionId", transitionId)
        writer.member("progress", progress)
        writer.member("gestureId", gestureId)
        writer.endObject()
    }
}

extension CommandQueued: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("behindTransitionId", behindTransitionId)
        writer.member("command", command)
        writer.member("gestureId", gestureId)
        writer.endObject()
    }
}

extension CommandDropped: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("queuedPosition", queuedPosition)
        writer.member("error", error)
        writer.endObject()
    }
}

extension StackResized: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("size", size)
        writer.endObject()
    }
}

extension ScreenOptionsSet: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("screen", screen)
        writer.member("options", options)
        writer.endObject()
    }
}

extension StackDeleted: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.endObject()
    }
}

extension Event: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("position", position)
        writer.member("stackId", stackId)
        writer.member("version", version)
        writer.member("timeUs", timeUs)
        writer.member("requestId", requestId)
        writer.member("producerTimeUs", producerTimeUs)
        switch body {
        case .stackCreated(let value):
            writer.member("stackCreated", value)
        case .began(let value):
            writer.member("began", value)
        case .progressed(let value):
            writer.member("progressed", value)
        case .finished(let value):
            writer.member("finished", value)
        case .cancelled(let value):
            writer.member("cancelled", value)
        case .completed(let value):
            writer.member("completed", value)
        case .interrupted(let value):
            writer.member("interrupted", value)
        case .resized(let value):
            writer.member("resized", value)
        case .screenOptionsSet(let value):
            writer.member("screenOptionsSet", value)
        case .deleted(let value):
            writer.member("deleted", value)
        case .queued(let value):
            writer.member("queued", value)
        case .dropped(let value):
            writer.member("dropped", value)
        case nil:
            break
        }
        writer.endObject()
    }
}

extension ViewFrame: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("screen", screen)
        writer.member("rect", rect)
        writer.member("alpha", alpha)
        writer.member("cornerRadius", cornerRadius)
        writer.member("edgeShadow", edgeShadow)
        writer.endObject()
    }
}

extension EdgeShadow: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("width", width)
        writer.member("stops", stops)
        writer.endObject()
    }
}

extension GradientStop: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("position", position)
        writer.member("alpha", alpha)
        writer.endObject()
    }
}

extension Frame: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("stackId", stackId)
        writer.member("transitionId", transitionId)
        writer.member("sequence", sequence)
        writer.member("timeUs", timeUs)
        writer.member("progress", progress)
        writer.member("phase", phase)
        writer.member("from", from)
        writer.member("to", to)
        writer.member("dimming", dimming)
        writer.member("shadow", shadow)
        writer.member("position", position)
        writer.endObject()
    }
}

extension ErrorDetail: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("code", code)
        writer.member("message", message)
        writer.endObject()
    }
}

extension Rejection: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("stackId", stackId)
        writer.member("gestureId", gestureId)
        writer.member("requestId", requestId)
        writer.member("error", error)
        writer.member("timeUs", timeUs)
        writer.endObject()
    }
}

extension GetStack: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("stackId", stackId)
        writer.endObject()
    }
}

extension ReadEvents: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("fromPosition", fromPosition)
        writer.member("stackId", stackId)
        writer.member("maxCount", maxCount)
        writer.endObject()
    }
}

extension ListStacks: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("after", after)
        writer.member("maxCount", maxCount)
        writer.endObject()
    }
}

extension GetStats: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.endObject()
    }
}

extension PublishProbe: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("token", token)
        writer.endObject()
    }
}

extension Request: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("requestId", requestId)
        switch body {
        case .command(let value):
            writer.member("command", value)
        case .getStack(let value):
            writer.member("getStack", value)
        case .readEvents(let value):
            writer.member("readEvents", value)
        case .listStacks(let value):
            writer.member("listStacks", value)
        case .getStats(let value):
            writer.member("getStats", value)
        case .publishProbe(let value):
            writer.member("publishProbe", value)
        case nil:
            break
        }
        writer.endObject()
    }
}

extension CommandResult: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("firstPosition", firstPosition)
        writer.member("lastPosition", lastPosition)
        writer.member("version", version)
        writer.member("queuedBehind", queuedBehind)
        writer.endObject()
    }
}

extension QueuedCommand: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("position", position)
        writer.member("requestId", requestId)
        writer.member("command", command)
        writer.member("gestureId", gestureId)
        writer.endObject()
    }
}

extension TransitionState: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("transitionId", transitionId)
        writer.member("operation", operation)
        writer.member("fromScreen", fromScreen)
        writer.member("toScreen", toScreen)
        writer.member("interactive", interactive)
        writer.member("phase", phase)
        writer.member("progress", progress)
        writer.member("goingBack", goingBack)
        writer.endObject()
    }
}

extension StackState: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("stackId", stackId)
        writer.member("version", version)
        writer.member("screens", screens)
        writer.member("presented", presented)
        writer.member("tabs", tabs)
        writer.member("selectedTab", selectedTab)
        writer.member("config", config)
        writer.member("transition", transition)
        writer.member("presentedPages", presentedPages)
        writer.member("queued", queued)
        writer.member("lastPosition", lastPosition)
        writer.endObject()
    }
}

extension EventBatch: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("events", events)
        writer.member("nextPosition", nextPosition)
        writer.member("headPosition", headPosition)
        writer.endObject()
    }
}

extension StackList: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("stackIds", stackIds)
        writer.member("more", more)
        writer.endObject()
    }
}

extension Stats: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("headPosition", headPosition)
        writer.member("stacks", stacks)
        writer.member("inputsReceived", inputsReceived)
        writer.member("inputsRejected", inputsRejected)
        writer.member("eventsAppended", eventsAppended)
        writer.member("framesPublished", framesPublished)
        writer.member("logBytes", logBytes)
        writer.member("fsyncP99Us", fsyncP99Us)
        writer.member("uptimeUs", uptimeUs)
        writer.member("handshakesRefused", handshakesRefused)
        writer.member("framesSkipped", framesSkipped)
        writer.member("repliesDropped", repliesDropped)
        writer.member("messagesDropped", messagesDropped)
        writer.member("connectionsRefused", connectionsRefused)
        writer.member("publicationsRefused", publicationsRefused)
        writer.endObject()
    }
}

extension Reply: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("requestId", requestId)
        writer.member("error", error)
        switch body {
        case .command(let value):
            writer.member("command", value)
        case .stack(let value):
            writer.member("stack", value)
        case .events(let value):
            writer.member("events", value)
        case .stacks(let value):
            writer.member("stacks", value)
        case .stats(let value):
            writer.member("stats", value)
        case nil:
            break
        }
        writer.endObject()
    }
}

extension Snapshot: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("position", position)
        writer.member("timeUs", timeUs)
        writer.member("stacks", stacks)
        writer.member("streamCursor", streamCursor)
        writer.endObject()
    }
}

extension StreamCursor: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("sequence", sequence)
        writer.member("tenure", tenure)
        writer.endObject()
    }
}

extension StackSnapshot: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("stackId", stackId)
        writer.member("version", version)
        writer.member("screens", screens)
        writer.member("presented", presented)
        writer.member("tabs", tabs)
        writer.member("selectedTab", selectedTab)
        writer.member("config", config)
        writer.member("screenOptions", screenOptions)
        writer.member("lastTransitionId", lastTransitionId)
        writer.member("lastPosition", lastPosition)
        writer.member("transition", transition)
        writer.member("presentedPages", presentedPages)
        writer.member("queued", queued)
        writer.endObject()
    }
}

extension TransitionSnapshot: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("transitionId", transitionId)
        writer.member("operation", operation)
        writer.member("fromScreen", fromScreen)
        writer.member("toScreen", toScreen)
        writer.member("interactive", interactive)
        writer.member("gestureId", gestureId)
        writer.member("requestId", requestId)
        writer.member("gestureSign", gestureSign)
        writer.member("towardHigherIndex", towardHigherIndex)
        switch phase {
        case .animating(let value):
            writer.member("animating", value)
        case .tracking(let value):
            writer.member("tracking", value)
        case .settling(let value):
            writer.member("settling", value)
        case nil:
            break
        }
        writer.member("frameSequence", frameSequence)
        writer.member("caught", caught)
        writer.member("swipeEdge", swipeEdge)
        writer.member("verticalTranslation", verticalTranslation)
        writer.member("startTranslationY", startTranslationY)
        writer.endObject()
    }
}

extension AnimatingSnapshot: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.endObject()
    }
}

extension TrackingSnapshot: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("caughtFraction", caughtFraction)
        writer.member("fraction", fraction)
        writer.member("progress", progress)
        writer.member("translation", translation)
        writer.member("lastSampleUs", lastSampleUs)
        writer.member("spring", spring)
        writer.endObject()
    }
}

extension ProgressSpringState: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("position", position)
        writer.member("velocity", velocity)
        writer.member("finalPosition", finalPosition)
        writer.member("pendingPosition", pendingPosition)
        writer.member("running", running)
        writer.member("endRequested", endRequested)
        writer.member("lastFrameMs", lastFrameMs)
        writer.endObject()
    }
}

extension SettlingSnapshot: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("startUs", startUs)
        writer.member("durationUs", durationUs)
        writer.member("fromFraction", fromFraction)
        writer.member("targetFraction", targetFraction)
        switch curve {
        case .bezier(let value):
            writer.member("bezier", value)
        case .spring(let value):
            writer.member("spring", value)
        case .timeline(let value):
            writer.member("timeline", value)
        case .restingSpring(let value):
            writer.member("restingSpring", value)
        case .accelerateDecelerate(let value):
            writer.member("accelerateDecelerate", value)
        case .progressSpring(let value):
            writer.member("progressSpring", value)
        case nil:
            break
        }
        writer.endObject()
    }
}

extension CosineCurve: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.endObject()
    }
}

extension ProgressSpringCurve: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("spring", spring)
        writer.member("fps", fps)
        writer.endObject()
    }
}

extension BezierCurve: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("x1", x1)
        writer.member("y1", y1)
        writer.member("x2", x2)
        writer.member("y2", y2)
        writer.member("solvedAsFlutter", solvedAsFlutter)
        writer.endObject()
    }
}

extension SpringCurve: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("dampingRatio", dampingRatio)
        writer.member("initialVelocity", initialVelocity)
        writer.endObject()
    }
}

extension TimelineCurve: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("view", view)
        writer.member("completion", completion)
        writer.endObject()
    }
}

extension RestingSpringCurve: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("response", response)
        writer.member("dampingRatio", dampingRatio)
        writer.member("initialVelocity", initialVelocity)
        writer.endObject()
    }
}

extension ShardLease: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("node", node)
        writer.member("shard", shard)
        writer.member("shards", shards)
        writer.member("ingest", ingest)
        writer.member("control", control)
        writer.member("events", events)
        writer.member("presence", presence)
        writer.endObject()
    }
}

extension SignedRecord: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("record", record)
        writer.member("signature", signature)
        writer.endObject()
    }
}

extension ShardBatchPart: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("tenure", tenure)
        writer.member("events", events)
        writer.member("continued", continued)
        writer.endObject()
    }
}

extension ShardMarker: JSONWritable {
    /// The same text as `jsonObject`, without building it.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("lease", lease)
        writer.member("afterSequence", afterSequence)
        writer.member("nextPosition", nextPosition)
        writer.endObject()
    }
}
