import SegueWire

/// The named profiles and the revisions of their semantics.
///
/// Each constant names the line of the source it reproduces: the articles the seed profiles follow (by file name),
/// Apple's and Flutter's documentation and code. docs/semantics.md has the same tables with every row's source.
public enum ProfileCatalog {
    /// The revision new stacks get (StackConfig.profile_revision); 0 is the profiles before revisions. Revision 2
    /// differs from 1 only in `flutter`, whose curves are solved as Flutter solves them (`flutterExact` is revision
    /// 1's).
    public static let newestRevision: UInt32 = 2

    /// The names accepted in `StackConfig.profile` for new stacks.
    public static let names = [
        "fluid", "percent-1s", "percent-250ms", "slide-left", "fullscreen", "modal", "modal-percent", "ios",
        "flutter", "android",
    ]

    /// Other names for profiles: `classic` once merged articles 000-002 and is now the closest of them.
    public static let aliases = ["classic": "percent-250ms"]

    /// The profile with that name in that revision ("" is the default, fluid); nil when unknown.
    public static func named(_ name: String, revision: UInt32 = newestRevision) -> Profile? {
        if revision == 0 { return ProfileRevision0.named(name) }
        guard revision <= newestRevision else { return nil }
        var profile: Profile
        switch aliases[name] ?? name {
        case "", "fluid": profile = fluid
        case "percent-1s": profile = percent1s
        case "percent-250ms": profile = percent250ms
        case "slide-left": profile = slideLeft
        case "fullscreen": profile = fullscreen
        case "modal": profile = modal
        case "modal-percent": profile = modalPercent
        case "ios": profile = ios
        case "flutter": profile = revision >= 2 ? flutter : flutterExact
        case "android": profile = android
        default: return nil
        }
        if !name.isEmpty { profile.name = name }
        return profile
    }

    /// The names a revision accepts, aliases last.
    public static func names(revision: UInt32) -> [String] {
        revision == 0 ? ProfileRevision0.names : names + aliases.keys.sorted()
    }

    // 0.499 = 0.998 / (1 - 0.998) / 1000: the distance a scroll view decelerating at UIKit's normal rate
    // (0.998 per ms) travels per pt/s of release velocity, in seconds.
    static let uikitProjection = 0.499

    /// UIView animations' default curve, kCAMediaTimingFunctionEaseInEaseOut.
    static let uikitDefaultCurve = CubicBezier.easeInOut

    /// The settle of a UIView animation of `ms` (default curve) driven by `UIPercentDrivenInteractiveTransition`
    /// with its defaults: completionSpeed 1 and completionCurve ease-in-out.
    static func percentDriven(ms: Double) -> Profile.Settle {
        .timeline(ms: ms, curve: uikitDefaultCurve, completionCurve: .easeInOut)
    }

    /// This project's default: UIKit's projection rule, a critically damped spring that takes over the finger's
    /// velocity, and catching, so that a flick always goes where the finger was heading.
    public static let fluid = Profile(
        name: "fluid", edgeWidth: 0, beganRule: .pointsBack, progressDistance: nil, threshold: .fraction(0.5),
        finishRule: .projection(coefficient: uikitProjection), flingVelocity: .widths(1),
        gestureSettle: .spring(ms: 500, dampingRatio: 1, handOff: true, initialVelocity: 0),
        layout: Profile.Layout(parallax: 0.3, dimming: 0.1, shadow: 0.15),
        catchesSettle: true, decidesCancelledGesture: false
    )

    /// A pop driven by `UIPercentDrivenInteractiveTransition` (000_f97c34e89b1bf4ea.txt, 001_774936b8fb1b231f.txt):
    /// a pan anywhere on the view, percent = clamp(tx / width), ENDED and CANCELLED alike finish when percent > 0.5,
    /// and only the upper screen moves (the lower is inserted below, still), along UIView's default curve.
    static func percentDrivenPop(name: String, ms: Double) -> Profile {
        Profile(
            name: name, edgeWidth: 0, beganRule: .any, progressDistance: nil, threshold: .fraction(0.5),
            finishRule: .position, flingVelocity: .widths(1), releaseMovesScreens: false,
            tracking: .timeline(uikitDefaultCurve), gestureSettle: percentDriven(ms: ms),
            navigationSettle: .fixed(ms: ms, curve: uikitDefaultCurve), layout: Profile.Layout(),
            catchesSettle: false, decidesCancelledGesture: true
        )
    }

