import SegueCore

/// A profile's constants in words, for the subtitles of `segue plot`.
extension Profile {
    /// Where the profile's constants come from (design.md section 4).
    var sourceDescription: String {
        switch name {
        case "fluid": return "this project's default"
        case "classic": return "seeds 000-002"
        case "fullscreen": return "seed 003"
        case "modal": return "seed 004"
        case "ios": return "UIKit"
        case "flutter": return "Flutter Cupertino"
        default: return "custom"
        }
    }

    /// The finish rule with this container's numbers: `finish when p + 0.499 v / D > 0.5 (D = W)`.
    func ruleDescription(width: Double) -> String {
        let threshold = TextFormat.short(finishThreshold(width: width))
        let distance = progressDistance.map { "D = \(TextFormat.short($0)) pt" } ?? "D = W"
        let fling = TextFormat.short(flingPointsPerSecond(width: width))
        switch finishRule {
        case .position:
            return "finish when p > \(threshold) (\(distance))"
        case .projection(let coefficient):
            return "finish when p + \(TextFormat.short(coefficient)) v / D > \(threshold) (\(distance))"
        case .thresholdOrFling:
            return "finish when (p > \(threshold) and v > 0) or v > \(fling) pt/s (\(distance))"
        case .flingDecides:
            return "|v| >= \(fling) pt/s decides by its sign, else finish when p > \(threshold) (\(distance))"
        }
    }

    /// The gesture settle: `spring 500 ms, damping 1, velocity hand-off`.
    var settleDescription: String {
        switch gestureSettle {
        case .remaining(let ms, let curve):
            return "remaining x \(TextFormat.short(ms)) ms, \(Self.describe(curve))"
        case .fixed(let ms, let curve):
            return "\(TextFormat.short(ms)) ms, \(Self.describe(curve))"
        case .spring(let ms, let dampingRatio, let handOff, let initialVelocity):
            let start = handOff ? "velocity hand-off"
                : initialVelocity == 0 ? "starts at rest" : "initial velocity \(TextFormat.short(initialVelocity))"
            return "spring \(TextFormat.short(ms)) ms, damping \(TextFormat.short(dampingRatio)), \(start)"
        }
    }

    /// The lower screen: `parallax 0.3, dimming 0.1`, or `still`.
    var lowerScreenDescription: String {
        if parallax == 0 && dimming == 0 { return "still" }
        return "parallax \(TextFormat.short(parallax)), dimming \(TextFormat.short(dimming))"
    }

    private static func describe(_ curve: CubicBezier) -> String {
        if curve == .easeInOut { return "ease-in-out" }
        let points = [curve.x1, curve.y1, curve.x2, curve.y2].map { TextFormat.short($0) }
        return "cubic-bezier(\(points.joined(separator: ", ")))"
    }
}
