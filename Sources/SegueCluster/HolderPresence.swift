import NATS
import SegueClusterClient
import SegueWire

/// Whether the daemon holding the shard is still there, asked on its presence subject (`ShardLease.presence`) as
/// often as a standby polls: "no responders" means its process or its connection is gone, which kill -9 makes so at
/// once. The holder counts as gone once every answer for `patienceMs` was "no responders" while its lease was not
/// renewed: a renewal interval (a quarter of the lease) and the time a connection takes to move to another server
/// (its server lost), after which it answers again. Anything else (a timeout, a lease without a presence subject, the servers not answering)
/// leaves the decision to the lease's lapse.
struct HolderPresence {
    private let connection: NATSConnection
    private let patienceMs: Int
    /// The revision of the lease whose holder stopped answering, and since when.
    private var silent: (revision: UInt64, since: ContinuousClock.Instant)?

    init(connection: NATSConnection, patienceMs: Int) {
        self.connection = connection
        self.patienceMs = patienceMs
    }

    /// Asks the holder of the lease at `revision` once; returns true when it has been gone for `patienceMs`.
    mutating func isGone(_ lease: ShardLease, revision: UInt64) -> Bool {
        guard !lease.presence.isEmpty else { return false }
        do {
            _ = try connection.request(subject: lease.presence, timeout: .milliseconds(100))
            silent = nil
            return false
        } catch {
            guard error.isNoResponders else { return false }
            // A renewal since means the holder was there after all.
            if silent?.revision != revision { silent = (revision, .now) }
            return ContinuousClock.now - silent!.since >= .milliseconds(patienceMs)
        }
    }

    /// A subject for a holder's presence: under its shard, with a random part so that nobody can take it first.
    static func subject(shard: Int, node: String) -> String {
        let random = (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 16) }.joined()
        let token = node.unicodeScalars.map {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_"
        }
        return "segue.shard.\(shard).presence.\(String(token))-\(random)"
    }
}