    /// 000_f97c34e89b1bf4ea.txt: `PopAnimation`, `transitionDuration` 1.0 (line 86).
    public static let percent1s = percentDrivenPop(name: "percent-1s", ms: 1000)

    /// 001_774936b8fb1b231f.txt: `POPAnimation`, `transitionDuration` 0.25 (line 106).
    public static let percent250ms = percentDrivenPop(name: "percent-250ms", ms: 250)

    /// 002_810f39d264b170eb.txt: percent-driven over 0.3 s (line 18); ENDED finishes on the `shouldComplete` the last
    /// CHANGED set (fraction > 0.5, line 64; line 70), CANCELLED always cancels (line 70); pop moves the top
    /// screen to -width (line 44) and push brings the new one in from -width (line 34).
    public static let slideLeft = Profile(
        name: "slide-left", edgeWidth: 0, beganRule: .any, progressDistance: nil, threshold: .fraction(0.5),
        finishRule: .position, flingVelocity: .widths(1), decisionSample: .lastChanged,
        releaseMovesScreens: false, tracking: .timeline(uikitDefaultCurve),
        gestureSettle: percentDriven(ms: 300), navigationSettle: .fixed(ms: 300, curve: uikitDefaultCurve),
        layout: Profile.Layout(side: .leading), catchesSettle: false, decidesCancelledGesture: false
    )

    /// 003_4a43ebb7871f4f2c.txt: BEGAN refused only when velocity.x == 0 (line 166); percent = tx / 200 clamped
    /// (lines 221-231); ENDED finishes when (percent > 0.1 and v > 0) or v > 100 (lines 202-205); CANCELLED and
    /// FAILED cancel (lines 190-196); the lower screen at -width/4 + tx/4 (lines 326, 346); a 0.4 s spring,
    /// damping 1, initial velocity 0 (lines 312, 380).
    public static let fullscreen = Profile(
        name: "fullscreen", edgeWidth: 0, beganRule: .movesHorizontally, progressDistance: 200,
        threshold: .fraction(0.1), finishRule: .thresholdOrFling, flingVelocity: .points(100),
        releaseMovesScreens: false,
        gestureSettle: .spring(ms: 400, dampingRatio: 1, handOff: false, initialVelocity: 0),
        layout: Profile.Layout(parallax: 0.25), catchesSettle: false, decidesCancelledGesture: false
    )

    /// 004_52fd9526dceceade.txt, its first interactive dismiss (`PanInteractiveTransition`): percent = tx / width
    /// (line 222) and a negative one returns before anything (lines 223-225); the screen follows the finger
    /// (line 276); ENDED and CANCELLED finish when percent > 0.5 (lines 242-252), over a fixed 0.2 s (lines 282,
    /// 293). Present: from the right (line 112) on a 0.8 s spring, damping 0.8, initial velocity 5 (lines 99-124);
    /// dismiss: `PanDimissAnimation`, 0.4 s to the right (lines 382-409).
    public static let modal = Profile(
        name: "modal", edgeWidth: 0, beganRule: .any, awayFromBack: .ignored, progressDistance: nil,
        threshold: .fraction(0.5), finishRule: .position, flingVelocity: .widths(1), releaseMovesScreens: false,
        gestureSettle: .fixed(ms: 200, curve: uikitDefaultCurve),
        navigationSettle: .fixed(ms: 400, curve: uikitDefaultCurve),
        presentSettle: .spring(ms: 800, dampingRatio: 0.8, handOff: false, initialVelocity: 5),
        dismissSettle: .fixed(ms: 400, curve: uikitDefaultCurve),
        layout: Profile.Layout(), catchesSettle: false, decidesCancelledGesture: true
    )

