/// The profiles as they were before profiles had revisions: stacks whose StackCreated carries revision 0.
///
/// Kept unchanged, and apart from today's profiles, so that a log written then replays to the same events and
/// frames and its stacks go on as they did; new stacks get the newest revision (`ProfileCatalog`). Every release
/// of that time was decided on the latest `progressed` (an ENDED that moved logged one first), and a cancel past
/// the threshold was FLUNG_BACK whatever the velocity.
enum ProfileRevision0 {
    static let names = ["fluid", "classic", "fullscreen", "modal", "ios", "flutter"]

    static func named(_ name: String) -> Profile? {
        switch name {
        case "", "fluid": return fluid
        case "classic": return classic
        case "fullscreen": return fullscreen
        case "modal": return modal
        case "ios": return ios
        case "flutter": return flutter
        default: return nil
        }
    }

    /// This revision's rules where today's profile type has others.
    private static func asThen(_ profile: Profile) -> Profile {
        var then = profile
        then.decisionSample = .lastChanged
        then.namesReleaseAtRest = false
        return then
    }

    static let fluid = asThen(
        Profile(
            name: "fluid", edgeWidth: 0, beganRule: .pointsBack, progressDistance: nil, threshold: .fraction(0.5),
            finishRule: .projection(coefficient: 0.499), flingVelocity: .widths(1),
            gestureSettle: .spring(ms: 500, dampingRatio: 1, handOff: true, initialVelocity: 0),
            layout: Profile.Layout(parallax: 0.3, dimming: 0.1, shadow: 0.15),
            catchesSettle: true, decidesCancelledGesture: false
        ))

    static let classic = asThen(
        Profile(
            name: "classic", edgeWidth: 0, beganRule: .any, progressDistance: nil, threshold: .fraction(0.5),
            finishRule: .position, flingVelocity: .widths(1),
            gestureSettle: .remaining(ms: 300, curve: .easeInOut),
            layout: Profile.Layout(), catchesSettle: false, decidesCancelledGesture: false
        ))

    static let fullscreen = asThen(
        Profile(
            name: "fullscreen", edgeWidth: 0, beganRule: .pointsBack, progressDistance: 200, threshold: .fraction(0.1),
            finishRule: .thresholdOrFling, flingVelocity: .points(100),
            gestureSettle: .spring(ms: 400, dampingRatio: 1, handOff: false, initialVelocity: 0),
            layout: Profile.Layout(parallax: 0.25), catchesSettle: false, decidesCancelledGesture: false
        ))

    static let modal = asThen(
        Profile(
            name: "modal", edgeWidth: 0, beganRule: .any, progressDistance: nil, threshold: .fraction(0.5),
            finishRule: .position, flingVelocity: .widths(1),
            gestureSettle: .fixed(ms: 200, curve: .easeInOut),
            presentSettle: .spring(ms: 800, dampingRatio: 0.8, handOff: false, initialVelocity: 5),
            dismissSettle: .fixed(ms: 400, curve: .easeInOut),
            layout: Profile.Layout(), catchesSettle: false, decidesCancelledGesture: false
        ))

    static let ios = asThen(
        Profile(
            name: "ios", edgeWidth: 20, beganRule: .pointsBack, progressDistance: nil,
            threshold: .points(187.5, cap: 0.5),
            finishRule: .projection(coefficient: 0.499), flingVelocity: .widths(1),
            gestureSettle: .spring(ms: 500, dampingRatio: 1, handOff: true, initialVelocity: 0),
            layout: Profile.Layout(parallax: 0.3, dimming: 0.1), catchesSettle: true, decidesCancelledGesture: false
        ))

    static let flutter = asThen(
        Profile(
            name: "flutter", edgeWidth: 20, beganRule: .any, progressDistance: nil, threshold: .fraction(0.5),
            finishRule: .flingDecides, flingVelocity: .widths(1),
            gestureSettle: .fixed(ms: 350, curve: CubicBezier(0.18, 1, 0.04, 1)),
            layout: Profile.Layout(parallax: 1.0 / 3.0, dimming: 0.094), catchesSettle: false,
            decidesCancelledGesture: true
        ))
}
