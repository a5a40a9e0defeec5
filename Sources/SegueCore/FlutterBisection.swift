/// A cubic timing curve solved for time the way Flutter solves it: by bisection, stopping at the first parameter
/// whose x is within 0.001 of the time, so its values are up to about 0.001 x the curve's slope off the exact curve.
///
/// flutter/flutter, packages/flutter/lib/src/animation/curves.dart at d59038d5: `Curve.transform` answers 0 and 1
/// themselves (lines 90-95); `Cubic._cubicErrorBound` is 0.001 (line 333); `_evaluateCubic` is the Bernstein form
/// 3 c1 (1 - m)^2 m + 3 c2 (1 - m) m^2 + m^3 (lines 335-339); `transformInternal` (lines 342-357) starts with the
/// interval [0, 1], tries its midpoint, returns that midpoint's y as soon as |t - x| < 0.001, and otherwise keeps
/// the half whose x values hold t (the upper half when the midpoint's x is below t).
enum FlutterBisection {
    /// `Cubic._cubicErrorBound`: how far the parameter's x may be from the time.
    static let errorBound = 0.001

    /// Flutter's `Cubic(x1, y1, x2, y2).transform(time)` for a time in 0...1.
    static func value(at time: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        var low = 0.0
        var high = 1.0
        // Flutter loops until it is close enough, which a monotone x reaches within about 10 halvings; a double's
        // interval stops shrinking after about 60, so the bound only guards against NaN control points.
        for _ in 0..<100 {
            let middle = (low + high) / 2
            let x = coordinate(middle, x1, x2)
            if abs(time - x) < errorBound { return coordinate(middle, y1, y2) }
            if x < time { low = middle } else { high = middle }
        }
        return coordinate((low + high) / 2, y1, y2)
    }

    /// One coordinate of the cubic from 0 to 1 with control values c1 and c2, summed in Flutter's order so that the
    /// stopping test sees the same double.
    private static func coordinate(_ m: Double, _ c1: Double, _ c2: Double) -> Double {
        3 * c1 * (1 - m) * (1 - m) * m + 3 * c2 * (1 - m) * m * m + m * m * m
    }
}
