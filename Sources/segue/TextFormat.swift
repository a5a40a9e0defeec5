import SegueCore
import SegueWire

/// The readable (non-JSON) renderings of `segue`'s outputs: one line per event, frame or rejection.
enum TextFormat {
    /// `#12 demo v5 began POP Detail -> Home interactive gesture_id=7`.
    static func line(_ event: Event) -> String {
        DisguisingCharacter.escaped("#\(event.position) \(event.stackId) v\(event.version) " + body(event.body))
    }

    private static func body(_ body: Event.Body?) -> String {
        switch body {
        case .stackCreated(let created):
            var text = "created"
            if created.tabs.isEmpty {
                text += " screens=" + created.screens.joined(separator: ",")
            } else {
                text += " tabs=" + created.tabs.joined(separator: ",") + " selected=\(created.selectedTab)"
            }
            if let config = created.config {
                if !config.profile.isEmpty { text += " profile=\(config.profile)" }
                if let size = config.size { text += " \(short(size.width))x\(short(size.height))" }
                if config.rightToLeft { text += " rtl" }
            }
            return text
        case .began(let began):
            var text = "began \(began.operation) \(began.fromScreen) -> \(began.toScreen)"
            if began.interactive {
                text += " interactive gesture_id=\(began.gestureId)"
            } else if began.gestureId != 0 {
                text += " back_key gesture_id=\(began.gestureId)"
            }
            if let position = began.queuedPosition { text += " queued_at=#\(position)" }
            return text
        case .progressed(let progressed):
            return "progressed t\(progressed.transitionId) gesture=\(fixed(progressed.progress, 3))"
        case .finished(let finished):
            return "finished t\(finished.transitionId)\(gestureProgress(finished.progress, finished.reason))"
                + " \(finished.reason) settle=\(milliseconds(finished.settleUs))ms"
        case .cancelled(let cancelled):
            return "cancelled t\(cancelled.transitionId)\(gestureProgress(cancelled.progress, cancelled.reason))"
                + " \(cancelled.reason) settle=\(milliseconds(cancelled.settleUs))ms"
        case .completed(let completed):
            var text = "completed t\(completed.transitionId) \(completed.finished ? "finished" : "reverted")"
            if completed.screens.isEmpty {
                text += " tab=\(completed.selectedTab)"
            } else {
                text += " screens=" + completed.screens.joined(separator: ",")
            }
            if !completed.presented.isEmpty { text += " presented=" + completed.presented.joined(separator: ",") }
            if !completed.presentedPages.isEmpty {
                text += " presented_pages=" + completed.presentedPages.map(String.init).joined(separator: ",")
            }
            return text
        case .interrupted(let interrupted):
            return "interrupted t\(interrupted.transitionId) gesture=\(fixed(interrupted.progress, 3))"
                + " gesture_id=\(interrupted.gestureId)"
        case .resized(let resized):
            let size = resized.size ?? Size()
            return "resized \(short(size.width))x\(short(size.height))"
        case .screenOptionsSet(let set):
            let options = set.options ?? ScreenOptions()
            var text = "options \(set.screen)"
            if options.backGestureDisabled { text += " back-gesture-disabled" }
            if !options.exclusionRects.isEmpty { text += " exclusion-rects=\(options.exclusionRects.count)" }
            return text
        case .deleted:
            return "deleted"
        case .queued(let queued):
            let key = queued.gestureId == 0 ? "" : " back_key gesture_id=\(queued.gestureId)"
            return "queued \(describe(queued.command?.op)) behind t\(queued.behindTransitionId)\(key)"
        case .dropped(let dropped):
            let error = dropped.error ?? ErrorDetail()
            return "dropped #\(dropped.queuedPosition) \(error.code): \(error.message)"
        case nil:
            return "(empty event)"
        }
    }

