import SegueCore

/// A profile's constants in words, for the subtitles of `segue plot`.
extension Profile {
    /// Where the profile comes from (docs/semantics.md, "Sources"): for a seed article, what it shows and the
    /// article's own class names, then its file name, the citation: `LBTransitionManager's full-screen swipe back
    /// (003_4a43ebb7871f4f2c.txt)`.
    var sourceDescription: String {
        switch ProfileCatalog.aliases[name] ?? name {
        case "fluid": return "this project's default"
        case "percent-1s": return Self.seed("000_f97c34e89b1bf4ea.txt")
        case "percent-250ms": return Self.seed("001_774936b8fb1b231f.txt")
        case "slide-left": return Self.seed("002_810f39d264b170eb.txt")
        case "fullscreen": return Self.seed("003_4a43ebb7871f4f2c.txt")
        case "modal": return Self.seed("004_52fd9526dceceade.txt", part: "first dismiss")
        case "modal-percent": return Self.seed("004_52fd9526dceceade.txt", part: "percent-driven dismiss")
        case "ios": return "UIKit, iOS 26.1"
        case "flutter": return "Flutter \(ProfileCatalog.flutterRelease) Cupertino"
        case "android": return "AOSP CrossActivityBackAnimation.kt@0451978b"
        default: return "custom"
        }
    }

    /// What each seed article is about, in a few words of English, keyed by its file name.
    static let seedTitles: [String: String] = [
        "000_f97c34e89b1bf4ea.txt": "CustomPopGestureViewController's system-like swipe back with PopAnimation",
        "001_774936b8fb1b231f.txt": "a BaseViewController's pan driving POPAnimation",
        "002_810f39d264b170eb.txt": "a custom interactive transition that slides screens left",
        "003_4a43ebb7871f4f2c.txt": "LBTransitionManager's full-screen swipe back",
        "004_52fd9526dceceade.txt": "custom modal present and dismiss with PanPresentAnimation and PanDimissAnimation",
    ]

    /// `title (file)`, or `title (file, part)`.
    private static func seed(_ file: String, part: String? = nil) -> String {
        let citation = part.map { "\(file), \($0)" } ?? file
        return seedTitles[file].map { "\($0) (\(citation))" } ?? citation
    }

    /// The finish rule with this container's numbers: `finish when p + 0.499 v / D > 0.5 (D = W)`.
    func ruleDescription(width: Double) -> String {
        if let back = predictiveBack {
            let panel = back.panel
            return "back when the arrow is on (past \(TextFormat.short(panel.staticTriggerThreshold)) pt, off "
                + "\(TextFormat.short(panel.deactivationThreshold)) pt back) or flung > "
                + "\(TextFormat.short(3 * panel.touchSlop)) pt at > \(TextFormat.short(panel.minimumFlingVelocity)) pt/s"
        }
        let threshold = TextFormat.short(finishThreshold(width: width))
        let distance = progressDistance.map { "D = \(TextFormat.short($0)) pt" } ?? "D = W"
        let fling = TextFormat.short(flingPointsPerSecond(width: width))
        let passes = finishesAtThreshold ? ">=" : ">"
        let sample = decisionSample == .lastChanged ? "the last CHANGED's " : ""
        switch finishRule {
        case .position:
            return "finish when \(sample)p \(passes) \(threshold) (\(distance))"
        case .projection(let coefficient):
            return "finish when p + \(TextFormat.short(coefficient)) v / D > \(threshold) (\(distance))"
        case .thresholdOrFling:
            return "finish when (p > \(threshold) and v > 0) or v > \(fling) pt/s (\(distance))"
        case .flingDecides:
            return "|v| >= \(fling) pt/s decides by its sign, else finish when \(sample)p \(passes) \(threshold)"
        case .uikitPop(let durationMs):
            let seconds = TextFormat.short(durationMs / 1000)
            return "finish when p + a t^2/2 + v t > \(threshold) at t = \(seconds) s (UIKit's averages)"
        }
    }

    /// The gesture settle: `spring 500 ms, damping 1, velocity hand-off`.
    var settleDescription: String {
        Self.describe(gestureSettle)
    }

    static func describe(_ settle: Settle) -> String {
        switch settle {
        case .remaining(let ms, let curve):
            return "remaining x \(TextFormat.short(ms)) ms, \(describe(curve))"
        case .fixed(let ms, let curve):
            return "\(TextFormat.short(ms)) ms, \(describe(curve))"
        case .spring(let ms, let dampingRatio, let handOff, let initialVelocity):
            let start =
                handOff
                ? "velocity hand-off"
                : initialVelocity == 0 ? "starts at rest" : "initial velocity \(TextFormat.short(initialVelocity))"
            return "spring \(TextFormat.short(ms)) ms, damping \(TextFormat.short(dampingRatio)), \(start)"
        case .timeline(let ms, let curve, let completion):
            return "percent-driven \(TextFormat.short(ms)) ms \(describe(curve)), completing \(describe(completion))"
        case .droppedSwipe(let ms, let cap, let curve):
            return "remaining x \(TextFormat.short(ms)) ms (cancel <= \(TextFormat.short(cap)) ms), \(describe(curve))"
        case .restingSpring(let response, let dampingRatio):
            return "spring response \(TextFormat.short(response)) s, damping \(TextFormat.short(dampingRatio)), "
                + "velocity hand-off, until at rest"
        case .uikitCompletion(let ms, let curve):
            return "min(\(TextFormat.short(ms)) ms, remaining / |v|), \(describe(curve))"
        case .activityTransition(let ms):
            return "\(TextFormat.short(ms)) ms, fast_out_extra_slow_in, a tab at once"
        case .predictiveBack(let postCommitMs):
            return "commit \(TextFormat.short(postCommitMs)) ms; cancel: spring 1500, damping 1, until at rest"
        }
    }

    /// The lower screen: `parallax 0.3, dimming 0.1`, or `still`; and the upper one's side when it is not the
    /// trailing edge.
    var lowerScreenDescription: String {
        if let back = predictiveBack {
            return "both scale to \(TextFormat.short(back.maxScale)), the lower from "
                + "\(TextFormat.short(-back.enteringStartOffset)) pt, scrim \(TextFormat.short(layout.dimming))"
        }
        var text = "still"
        if layout.parallax != 0 || layout.dimming != 0 {
            let eased = layout.dimmingCurve == nil ? "" : " eased"
            text = "parallax \(TextFormat.short(layout.parallax)), dimming \(TextFormat.short(layout.dimming))\(eased)"
        }
        if layout.side == .leading { text += "; the upper screen leaves to the left" }
        return text
    }

    /// A command's settle as the screens move through it: with the layout's own easing per screen, the settle's
    /// curve only paces the progress, and the screens follow theirs.
    static func describe(_ settle: Settle, easing: CommandEasing?) -> String {
        guard let easing else { return describe(settle) }
        return "\(describe(settle)) progress; the upper screen along \(describe(easing.upper)), the lower along "
            + describe(easing.lower)
    }

    private static func describe(_ easing: Easing) -> String {
        switch easing {
        case .bezier(let curve): describe(curve)
        case .threePoint: "a three-point cubic"
        }
    }

    private static func describe(_ curve: CubicBezier) -> String {
        if curve == .easeInOut { return "ease-in-out" }
        if curve == CubicBezier(0, 0, 1, 1) { return "linear" }
        let points = [curve.x1, curve.y1, curve.x2, curve.y2].map { TextFormat.short($0) }
        return "cubic-bezier(\(points.joined(separator: ", ")))"
    }
}
