import SegueWire
import Synchronization

/// The engine's counters (what `GetStats` answers) as its loop last posted them, for a reader on another thread,
/// such as segued's metrics endpoint: reading never waits for a turn, and a turn waits for a reader no longer than
/// it takes to copy the value.
public final class StatsBoard: Sendable {
    private let latest = Mutex<Stats?>(nil)

    /// How often the loop posts, at most: a reader sees counters at most this old, plus one turn.
    static let intervalUs: Int64 = 100_000

    public init() {}

    /// The counters last posted, or nil before the engine runs.
    public var stats: Stats? { latest.withLock { $0 } }

    func post(_ stats: Stats) {
        latest.withLock { $0 = stats }
    }
}