    /// `   frame demo t1 #3 SETTLING visual=0.834 from=Detail@333.6 to=Home@0.0`, and the scrim when there is one.
    static func line(_ frame: Frame) -> String {
        DisguisingCharacter.escaped(
            "   frame \(frame.stackId) t\(frame.transitionId) #\(frame.sequence) \(frame.phase)"
                + " visual=\(fixed(frame.progress, 3)) from=\(view(frame.from)) to=\(view(frame.to))"
                + (frame.dimming == 0 ? "" : " scrim=\(fixed(frame.dimming, 2))"))
    }

    /// `Detail@333.6`; a screen that is also moved down, faded or rounded (android) adds its y and size, alpha and
    /// corner radius: `Detail@32.0,40.0 360x720 a=0.50 r=16.1`.
    private static func view(_ view: ViewFrame?) -> String {
        guard let view else { return "-" }
        let rect = view.rect ?? Rect()
        guard rect.y != 0 || view.alpha != 1 || view.cornerRadius != 0 else {
            return "\(view.screen)@\(fixed(rect.x, 1))"
        }
        var text =
            "\(view.screen)@\(fixed(rect.x, 1)),\(fixed(rect.y, 1)) \(fixed(rect.width, 0))x\(fixed(rect.height, 0))"
        if view.alpha != 1 { text += " a=\(fixed(view.alpha, 2))" }
        if view.cornerRadius != 0 { text += " r=\(fixed(view.cornerRadius, 1))" }
        return text
    }

    /// `!  rejected demo gesture_id=7 GESTURE_REJECTED: ...` (or `request=ID` for a rejected command).
    static func line(_ rejection: Rejection) -> String {
        let stack = rejection.stackId.isEmpty ? "-" : rejection.stackId
        let source =
            rejection.gestureId == 0 && !rejection.requestId.isEmpty
            ? "request=\(rejection.requestId)" : "gesture_id=\(rejection.gestureId)"
        let error = rejection.error ?? ErrorDetail()
        // Escaped: every part but the code is some producer's text.
        return DisguisingCharacter.escaped("!  rejected \(stack) \(source) \(error.code): \(error.message)")
    }

    /// A stack's state over a few lines.
    static func lines(_ state: StackState) -> [String] {
        var lines = ["stack \(state.stackId) version \(state.version)"]
        let config = (state.config ?? StackConfig()).withDefaultsFilled
        let size = config.size ?? Size()
        lines.append(
            "  profile \(config.profile)  size \(short(size.width))x\(short(size.height))"
                + "  \(config.rightToLeft ? "right-to-left" : "left-to-right")  fps \(config.fps)"
        )
        if state.tabs.isEmpty {
            lines.append("  screens " + state.screens.joined(separator: " > "))
        } else {
            let tabs = state.tabs.enumerated().map { index, tab in
                index == Int(state.selectedTab) ? "[\(tab)]" : tab
            }
            lines.append("  tabs " + tabs.joined(separator: " "))
        }
        if !state.presented.isEmpty {
            lines.append("  presented " + marked(state.presented, pages: state.presentedPages).joined(separator: " > "))
        }
        if let transition = state.transition {
            var text =
                "  transition t\(transition.transitionId) \(transition.operation)"
                + " \(transition.fromScreen) -> \(transition.toScreen)"
            if transition.interactive { text += " interactive" }
            text += " \(transition.phase) visual=\(fixed(transition.progress, 3))"
            if transition.goingBack { text += " going back" }
            lines.append(text)
        } else {
            lines.append("  idle")
        }
        for queued in state.queued {
            let key = queued.gestureId == 0 ? "" : " (back key of gesture \(queued.gestureId))"
            lines.append("  queued #\(queued.position) \(describe(queued.command?.op))\(key)")
        }
        // Ids stored before today's rules may hold what a terminal would not show as itself.
        return lines.map(DisguisingCharacter.escaped)
    }

