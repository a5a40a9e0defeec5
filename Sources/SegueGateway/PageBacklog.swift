import Synchronization
import WebSockets

/// What each page has sent that the bridge has not handled yet, in messages and bytes, shared by the WebSocket
/// thread (which counts a message in as it posts it) and the bridge (which counts it out once handled). A page
/// over `GatewayLimits.maxBacklogMessages` or `maxBacklogBytes` stops being read (libwebsockets' rx flow
/// control) until the bridge has handled all of it: a page that sends faster than the bridge reads waits in its
/// own TCP buffers, not in the gateway's memory.
final class PageBacklog: Sendable {
    private struct Backlog {
        var messages = 0
        var bytes = 0
        var paused = false
    }

    private struct State {
        var pages: [ConnectionID: Backlog] = [:]
        /// Paused pages the bridge has caught up with, for the WebSocket thread to read again.
        var drained: [ConnectionID] = []
        var pauses = 0
    }

    private let state = Mutex(State())

    /// Counts a message in; true when the page is now over its backlog and must stop being read. WebSocket thread.
    func received(_ id: ConnectionID, bytes: Int) -> Bool {
        state.withLock { state in
            var backlog = state.pages[id] ?? Backlog()
            backlog.messages += 1
            backlog.bytes += bytes
            let pause =
                !backlog.paused
                && (backlog.messages >= GatewayLimits.maxBacklogMessages
                    || backlog.bytes >= GatewayLimits.maxBacklogBytes)
            if pause {
                backlog.paused = true
                state.pauses += 1
            }
            state.pages[id] = backlog
            return pause
        }
    }

    /// Counts a handled message out; true when it was the last of a paused page's backlog (wake the WebSocket
    /// thread to read it again). Bridge thread.
    func handled(_ id: ConnectionID, bytes: Int) -> Bool {
        state.withLock { state in
            guard var backlog = state.pages[id] else { return false }
            backlog.messages -= 1
            backlog.bytes -= bytes
            let resume = backlog.paused && backlog.messages == 0
            if resume {
                backlog.paused = false
                state.drained.append(id)
            }
            state.pages[id] = backlog
            return resume
        }
    }

    /// The pages to read again. WebSocket thread.
    func takeDrained() -> [ConnectionID] {
        state.withLock { state in
            defer { state.drained.removeAll() }
            return state.drained
        }
    }

    /// Forgets a page that closed (its messages still in the bridge's mailbox find no page).
    func remove(_ id: ConnectionID) {
        state.withLock { state in
            state.pages[id] = nil
            state.drained.removeAll { $0 == id }
        }
    }

    /// How many times a page was paused, over all pages so far.
    var pauses: Int { state.withLock { $0.pauses } }
}
