import SegueCluster
import SegueEngine
import SegueWire

/// The daemon's metrics in Prometheus' text exposition format 0.0.4 (docs/operations.md, "Metrics"): the engine's
/// counters once it runs (what `segue stats` shows), and in cluster mode its shard's status.
struct MetricsExposition: Sendable {
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// What the engine's loop posts.
    let board: StatsBoard
    /// In cluster mode: the shard's status, and the labels that name the shard and this daemon.
    let cluster: (status: ShardStatus, shard: Int, node: String)?

    /// The exposition now.
    func render() -> String {
        var text = ""
        if let stats = board.stats { engine(stats, into: &text) }
        if let cluster { shard(cluster.status.reading, shard: cluster.shard, node: cluster.node, into: &text) }
        return text
    }

    private func engine(_ stats: Stats, into text: inout String) {
        let counters: [(String, String, UInt64)] = [
            ("inputs_received", "Inputs taken: pan events, commands and requests.", stats.inputsReceived),
            ("inputs_rejected", "Inputs refused (invalid, or refused by the engine).", stats.inputsRejected),
            ("events_appended", "Events appended to the log.", stats.eventsAppended),
            ("frames_published", "Frames published.", stats.framesPublished),
            (
                "frames_skipped", "Settle frames not drawn: the engine reached them more than 50 ms late.",
                stats.framesSkipped
            ),
            ("handshakes_refused", "CURVE handshakes the allowlist refused.", stats.handshakesRefused),
            ("replies_dropped", "Control replies dropped: their client's queue was full.", stats.repliesDropped),
            (
                "messages_dropped", "Messages dropped unread for having more frames or bytes than a socket takes.",
                stats.messagesDropped
            ),
            (
                "connections_refused", "Connections closed at once: their socket had --max-connections already.",
                stats.connectionsRefused
            ),
            ("publications_refused", "Publications the events socket refused outright.", stats.publicationsRefused),
        ]
        for (name, help, value) in counters {
            metric("segue_\(name)_total", .counter, help, into: &text)
            sample("segue_\(name)_total", value: Double(value), into: &text)
        }
        let gauges: [(String, String, Double)] = [
            ("log_head_position", "The newest log position.", Double(stats.headPosition)),
            ("stacks", "Stacks the engine holds.", Double(stats.stacks)),
            ("log_bytes", "Bytes of the log's segments.", Double(stats.logBytes)),
            (
                "fsync_p99_seconds", "The 99th percentile of the latest 1024 fdatasyncs of the log.",
                stats.fsyncP99Us / 1e6
            ),
            ("uptime_seconds", "Seconds since the engine started.", Double(stats.uptimeUs) / 1e6),
        ]
        for (name, help, value) in gauges {
            metric("segue_\(name)", .gauge, help, into: &text)
            sample("segue_\(name)", value: value, into: &text)
        }
    }

    private func shard(_ reading: ShardStatus.Reading, shard: Int, node: String, into text: inout String) {
        let labels = "shard=\"\(shard)\",node=\"\(Self.escaped(node))\""
        metric(
            "segue_cluster_role", .gauge, "1 for this daemon's role in its shard (holder or standby), else 0.",
            into: &text)
        sample("segue_cluster_role", labels: labels + ",role=\"holder\"", value: reading.holds ? 1 : 0, into: &text)
        sample("segue_cluster_role", labels: labels + ",role=\"standby\"", value: reading.holds ? 0 : 1, into: &text)
        metric(
            "segue_cluster_lease_age_seconds", .gauge,
            "Seconds since the holder last renewed its lease (absent on a standby).", into: &text)
        if reading.holds, let written = reading.leaseWritten {
            let age = ContinuousClock.now - written
            let seconds = Double(age.components.seconds) + Double(age.components.attoseconds) * 1e-18
            sample("segue_cluster_lease_age_seconds", labels: labels, value: seconds, into: &text)
        }
        metric(
            "segue_cluster_stream_lag_messages", .gauge,
            "Messages of the shard's stream a standby has yet to apply; 0 on the holder.", into: &text)
        sample("segue_cluster_stream_lag_messages", labels: labels, value: Double(reading.streamLag), into: &text)
        metric(
            "segue_cluster_applied_sequence", .gauge,
            "The last sequence of the shard's stream this daemon applied (a standby) or appended (the holder).",
            into: &text)
        sample("segue_cluster_applied_sequence", labels: labels, value: Double(reading.appliedSequence), into: &text)
        metric(
            "segue_cluster_commit_seconds", .histogram, "Time from handing a batch to JetStream to its acknowledgment.",
            into: &text)
        var cumulative: UInt64 = 0
        for (index, count) in reading.commitCounts.enumerated() {
            cumulative += count
            let bound =
                index < ShardStatus.commitBucketSeconds.count ? "\(ShardStatus.commitBucketSeconds[index])" : "+Inf"
            sample(
                "segue_cluster_commit_seconds_bucket", labels: labels + ",le=\"\(bound)\"", value: Double(cumulative),
                into: &text)
        }
        sample("segue_cluster_commit_seconds_sum", labels: labels, value: reading.commitSeconds, into: &text)
        sample("segue_cluster_commit_seconds_count", labels: labels, value: Double(cumulative), into: &text)
        metric(
            "segue_cluster_refused_records_total", .counter,
            "Records on the shard's stream and in the cluster's buckets that no daemon of the cluster signed.",
            into: &text)
        sample(
            "segue_cluster_refused_records_total", labels: labels, value: Double(reading.refusedRecords), into: &text)
    }

    private enum Kind: String {
        case counter, gauge, histogram
    }

    private func metric(_ name: String, _ kind: Kind, _ help: String, into text: inout String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(kind.rawValue)\n"
    }

    private func sample(_ name: String, labels: String = "", value: Double, into text: inout String) {
        let number = value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)"
        text += labels.isEmpty ? "\(name) \(number)\n" : "\(name){\(labels)} \(number)\n"
    }

    /// A label value as the format quotes it: backslash, double quote and line feed escaped.
    private static func escaped(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