    /// The daemon's counters, one per line.
    static func lines(_ stats: Stats) -> [String] {
        let rows: [(String, String)] = [
            ("head position", "\(stats.headPosition)"),
            ("stacks", "\(stats.stacks)"),
            ("inputs received", "\(stats.inputsReceived)"),
            ("inputs rejected", "\(stats.inputsRejected)"),
            ("events appended", "\(stats.eventsAppended)"),
            ("frames published", "\(stats.framesPublished)"),
            ("frames skipped", "\(stats.framesSkipped)"),
            ("log bytes", "\(stats.logBytes)"),
            ("fsync p99", "\(fixed(stats.fsyncP99Us, 1)) us"),
            ("uptime", "\(fixed(Double(stats.uptimeUs) / 1_000_000, 1)) s"),
            ("handshakes refused", "\(stats.handshakesRefused)"),
            ("connections refused", "\(stats.connectionsRefused)"),
            ("publications refused", "\(stats.publicationsRefused)"),
            ("messages dropped", "\(stats.messagesDropped)"),
            ("replies dropped", "\(stats.repliesDropped)"),
        ]
        // The values in one column, two spaces after the longest label.
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        return rows.map { label, value in label + String(repeating: " ", count: width - label.count) + value }
    }

    /// Where a stack stands, for `completed: stack is now …`: `Home > Detail`, `tab 1 (B)`, with any presented
    /// screens after a `+`.
    static func describe(
        screens: [String], presented: [String], presentedPages: [UInt32], selectedTab: UInt32, tabs: [String]
    ) -> String {
        var text: String
        if tabs.isEmpty {
            text = screens.joined(separator: " > ")
        } else {
            let index = Int(selectedTab)
            text = "tab \(selectedTab)" + (index < tabs.count ? " (\(tabs[index]))" : "")
        }
        if !presented.isEmpty { text += " + " + marked(presented, pages: presentedPages).joined(separator: " > ") }
        return text
    }

    /// `PUSH Detail`, `POP immediate`: a queued command as `began` will name its operation.
    static func describe(_ op: Command.Op?) -> String {
        let (name, screen, immediate): (String, String?, Bool) =
            switch op {
            case .push(let push): ("PUSH", push.screen, push.immediate)
            case .pop(let pop): ("POP", nil, pop.immediate)
            case .popToRoot(let pop): ("POP_TO_ROOT", nil, pop.immediate)
            case .present(let present): ("PRESENT", present.screen, present.immediate)
            case .dismiss(let dismiss): ("DISMISS", nil, dismiss.immediate)
            case .selectTab(let select): ("SELECT_TAB", "\(select.index)", select.immediate)
            default: ("(no navigation)", nil, false)
            }
        return name + (screen.map { " \($0)" } ?? "") + (immediate ? " immediate" : "")
    }

    /// The presented screens, a page pushed over a presentation marked: a pop removes it, not a dismiss.
    static func marked(_ presented: [String], pages: [UInt32]) -> [String] {
        presented.enumerated().map { index, screen in pages.contains(UInt32(index)) ? "\(screen) (page)" : screen }
    }

    /// ` gesture=0.700` where a finger decided, nothing for a command's transition, which has no gesture, and
    /// ` visual=0.400` where a command turned one back: where its screens were then, as frames print it.
    static func gestureProgress(_ progress: Double, _ reason: Reason) -> String {
        switch reason {
        case .programmatic: ""
        case .reversedByCommand: " visual=\(fixed(progress, 3))"
        default: " gesture=\(fixed(progress, 3))"
        }
    }

    /// `value` with exactly `digits` decimals (no Foundation `String(format:)` needed).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale: Double = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return "\(value)" }
        let units = Int64(scaled)
        let whole = units / Int64(scale)
        var text = (value < 0 && units != 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let fraction = String(units % Int64(scale))
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }

    /// Up to three decimals, trailing zeros dropped: `0.7`, `390`, `0.125`.
    static func short(_ value: Double) -> String {
        var text = fixed(value, 3)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Microseconds as whole milliseconds, rounded.
    static func milliseconds(_ microseconds: Int64) -> Int64 {
        (microseconds + 500) / 1000
    }
}
