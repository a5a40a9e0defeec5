/// A CSS-style timing curve from (0, 0) to (1, 1) with two control points, solved for time.
///
/// `value(at:)` finds the curve parameter whose x equals the given time fraction (Newton's method, with bisection
/// as the fallback when the slope is too flat), then returns that parameter's y. No lookup table: the result is
/// exact to 1e-9, so frame sequences are reproducible. A curve may instead be solved as Flutter solves it
/// (`Solver.flutter`), to the same frames Flutter draws.
public struct CubicBezier: Sendable, Hashable {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double
    public let solver: Solver

    /// How the curve finds the parameter of a time.
    public enum Solver: Sendable, Hashable {
        /// Exact to 1e-9.
        case exact
        /// Flutter's bisection to within 0.001 of the time (`FlutterBisection`).
        case flutter
    }

    /// - Parameters: the two control points; x1 and x2 must lie in 0...1 so that x grows with the parameter.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, solver: Solver = .exact) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        self.solver = solver
    }

    /// The same control points solved by `solver`.
    public func solved(by solver: Solver) -> CubicBezier {
        CubicBezier(x1, y1, x2, y2, solver: solver)
    }

    /// CSS `ease-in-out`, also UIKit's `.easeInOut`: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    /// The curve's progress (y) at a time fraction (x) in 0...1.
    public func value(at time: Double) -> Double {
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        switch solver {
        case .exact: return Self.coordinate(parameter(forX: time), y1, y2)
        case .flutter: return FlutterBisection.value(at: time, x1, y1, x2, y2)
        }
    }

    /// One coordinate of the cubic with end points 0 and 1: 3(1-s)^2 s c1 + 3(1-s) s^2 c2 + s^3.
    private static func coordinate(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let a = 1 + 3 * c1 - 3 * c2
        let b = 3 * c2 - 6 * c1
        let c = 3 * c1
        return ((a * s + b) * s + c) * s
    }

    private static func slope(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let a = 1 + 3 * c1 - 3 * c2
        let b = 3 * c2 - 6 * c1
        let c = 3 * c1
        return (3 * a * s + 2 * b) * s + c
    }

    private func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, x1, x2) - x
            if abs(error) < 1e-12 { return s }
            let d = Self.slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= error / d
            if s < 0 || s > 1 { break }
        }
        // Bisection always converges because x(s) is monotone for control x in 0...1.
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<64 {
            let value = Self.coordinate(s, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
