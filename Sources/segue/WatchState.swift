import SegueClient
import SegueDisplay
import SegueWire

/// Keeps a ``WatchScreen`` up to date from a stack's publications: frames move the screens, events become the
/// latest-event line and, when they change the stack, make it ask the daemon for the stack's state again (one
/// `GetStack` per transition step, never per frame or per `progressed`).
final class WatchState {
    /// What is drawn.
    private(set) var screen: WatchScreen
    private let control: ControlClient

    /// Starts from `state`, as `GetStack` returned it.
    init(stackId: String, state: StackState?, control: ControlClient) {
        screen = WatchScreen(stackId: stackId, state: state)
        self.control = control
    }

    /// The note on the title line while all is well.
    var hint: String? {
        get { screen.notice }
        set {
            screen.notice = newValue
            screen.noticeIsProblem = false
        }
    }

    /// Takes one publication into account. Publications about other stacks are ignored.
    func apply(_ publication: Publication) {
        switch publication {
        case .event(let event) where event.stackId == screen.stackId:
            screen.latestEvent = TextFormat.line(event)
            screen.latestEventColour = TextColour.of(event)
            apply(event.body)
        case .frame(let frame) where frame.stackId == screen.stackId:
            screen.frame = frame
        case .rejection(let rejection) where rejection.stackId == screen.stackId || rejection.stackId.isEmpty:
            screen.latestEvent = TextFormat.line(rejection)
            screen.latestEventColour = .rejection
        case .undecodable(let topic, let reason):
            screen.latestEvent = "undecodable publication on \(topic): \(reason)"
            screen.latestEventColour = .rejection
        default:
            break
        }
    }

    private func apply(_ body: Event.Body?) {
        switch body {
        case .progressed(let progressed):
            // Kept current for the picture drawn before the first frame; no round trip per finger sample.
            if screen.state?.transition?.transitionId == progressed.transitionId {
                screen.state?.transition?.progress = progressed.progress
            }
        case .began:
            screen.release = nil
            refresh()
        case .finished(let finished):
            screen.release = .finishing(finished.reason)
            refresh()
        case .cancelled(let cancelled):
            screen.release = .cancelling(cancelled.reason)
            refresh()
        case .completed:
            screen.release = nil
            screen.frame = nil
            refresh()
        case .deleted:
            screen.state = nil
            screen.frame = nil
            screen.release = nil
        default:
            refresh()
        }
    }

    /// Asks the daemon for the stack's state again. A daemon that does not answer is reported on the title line;
    /// the picture keeps the last known state.
    func refresh() {
        do {
            screen.state = try control.stack(screen.stackId)
            if screen.noticeIsProblem {
                screen.notice = nil
                screen.noticeIsProblem = false
            }
        } catch ClientError.errorReply(let detail) where detail.code == .unknownStack {
            screen.state = nil
        } catch {
            report(error)
        }
    }

    /// Shows `error` (a lost daemon, say) on the title line.
    func report(_ error: ClientError) {
        screen.notice = error.code == .unavailable ? "daemon not answering" : "\(error.code)"
        screen.noticeIsProblem = true
    }
}