    /// 004_52fd9526dceceade.txt, its second interactive dismiss (`PanPercentIinteractiveTransition`, lines
    /// 422-487): the same gesture driving `PanDimissAnimation` (0.4 s, line 383) through
    /// `UIPercentDrivenInteractiveTransition`.
    public static let modalPercent: Profile = {
        var profile = modal
        profile.name = "modal-percent"
        profile.tracking = .timeline(uikitDefaultCurve)
        profile.gestureSettle = percentDriven(ms: 400)
        return profile
    }()

    /// The duration of UINavigationController's push and pop.
    static let uikitNavigationMs = 350.0

    /// UIKit's interactive pop as of iOS 26.1: a swipe anywhere in the content area heading back
    /// (`interactiveContentPopGestureRecognizer`; the 20 pt edge of `interactivePopGestureRecognizer` with
    /// `tuning.edge_width`); only CHANGED updates the percent (lines 554-570), and the release projects it with
    /// UIKit's averages (`UIKitPopStatistics`) against min(187.5 / W, 0.5), then completes at the finger's speed
    /// along the default completion curve (lines 477-504). A caught transition settles on the
    /// spring iOS 26 gives interrupted navigation transitions: damping 1, response 0.35 s.
    public static let ios = Profile(
        name: "ios", edgeWidth: 0, beganRule: .pointsBack, progressDistance: nil,
        threshold: .points(187.5, cap: 0.5), finishRule: .uikitPop(durationMs: uikitNavigationMs),
        flingVelocity: .widths(1), decisionSample: .lastChanged, releaseMovesScreens: false,
        gestureSettle: .uikitCompletion(ms: uikitNavigationMs, curve: uikitDefaultCurve),
        navigationSettle: .fixed(ms: uikitNavigationMs, curve: uikitDefaultCurve),
        layout: Profile.Layout(parallax: 0.3, dimming: 0.1), catchesSettle: true,
        caughtSettle: .restingSpring(response: 0.35, dampingRatio: 1), decidesCancelledGesture: false
    )

    /// The Flutter source the `flutter` profile reproduces: every constant below is read in flutter/flutter at these
    /// commits (cupertino/route.dart, 2024, with 500 ms page transitions; widgets/routes.dart; animation/curves.dart).
    public static let flutterRelease = "route.dart@7c1ae2bc"

    /// Flutter's `Curves.fastLinearToSlowEaseIn`, `linearToEaseOut` and `ease` (curves.dart@d59038d5 lines 1383,
    /// 1521, 1408).
    static let fastLinearToSlowEaseIn = CubicBezier(0.18, 1, 0.04, 1)
    static let linearToEaseOut = CubicBezier(0.35, 0.91, 0.33, 0.97)
    static let flutterEase = CubicBezier(0.25, 0.1, 0.25, 1)
    static let linear = CubicBezier(0, 0, 1, 1)

    /// Flutter's Cupertino back gesture and `CupertinoPageRoute` (route.dart@7c1ae2bc): a drag from within
    /// max(20, the leading safe-area inset) of the edge (lines 17, 616-619); a fling of 1 width/s or more decides
    /// by its sign, else the page pops unless more than half of it is still shown (lines 18, 692-698); a cancel is
    /// a release at 0 (lines 590-596); the settle is floor(800 x remaining) ms, at most 300 ms when the page
    /// stays, along fastLinearToSlowEaseIn (lines 22, 26, 680, 705-720), the screens linear under the finger and
    /// through that settle (lines 209, 724-736). Commands take 500 ms (line 145), the page along
    /// fastEaseInToSlowEaseOut and the one below along linearToEaseOut, a third of a width behind (lines 59-62,
    /// 396-413); the scrim is 0x18000000 (line 39) eased by `Curves.ease` (routes.dart@69273e35 line 1606).
    /// Presentations are fullscreen dialogs: no back swipe (pages.dart `popGestureEnabled`), no scrim (line 148),
    /// the page below still (lines 154-157), sliding up from the bottom along linearToEaseOut (lines 472-477).
    /// Its Cubic curves are solved as Flutter solves them (`FlutterBisection`); the linear ones are Flutter's
    /// `Curves.linear`, no cubic, and stay exact. Its pages draw Flutter's edge shadow (`flutterEdgeShadow`).
    /// A pop while a push still animates, and a dismiss while a present does, turn it back (`flutterInterruptions`), in
    /// both revisions.
    public static let flutter: Profile = {
        var profile = flutter(solver: .flutter)
        profile.layout.edgeShadow = flutterEdgeShadow
        return profile
    }()

