import SegueClusterClient
import SegueCommandLine
import SegueDisplay
import SegueJSON
import SegueWire

/// `segue tail --cluster URLS`: every shard's events, read from the shards' streams in NATS rather than from a
/// daemon, so that a failover loses and repeats nothing. Frames and rejections are not logged, so they are not
/// there.
enum ClusterTail {
    static func run(_ arguments: ParsedArguments, cluster: ClusterAccess, key: ClusterPublicKey?) throws {
        if arguments.flag("frames") {
            throw UsageError(
                "segue tail: --frames cannot go with --cluster: tail then reads the log, which has no frames")
        }
        let stackId = try TailCommand.stack(arguments)
        let from = try TailCommand.startPosition(arguments)
        let json = arguments.flag("json")
        let style = TerminalStyle.standardOutput
        StopSignals.install()
        let feed: ClusterEventFeed
        do {
            feed = try ClusterEventFeed(
                servers: cluster.servers, key: key, stack: stackId, from: from, authentication: cluster.authentication)
        } catch {
            throw CLIFailure(code: .unavailable, message: error.description)
        }
        // Every stream that exists is followed now (its consumer made), so everything logged from here is printed.
        let shards = feed.followedShards.map(String.init).joined(separator: ", ")
        Console.error(
            "segue: tail: live: following the stream\(feed.followedShards.count == 1 ? "" : "s") of shard"
                + "\(feed.followedShards.count == 1 ? "" : "s") \(shards) at \(cluster.shown)")
        for shard in feed.waitingShards {
            Console.error(
                "segue: tail: shard \(shard) has no stream yet (no daemon has joined the cluster for it); it is read "
                    + "from its start once it has one")
        }
        feed.onStreamFound = {
            Console.error("segue: tail: the stream of shard \($0) appeared; reading it from its start")
        }
        // What no holder wrote is said on stderr: the first few, then one in a hundred, so a flood cannot flood it.
        var refused = 0
        feed.onRefused = { shard, sequence, reason in
            refused += 1
            guard refused <= 3 || refused % 100 == 0 else { return }
            Console.error(
                "segue: tail: refused message \(sequence) of shard \(shard) (\(refused) so far): \(reason)")
        }
        while !StopSignals.stopped {
            let next: (shard: Int, event: Event)?
            do {
                next = try feed.next(timeoutMs: 100)
            } catch {
                throw CLIFailure(code: .unavailable, message: error.description)
            }
            guard let (shard, event) = next, stackId == nil || event.stackId == stackId else { continue }
            if json {
                var object = JSONObject()
                object.add("shard", Int64(shard))
                object.add("event", event.jsonObject)
                Console.line(object.description)
            } else {
                Console.line(style.paint("[\(shard)] " + TextFormat.line(event), TextColour.of(event)))
            }
        }
    }
}
