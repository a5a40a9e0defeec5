import SegueCluster
import SegueClusterClient
import SegueCommandLine
import SegueEngine
import SegueLogging

#if canImport(Glibc)
    import Glibc
#endif

/// Exit status of a daemon that stepped down: another daemon holds its shard now.
let steppedDownStatus: Int32 = 3

/// Waits as a standby until this daemon holds its shard (docs/operations.md, "Failover"), folding the shard's
/// stream into the data directory's state meanwhile, then points the engine at the stream. Exits 0 when asked to
/// stop while joining the cluster or standing by, 1 when the cluster cannot be joined or the data directory cannot
/// be opened.
/// - Parameters:
///   - status: what the metrics endpoint reports of the shard, kept up to date from now on.
///   - lineEnd: what the standby line ends with (the metrics endpoint, when there is one).
/// - Returns: the lease and the state the engine takes over.
func awaitShard(
    _ cluster: ClusterSettings, key: ClusterSigningKey, configuration: inout EngineConfiguration, log: Logger,
    status: ShardStatus, lineEnd: String
) -> (ShardLeadership, StandbyState) {
    let shard = cluster.shard.index
    configuration.shard = cluster.shard
    let standby: StandbyState
    do {
        standby = try StandbyState(configuration: configuration)
    } catch {
        log.error("cannot start", ["error": error.description])
        exit(1)
    }
    do {
        let takeover = try ShardTakeover(
            settings: cluster, key: key, largestEventBytes: configuration.limits.largestPublishedMessageBytes,
            report: log, status: status, stopRequested: { stopRequested.load(ordering: .relaxed) })
        let held = try takeover.awaitShard(
            standby: standby, dataDirectory: configuration.dataDirectory,
            onStandby: { holder in
                log.info("standing by", ["shard": shard, "holder": holder?.node ?? "unknown"])
                Console.line("segued standby shard=\(shard) holder=\(holder?.node ?? "unknown")\(lineEnd)")
            },
            stopRequested: { stopRequested.load(ordering: .relaxed) })
        guard let held else {
            standby.close()
            log.info("stopped while standing by")
            exit(0)
        }
        configuration.replica = held.replica
        log.info(
            "holds the shard",
            ["shard": shard, "node": cluster.node, "head": standby.head, "followed": standby.followedEvents])
        return (held.leadership, standby)
    } catch {
        standby.close()
        // Asked to stop while JetStream could not place the shard's stream yet: a stop, not a failure.
        if stopRequested.load(ordering: .relaxed) {
            log.info("stopped while joining the cluster", ["error": error.description])
            exit(0)
        }
        log.error("cannot take part in the cluster", ["error": error.description])
        exit(1)
    }
}

/// Publishes the bound endpoints in the lease, where clients look for them; a lease lost meanwhile steps down.
func announce(_ endpoints: Engine.Endpoints, in leadership: ShardLeadership, log: Logger) {
    do {
        try leadership.announce(ingest: endpoints.ingest, control: endpoints.control, events: endpoints.events)
    } catch {
        stepDown(because: error.description, log: log)
    }
}

/// Leaves the shard to the daemon that holds it now.
func stepDown(because reason: String, log: Logger) -> Never {
    log.error("stepped down", ["reason": reason])
    exit(steppedDownStatus)
}