    /// Revision 1's `flutter`: the same curves solved exactly, and no edge shadow.
    public static let flutterExact = flutter(solver: .exact)

    /// `_CupertinoEdgeShadowDecoration` (route.dart@7c1ae2bc): 5 % of the page wide, 0x04000000 at the page's edge,
    /// faded in along `linearToEaseOut` of the page's arrival.
    static let flutterEdgeShadow = EdgeShadowStyle(
        widthFraction: 0.05, alpha: 4.0 / 255, curve: linearToEaseOut.solved(by: .flutter))

    static func flutter(solver: CubicBezier.Solver) -> Profile {
        Profile(
            name: "flutter", edgeWidth: 20, edgeCoversSafeArea: true, beganRule: .any, swipesDismiss: false,
            pushesOverPresented: true, progressDistance: nil, threshold: .fraction(0.5), finishesAtThreshold: true,
            finishRule: .flingDecides,
            flingVelocity: .widths(1), decisionSample: .lastChanged, releaseMovesScreens: false,
            gestureSettle: .droppedSwipe(
                ms: 800, cancelCapMs: 300, curve: fastLinearToSlowEaseIn.solved(by: solver)),
            navigationSettle: .fixed(ms: 500, curve: linear),
            presentSettle: .fixed(ms: 500, curve: linear),
            dismissSettle: .fixed(ms: 500, curve: linear),
            layout: Profile.Layout(
                parallax: 1.0 / 3.0, dimming: 24.0 / 255.0, dimmingCurve: flutterEase.solved(by: solver),
                commandEasing: Profile.CommandEasing(
                    upper: .threePoint(ThreePointCubic.fastEaseInToSlowEaseOut.solved(by: solver)),
                    lower: .bezier(linearToEaseOut.solved(by: solver)))),
            presentationLayout: Profile.Layout(
                side: .bottom,
                commandEasing: Profile.CommandEasing(
                    upper: .bezier(linearToEaseOut.solved(by: solver)), lower: .bezier(linear))),
            catchesSettle: false, decidesCancelledGesture: true, interruptions: flutterInterruptions
        )
    }

    /// `Navigator.pop` during a push pops the page being pushed, the top route: `TransitionRoute.didPop` reverses
    /// its controller from where it is (routes.dart@69273e35 lines 314-321), over reverseTransitionDuration (line
    /// 153: the 500 ms of route.dart@7c1ae2bc line 145) x the remaining fraction, linearly
    /// (animation_controller.dart@794cc448, `_animateToInternal`), and each `CurvedAnimation` keeps the curve of
    /// the direction it started in until dismissed (animations.dart@702f3e50, `_updateCurveDirection`). A
    /// fullscreen dialog dismissed while presented is the same pop. A pop to root would also remove the pages
    /// below, which is more than a reversal: it is refused, like every other pair.
    ///
    /// A pop while a finger drags the page back pops it "as if there were no back gesture" (route_test.dart@00bb2feb,
    /// 'Back swipe less than halfway is interrupted by route pop' and '... more than halfway ...'): `didPop`
    /// reverses the controller from the finger's value, linearly over 500 ms x that value, while the screens
    /// stay linear because a user gesture is in progress (route.dart@7c1ae2bc line 209). A pop while a swipe
    /// released short of finishing springs the page back in place does the same from the controller's value
    /// there: `didPop` reverses the `animateTo(1.0)` of the release (route.dart@7c1ae2bc line 709).
    ///
    /// A push or present during a back swipe plays at once in Flutter, over the dragged or settling page
    /// (route_test.dart@00bb2feb, 'Back swipe less than halfway is interrupted by route push' and 'Back swipe
    /// dismiss interrupted by route push'); one transition per stack plays them one after the other instead: the
    /// drag ends and its page goes back in place as at a release after a push (route.dart@7c1ae2bc line 709), then
    /// the command runs.
    static let flutterInterruptions = Profile.Interruptions(
        reversedBy: [.push: .pop, .present: .dismiss], swipeTakenOverBy: [.pop: .pop],
        swipeQueues: [.push, .present])

