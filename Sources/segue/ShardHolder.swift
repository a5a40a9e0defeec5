import SegueClient
import SegueClusterClient
import SegueCommandLine
import SegueWire

/// The daemon holding one shard of a cluster, as its signed lease names it: where a command on one of the shard's
/// stacks is sent, and, for a command that runs on, where it goes next once the shard changes hands.
final class ShardHolder {
    let directory: ClusterDirectory
    let shard: Int
    /// The lease of the holder followed.
    private(set) var lease: ShardLease

    /// The shard's holder now.
    /// - Throws: `CLIFailure` (UNAVAILABLE) when no daemon holds it, or its lease cannot be read or names no
    ///   endpoints.
    init(shard: Int, directory: ClusterDirectory, stack: String? = nil) throws(CLIFailure) {
        self.directory = directory
        self.shard = shard
        let lease: ShardLease?
        do {
            lease = try directory.holder(of: shard)
        } catch {
            throw CLIFailure(code: .unavailable, message: error.description)
        }
        guard let lease else {
            throw CLIFailure(
                code: .unavailable,
                message: "no daemon holds shard \(shard) of \(directory.shards)\(stack.map { " (stack \($0))" } ?? "") "
                    + "now; a standby takes over once the holder's lease lapses")
        }
        try Self.checkEndpoints(lease)
        self.lease = lease
    }

    /// The holder's endpoints.
    var endpoints: SegueEndpoints {
        SegueEndpoints(ingest: lease.ingest, control: lease.control, events: lease.events)
    }

    /// `holder-0, holder of shard 0 of 2`: who serves the shard, for messages.
    var description: String { "\(lease.node), holder of shard \(shard) of \(directory.shards)" }

    /// The lease of a daemon holding the shard now in place of the one followed, which it then follows (and says
    /// so on stderr, unless `quiet`); nil while the one followed still holds it, while none does (a takeover in
    /// progress), or when the lease cannot be read.
    func successor(quiet: Bool = false) -> ShardLease? {
        guard let now = try? directory.holder(of: shard), now != lease, (try? Self.checkEndpoints(now)) != nil else {
            return nil
        }
        if !quiet {
            Console.error(
                "segue: shard \(shard) of \(directory.shards) changed hands, from \(lease.node) to \(now.node): "
                    + "following it")
        }
        lease = now
        return now
    }

    /// When ``successorIfDue()`` reads the lease next.
    private var nextCheck = ContinuousClock.now

    /// ``successor(quiet:)``, read at most every 250 ms however often it is asked.
    func successorIfDue() -> ShardLease? {
        guard ContinuousClock.now >= nextCheck else { return nil }
        nextCheck = .now + .milliseconds(250)
        return successor()
    }

    /// Signed by a daemon of the cluster, and still only endpoints: nothing else is connected to.
    private static func checkEndpoints(_ lease: ShardLease) throws(CLIFailure) {
        for endpoint in [lease.ingest, lease.control, lease.events] where !EndpointSyntax.isConnectable(endpoint) {
            throw CLIFailure(
                code: .unavailable,
                message: "the lease of shard \(lease.shard) names '\(endpoint)', which is not an endpoint; not "
                    + "connecting")
        }
    }
}
