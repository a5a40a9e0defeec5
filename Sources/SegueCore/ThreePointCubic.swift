/// Two cubic curves joined at a midpoint the curve passes through, as Flutter's `ThreePointCubic` defines them
/// (flutter/flutter, packages/flutter/lib/src/animation/curves.dart at d59038d5, lines 383-446): each half is the
/// control points rescaled into its own unit square, solved by `solver` (Flutter's `transformInternal`, lines
/// 426-446, hands each half to `Cubic.transform`, which `CubicBezier.Solver.flutter` reproduces).
public struct ThreePointCubic: Sendable, Hashable {
    public let a1: Vec
    public let b1: Vec
    public let midpoint: Vec
    public let a2: Vec
    public let b2: Vec
    public let solver: CubicBezier.Solver

    /// A point of the curve's square.
    public struct Vec: Sendable, Hashable {
        public let x: Double
        public let y: Double

        public init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
    }

    public init(
        _ a1: Vec, _ b1: Vec, midpoint: Vec, _ a2: Vec, _ b2: Vec, solver: CubicBezier.Solver = .exact
    ) {
        self.a1 = a1
        self.b1 = b1
        self.midpoint = midpoint
        self.a2 = a2
        self.b2 = b2
        self.solver = solver
    }

    /// The same curve with its halves solved by `solver`.
    public func solved(by solver: CubicBezier.Solver) -> ThreePointCubic {
        ThreePointCubic(a1, b1, midpoint: midpoint, a2, b2, solver: solver)
    }

    /// Flutter's `Curves.fastEaseInToSlowEaseOut` (curves.dart lines 1397-1403), the curve of `CupertinoPageRoute`.
    public static let fastEaseInToSlowEaseOut = ThreePointCubic(
        Vec(0.056, 0.024), Vec(0.108, 0.3085), midpoint: Vec(0.198, 0.541), Vec(0.3655, 1.0), Vec(0.5465, 0.989))

    public func value(at time: Double) -> Double {
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        if time < midpoint.x {
            let (sx, sy) = (midpoint.x, midpoint.y)
            let first = CubicBezier(a1.x / sx, a1.y / sy, b1.x / sx, b1.y / sy, solver: solver)
            return first.value(at: time / sx) * sy
        }
        let (sx, sy) = (1 - midpoint.x, 1 - midpoint.y)
        let second = CubicBezier(
            (a2.x - midpoint.x) / sx, (a2.y - midpoint.y) / sy,
            (b2.x - midpoint.x) / sx, (b2.y - midpoint.y) / sy, solver: solver)
        return second.value(at: (time - midpoint.x) / sx) * sy + midpoint.y
    }
}

/// A timing curve applied to one screen's motion.
public indirect enum Easing: Sendable, Hashable {
    case bezier(CubicBezier)
    case threePoint(ThreePointCubic)

    public func value(at time: Double) -> Double {
        switch self {
        case .bezier(let curve): return curve.value(at: time)
        case .threePoint(let curve): return curve.value(at: time)
        }
    }

    /// The same curve solved by `solver`.
    public func solved(by solver: CubicBezier.Solver) -> Easing {
        switch self {
        case .bezier(let curve): return .bezier(curve.solved(by: solver))
        case .threePoint(let curve): return .threePoint(curve.solved(by: solver))
        }
    }
}