    /// A phone's window corner radius: Pixel 7's 47 px (`rounded_corner_radius` of its device overlay) at its
    /// density of 2.625 px per point (420 dpi). AOSP itself leaves it 0.
    static let androidCornerRadius = 47 / androidDensity
    static let androidDensity = 2.625

    /// Android's predictive back into the previous activity, as Android 14 and 15 draw it: the cross-activity back
    /// animation of WM Shell (CrossActivityBackAnimation.kt@0451978b), the progress of BackTouchTracker.java@1246007b
    /// through BackProgressAnimator.java@06f8f85b's spring, and SystemUI's back arrow deciding the release
    /// (BackPanelController.kt, EdgePanelParams.kt@f6057645). docs/semantics.md cites every value by line.
    public static let android = Profile(
        name: "android", edgeWidth: 30, beganRule: .any, progressDistance: nil,
        threshold: .fraction(0.5), finishRule: .position, flingVelocity: .widths(1), decisionSample: .lastChanged,
        releaseMovesScreens: false, gestureSettle: .predictiveBack(postCommitMs: 300),
        navigationSettle: .activityTransition(ms: 450), layout: Profile.Layout(dimming: 0.2),
        catchesSettle: false, decidesCancelledGesture: false,
        predictiveBack: Profile.PredictiveBack(
            maxScale: 0.9, margin: 8, enteringStartOffset: 96, cornerRadius: androidCornerRadius,
            gestureInterpolator: .standardDecelerate, postCommitInterpolator: .fastOutSlowIn,
            verticalInterpolator: .decelerate, gestureSlop: 8 * 0.75,
            progress: BackTouchProgress.Thresholds(linearDistance: 412, nonLinearFactor: 0.2),
            panel: BackPanel.Parameters(
                dragSlop: 12, staticTriggerThreshold: 16, reactivationThreshold: 32, deactivationThreshold: 32,
                touchSlop: 8, minimumFlingVelocity: 50, density: androidDensity)),
        activityTransitions: Profile.ActivityTransitions(
            offset: 96, curve: fastOutExtraSlowIn,
            openFade: .init(start: 50.0 / 450, length: 83.0 / 450),
            closeFade: .init(start: 35.0 / 450, length: 83.0 / 450)),
        // Transitions.java: a transition that becomes ready while another plays waits for it (docs/semantics.md,
        // "Interruptions in android"); tabs live inside an activity, and say nothing there. BackAnimationController
        // holds a second back swipe while the first one's animation plays.
        interruptions: Profile.Interruptions(
            queued: [.push, .pop, .popToRoot, .present, .dismiss], holdsBackSwipes: true)
    )

    /// `@interpolator/fast_out_extra_slow_in` (core/res/res/interpolator/fast_out_extra_slow_in.xml@dd31a089): the
    /// path M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4 C 0.208333,0.82 0.25,1 1,1.
    static let fastOutExtraSlowIn = AndroidInterpolator.path(
        PathPolyline(cubics: [[(0.05, 0), (0.133333, 0.06), (0.166666, 0.4)], [(0.208333, 0.82), (0.25, 1), (1, 1)]]))
}
