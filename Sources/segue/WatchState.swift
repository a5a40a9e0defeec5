import SegueClient
import SegueDisplay
import SegueWire

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps a ``WatchScreen`` up to date from a stack's publications: frames move the screens, events become the
/// latest-event line and, when they change the stack, make it ask the daemon for the stack's state again (one
/// `GetStack` per transition step, never per frame or per `progressed`).
final class WatchState {
    /// What is drawn.
    private(set) var screen: WatchScreen
    /// The client state refreshes read from: the stack's holder's, in a cluster.
    var control: ControlClient

    /// Starts from `state`, as `GetStack` returned it.
    init(stackId: String, state: StackState?, control: ControlClient) {
        screen = WatchScreen(stackId: stackId, state: state)
        self.control = control
    }

    /// The note on the title line while the stack is there and all is well.
    static let quitHint = "Ctrl-C quits"

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
            show(event)
            // Every event is a version of the stack, `progressed` too: the title follows without a round trip. A
            // state read meanwhile may be newer than the event, never older.
            if let version = screen.state?.version, event.version > version { screen.state?.version = event.version }
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

    /// Makes `event` the latest-event line.
    private func show(_ event: Event) {
        screen.latestEvent = TextFormat.line(event)
        screen.latestEventColour = TextColour.of(event)
    }

    /// Shows the stack's newest logged event up to `head` as the latest event, so the picture says what happened
    /// last before anything happens while it is watched. The log is read backwards from `head` in windows eight
    /// times wider each time, with one-stack reads that cost what the stack's events in the window cost. A failed
    /// read is reported on the title line.
    func showLatestLogged(upTo head: UInt64) {
        var last = head
        var width: UInt64 = 64
        do throws(ClientError) {
            while last > 0 {
                let first = last > width ? last - width + 1 : 1
                if let event = try newestEvent(from: first, through: last) {
                    show(event)
                    return
                }
                last = first - 1
                width = width > UInt64.max / 8 ? UInt64.max : width * 8
            }
        } catch .errorReply(let detail) where detail.code == .positionRemoved {
            // The stack's events are older than what retention kept: there is none to show.
        } catch {
            report(error)
        }
    }

    /// The stack's newest event in positions `first...last` of the log, if it has one there.
    private func newestEvent(from first: UInt64, through last: UInt64) throws(ClientError) -> Event? {
        var newest: Event?
        var position = first
        while position <= last {
            let batch = try control.readEvents(from: position, stack: screen.stackId)
            for event in batch.events where event.position <= last { newest = event }
            // A read that does not move on has reached the head.
            guard batch.nextPosition > position else { break }
            position = batch.nextPosition
        }
        return newest
    }

    private func apply(_ body: Event.Body?) {
        switch body {
        case .progressed:
            // The event's progress is the finger's; the bar shows the screens' (visual) progress, which only
            // frames and `GetStack` carry.
            break
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
            let wasMissing = screen.state == nil
            screen.state = try control.stack(screen.stackId)
            if wasMissing && !screen.noticeIsProblem { hint = Self.quitHint }
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
        guard error.code == .unavailable else {
            screen.notice = "\(error.code)"
            screen.noticeIsProblem = true
            return
        }
        screen.notice = lostSince.map { "daemon not answering since \($0)" } ?? "daemon not answering"
        screen.noticeIsProblem = true
    }

    /// The local time (HH:MM:SS) the connection to the daemon was lost; nil while it is up.
    private var lostSince: String?

    /// Says on the title line that the daemon went away, and since when, as `tail` says it on stderr.
    func connectionLost() {
        lostSince = Self.clockTime()
        screen.notice = "daemon not answering since \(lostSince ?? "?")"
        screen.noticeIsProblem = true
    }

    /// Says on the title line that the daemon is back, and reads the stack's state again.
    func connectionRestored() {
        lostSince = nil
        screen.notice = "reconnected"
        screen.noticeIsProblem = false
        refresh()
    }

    /// The local time of day now, as HH:MM:SS.
    private static func clockTime() -> String {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "?" }
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec))"
    }
}
