#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `android.view.animation` interpolators the `android` profile's animations use, evaluated as Android does:
/// in 32-bit floats, and a `PathInterpolator` along the polyline Android approximates its curve with.
public enum AndroidInterpolator: Sendable, Hashable {
    /// `PathInterpolator`: linear between the points of its path's approximation.
    case path(PathPolyline)
    /// `DecelerateInterpolator` with factor 1: 1 - (1 - t)^2.
    case decelerate
    /// `AccelerateDecelerateInterpolator`, the default of `ValueAnimator`: cos((t + 1) pi) / 2 + 0.5.
    case accelerateDecelerate

    /// WM Shell's `Interpolators.STANDARD_DECELERATE`: PathInterpolator(0, 0, 0, 1).
    public static let standardDecelerate = AndroidInterpolator.path(PathPolyline(0, 0, 0, 1))
    /// WM Shell's `Interpolators.FAST_OUT_SLOW_IN`: PathInterpolator(0.4, 0, 0.2, 1).
    public static let fastOutSlowIn = AndroidInterpolator.path(PathPolyline(0.4, 0, 0.2, 1))

    /// The interpolated fraction at `t` (`getInterpolation`, a float in and out).
    public func value(at t: Double) -> Double {
        let input = Float(t)
        switch self {
        case .path(let polyline):
            return Double(polyline.value(at: input))
        case .decelerate:
            return Double(1 - (1 - input) * (1 - input))
        case .accelerateDecelerate:
            return Double(Float(cos(Double(input + 1) * Double.pi) / 2) + 0.5)
        }
    }
}

/// The points `Path.approximate(0.002)` gives for a path of cubics from (0, 0) to (1, 1) (libs/hwui/jni/Path.cpp):
/// each cubic split at the middle of its parameter, left half first, until the curve's point at each middle is
/// within 0.002 of its chord's; while no half of that cubic has failed the test, the left quarter of each accepted
/// piece is checked too.
public struct PathPolyline: Sendable, Hashable {
    public typealias Point = (x: Float, y: Float)

    public let xs: [Float]
    public let ys: [Float]

    /// The polyline of the cubic from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2).
    public init(_ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float) {
        self.init(cubics: [[(x1, y1), (x2, y2), (1, 1)]])
    }

    /// The polyline of a path that moves to (0, 0), then draws each cubic (two control points and an end point)
    /// from where the previous one ended.
    public init(cubics: [[Point]]) {
        var xs: [Float] = [0]
        var ys: [Float] = [0]
        var start: Point = (0, 0)
        for cubic in cubics {
            // Each piece of the cubic becomes a line; a point repeating the previous one adds nothing.
            for point in Self.approximate([start] + cubic)
            where point.x != xs[xs.count - 1] || point.y != ys[ys.count - 1] {
                xs.append(point.x)
                ys.append(point.y)
            }
            start = cubic[cubic.count - 1]
        }
        self.xs = xs
        self.ys = ys
    }

    /// `addBezier` of one cubic: its points in parameter order.
    private static func approximate(_ control: [Point]) -> [Point] {
        let errorSquared: Float = 0.002 * 0.002
        let controlX = control.map(\.x)
        let controlY = control.map(\.y)
        func point(_ t: Float) -> Point {
            (coordinate(t, controlX), coordinate(t, controlY))
        }
        /// Whether the piece from t0 to t1 needs splitting, with its middle parameter and point.
        func split(_ t0: Float, _ p0: Point, _ t1: Float, _ p1: Point) -> (needed: Bool, t: Float, point: Point) {
            let midT = (t1 + t0) / 2
            let middle = point(midT)
            let xError = middle.x - (p1.x + p0.x) / 2
            let yError = middle.y - (p1.y + p0.y) / 2
            return ((xError * xError) + (yError * yError) > errorSquared, midT, middle)
        }
        var ts: [Float] = [0, 1]
        var points = [point(0), point(1)]
        var doubleCheck = true
        var index = 0
        while index + 1 < ts.count {
            while true {
                var piece = split(ts[index], points[index], ts[index + 1], points[index + 1])
                if !piece.needed && doubleCheck {
                    // An S-shaped piece can look straight at its middle: its left half decides, once.
                    if split(ts[index], points[index], piece.t, piece.point).needed {
                        piece.needed = true
                        doubleCheck = false
                    }
                }
                guard piece.needed else { break }
                ts.insert(piece.t, at: index + 1)
                points.insert(piece.point, at: index + 1)
            }
            index += 1
        }
        return points
    }

    /// (1-t)^3 c0 + 3 (1-t)^2 t c1 + 3 (1-t) t^2 c2 + t^3 c3, in Path.cpp's order of float operations.
    private static func coordinate(_ t: Float, _ c: [Float]) -> Float {
        let oneMinusT = 1 - t
        let oneMinusTSquared = oneMinusT * oneMinusT
        let oneMinusTCubed = oneMinusTSquared * oneMinusT
        let tSquared = t * t
        let tCubed = tSquared * t
        let first = oneMinusTCubed * c[0]
        let second = 3 * oneMinusTSquared * t * c[1]
        let third = 3 * oneMinusT * tSquared * c[2]
        return first + second + third + tCubed * c[3]
    }

    /// `PathInterpolator.getInterpolation`: a binary search for the segment holding `t`, then linear along it.
    public func value(at t: Float) -> Float {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        var start = 0
        var end = xs.count - 1
        while end - start > 1 {
            let middle = (start + end) / 2
            if t < xs[middle] { end = middle } else { start = middle }
        }
        let xRange = xs[end] - xs[start]
        if xRange == 0 { return ys[start] }
        let fraction = (t - xs[start]) / xRange
        return ys[start] + fraction * (ys[end] - ys[start])
    }
}
