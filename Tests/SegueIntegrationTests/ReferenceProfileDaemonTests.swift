import Foundation
import Testing

/// Each profile that reproduces a source, end to end through a real segued: `segue swipe` finishes, cancels, and
/// ends with PAN_CANCELLED, and the outcome is the one its source gives (see docs/semantics.md).
@Suite struct ReferenceProfileDaemonTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var profile: String
        /// Whether each swipe dismisses a presented screen rather than popping.
        var dismisses = false
        /// `segue swipe` outcome lines of: a swipe to 0.7 W released at the finger's speed; to 0.2 W at rest;
        /// to 0.7 W then PAN_CANCELLED.
        var finish: String
        var cancel: String
        var cancelledGesture: String
        var testDescription: String { profile }
    }

    static let cases: [Case] = [
        Case(
            profile: "percent-1s", finish: "finished (PASSED_THRESHOLD)", cancel: "cancelled (BELOW_THRESHOLD)",
            cancelledGesture: "finished (PASSED_THRESHOLD)"),
        Case(
            profile: "percent-250ms", finish: "finished (PASSED_THRESHOLD)", cancel: "cancelled (BELOW_THRESHOLD)",
            cancelledGesture: "finished (PASSED_THRESHOLD)"),
        Case(
            profile: "slide-left", finish: "finished (PASSED_THRESHOLD)", cancel: "cancelled (BELOW_THRESHOLD)",
            cancelledGesture: "cancelled (GESTURE_CANCELLED)"),
        Case(
            profile: "fullscreen", finish: "finished (PASSED_THRESHOLD)", cancel: "cancelled (RELEASED_AT_REST)",
            cancelledGesture: "cancelled (GESTURE_CANCELLED)"),
        Case(
            profile: "modal", dismisses: true, finish: "finished (PASSED_THRESHOLD)",
            cancel: "cancelled (BELOW_THRESHOLD)", cancelledGesture: "finished (PASSED_THRESHOLD)"),
        Case(
            profile: "modal-percent", dismisses: true, finish: "finished (PASSED_THRESHOLD)",
            cancel: "cancelled (BELOW_THRESHOLD)", cancelledGesture: "finished (PASSED_THRESHOLD)"),
        Case(
            profile: "ios", finish: "finished (PASSED_THRESHOLD)", cancel: "cancelled (BELOW_THRESHOLD)",
            cancelledGesture: "cancelled (GESTURE_CANCELLED)"),
        Case(
            profile: "flutter", finish: "finished (FLUNG_FORWARD)", cancel: "cancelled (BELOW_THRESHOLD)",
            cancelledGesture: "finished (PASSED_THRESHOLD)"),
        // Android's back arrow is on once the finger is 16 pt out for a moment: a short drag held still goes back.
        Case(
            profile: "android", finish: "finished (PASSED_THRESHOLD)", cancel: "finished (PASSED_THRESHOLD)",
            cancelledGesture: "cancelled (GESTURE_CANCELLED)"),
    ]

    @Test("swipe finish, swipe cancel and a cancelled gesture through the daemon", arguments: cases)
    func profile(_ test: Case) throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let stack = "s"
        let created = try runSegue(
            ["create", stack, "--screens", "Home,A,B", "--profile", test.profile],
            daemon: daemon)
        #expect(created.status == 0, "\(created)")
        // 0.7 of 390 pt in 250 ms is 1092 pt/s on average: released at that speed, the finger is not braking.
        let swipes = [
            (["--to", "0.7", "--velocity", "1092"], test.finish), (["--to", "0.2"], test.cancel),
            (["--to", "0.7", "--cancel"], test.cancelledGesture),
        ]
        for (index, (arguments, expected)) in swipes.enumerated() {
            let before = try jsonObject(try runSegue(["state", stack, "--json"], daemon: daemon).lines.first ?? "")
            if test.dismisses && (before["presented"] as? [String] ?? []).isEmpty {
                let presented = try runSegue(["present", stack, "Sheet", "--immediate"], daemon: daemon)
                #expect(presented.status == 0, "\(presented)")
            }
            let swiped = try runSegue(["swipe", stack] + arguments + ["--json"], daemon: daemon)
            #expect(swiped.status == 0, "\(swiped)")
            let outcome = try jsonObject(swiped.lines.first ?? "")
            let words = "\(outcome["outcome"] as? String ?? "") (\(outcome["reason"] as? String ?? ""))"
            #expect(words == expected, "\(test.profile) \(arguments): \(swiped)")
            let after = try jsonObject(try runSegue(["state", stack, "--json"], daemon: daemon).lines.first ?? "")
            let moved = expected.hasPrefix("finished")
            if test.dismisses {
                #expect((after["presented"] as? [String] ?? []).isEmpty == moved, "\(after)")
            } else {
                let depth = (before["screens"] as? [String])?.count ?? 0
                #expect((after["screens"] as? [String])?.count == (moved ? depth - 1 : depth), "\(after)")
            }
            if moved && !test.dismisses {
                #expect(try runSegue(["push", stack, "Again\(index)", "--immediate"], daemon: daemon).status == 0)
            }
        }
        #expect(daemon.stop() == 0)
    }

    @Test("create --safe-area gives the stack its insets; a malformed one is a usage error")
    func safeArea() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let bad = try runSegue(["create", "s", "--screens", "Home,A", "--safe-area", "1,2,x,4"], daemon: daemon)
        #expect(bad.status == 2 && bad.stderr.contains("--safe-area"), "\(bad)")
        for bad in ["0,-1,0,0", "0x10,0,0,0", "1e2,0,0,0", "0,0,0", "0,0,0,0,0"] {
            let refused = try runSegue(["create", "s", "--screens", "Home,A", "--safe-area", bad], daemon: daemon)
            #expect(refused.status == 2, "\(bad): \(refused)")
        }
        let created = try runSegue(
            [
                "create", "s", "--screens", "Home,A", "--profile", "flutter", "--safe-area",
                "59,44,34,0",
            ], daemon: daemon)
        #expect(created.status == 0, "\(created)")
        let state = try jsonObject(try runSegue(["state", "s", "--json"], daemon: daemon).lines.first ?? "")
        let insets = (state["config"] as? [String: Any])?["safeArea"] as? [String: Any]
        #expect(insets?["left"] as? Double == 44 && insets?["top"] as? Double == 59, "\(state)")
        #expect(daemon.stop() == 0)
    }
}
