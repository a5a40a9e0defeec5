import SegueWire

/// The shadow a layout draws outside the upper screen's leading edge: a black gradient from `alpha` at the edge
/// to 0 at `widthFraction` of the container away, faded in with the screen's arrival.
///
/// Flutter's `_CupertinoEdgeShadowDecoration` (cupertino/route.dart@7c1ae2bc): the gradient spans 5 % of the page
/// (`_CupertinoEdgeShadowPainter.paint`, "Shadow spans 5% of the page"), from 0x04000000 to 0x00000000 (its
/// `kTween`'s end), and `kTween` fades it in from no shadow along the page's route animation, through
/// `linearToEaseOut` unless a finger drives the page (`_primaryShadowAnimation` of `CupertinoPageTransition`,
/// which has no reverse curve, so a pop runs the same curve backward).
public struct EdgeShadowStyle: Sendable, Hashable {
    /// The gradient's width, in container widths.
    public var widthFraction: Double
    /// The alpha at the edge once the screen has arrived.
    public var alpha: Double
    /// How the shadow fades with how far the upper screen has arrived (0 away, 1 in place) when a command drives
    /// the transition; linear under a finger.
    public var curve: CubicBezier

    public init(widthFraction: Double, alpha: Double, curve: CubicBezier) {
        self.widthFraction = widthFraction
        self.alpha = alpha
        self.curve = curve
    }

    /// The shadow of an upper screen that has arrived by `arrived` (0...1) in a container `width` wide; nil when
    /// it shows nothing.
    func shadow(arrived: Double, interactive: Bool, width: Double) -> EdgeShadow? {
        let shown = interactive ? arrived : curve.value(at: arrived)
        guard shown > 0 else { return nil }
        return EdgeShadow(
            width: widthFraction * width,
            stops: [GradientStop(position: 0, alpha: alpha * min(shown, 1)), GradientStop(position: 1, alpha: 0)])
    }
}
