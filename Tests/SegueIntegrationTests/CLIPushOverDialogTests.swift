import Foundation
import SegueClient
import SegueWire
import Testing

/// `segue push` over a dialog presented on a `flutter` stack of a real segued: the page joins the presented layer
/// (`presented_pages`), `segue state` and `segue tail` say so, `segue dismiss` is refused while the page is on top
/// and `segue pop` takes it off, as does `segue swipe`; `segue replay --frames` draws what the subscriber saw.
@Suite struct CLIPushOverDialogTests {
    @Test("push over a presented dialog, told by state and tail, popped, replayed byte for byte")
    func pushOverDialog() throws {
        let watched = try CLIReversalTests.Watched(screens: ["Home"])
        let daemon = watched.daemon
        let stack = CLIReversalTests.stack
        #expect(try runSegue(["present", stack, "Dialog", "--immediate"], daemon: daemon).status == 0)
        #expect(try runSegue(["push", stack, "Page"], daemon: daemon).status == 0)
        try watched.read { $0.events.filter { if case .completed = $0.body { true } else { false } }.count == 2 }
        let state = try runSegue(["state", stack], daemon: daemon)
        #expect(state.stdout.contains("  presented Dialog > Page (page)"), "\(state)")

        let dismissed = try runSegue(["dismiss", stack], daemon: daemon)
        #expect(dismissed.status != 0)
        #expect(dismissed.stderr.contains("'Page' was pushed over 'Dialog'"), "\(dismissed)")
        #expect(try runSegue(["pop", stack, "--immediate"], daemon: daemon).status == 0)
        try watched.read { $0.events.filter { if case .completed = $0.body { true } else { false } }.count == 3 }
        #expect(try runSegue(["state", stack], daemon: daemon).stdout.contains("  presented Dialog\n"))

        // tail prints up to one completed at a time: the present's, the push's, the pop's.
        let lines = (1...3).map { _ in watched.tailLines().last ?? "" }
        #expect(
            lines[1].hasSuffix(" completed t2 finished screens=Home presented=Dialog,Page presented_pages=1"),
            "\(lines)")
        #expect(lines[2].hasSuffix(" completed t3 finished screens=Home presented=Dialog"), "\(lines)")

        // A back swipe over two pages pushed over the dialog: --json says which presented screen is still a page.
        #expect(try runSegue(["push", stack, "One", "--immediate"], daemon: daemon).status == 0)
        #expect(try runSegue(["push", stack, "Two", "--immediate"], daemon: daemon).status == 0)
        let swiped = try runSegue(["swipe", stack, "--to", "0.9", "--json"], daemon: daemon)
        #expect(swiped.stdout.contains(#""presented":["Dialog","One"],"presentedPages":[1]"#), "\(swiped)")
        let replayed = try watched.stopAndReplay()
        #expect(replayed.values.contains { $0.transitionId == 2 && $0.phase == .done })
    }
}
