import Foundation
import SegueTestSupport
import Testing

extension NATSClusterSuites {
    /// `segued --cluster --metrics`: each daemon's part in its shard, from standing by to holding it.
    @Suite struct ClusterMetricsTests {
        @Test func aStandbyShowsItsRoleAndLagThenHoldsTheShard() throws {
            let nats = try NATSCluster.start()
            let metrics = ["--metrics", "tcp://127.0.0.1:*"]
            let holder = try ClusterDaemon(cluster: nats, shard: 0, shards: 2, node: "holder", extraArguments: metrics)
            let standby = try ClusterDaemon(
                cluster: nats, shard: 0, shards: 2, node: "standby", extraArguments: metrics)
            let holderPort = try MetricsScrape.port(inLine: holder.process.readyLine)
            let standbyPort = try MetricsScrape.port(inLine: standby.process.readyLine)
            #expect(standby.process.readyLine.hasPrefix("segued standby shard=0 holder=holder metrics="))
            let labels = "shard=\"0\",node=\"standby\""
            let holderLabels = "shard=\"0\",node=\"holder\""

            let waiting = try MetricsScrape.get(port: standbyPort).samples
            #expect(waiting["segue_cluster_role{\(labels),role=\"standby\"}"] == 1, "\(waiting)")
            #expect(waiting["segue_cluster_role{\(labels),role=\"holder\"}"] == 0)
            #expect(waiting["segue_cluster_lease_age_seconds{\(labels)}"] == nil)
            #expect(waiting["segue_inputs_received_total"] == nil, "a standby runs no engine yet")

            let stacks = ClusterFailoverTests.stacks(of: 0, shards: 2, count: 3)
            for stack in stacks {
                let created = try runSegue(
                    ["create", stack, "--screens", "Home"], environment: ["SEGUE_CLUSTER": nats.urls])
                #expect(created.status == 0, "\(created)")
            }
            // The stream: the holder's marker, then a batch for each command.
            let end = Double(1 + stacks.count)
            let held = try MetricsScrape.awaiting(port: holderPort) {
                $0["segue_cluster_applied_sequence{\(holderLabels)}"] == end
                    && $0["segue_events_appended_total"] == Double(stacks.count)
            }.samples
            #expect(held["segue_cluster_role{\(holderLabels),role=\"holder\"}"] == 1, "\(held)")
            #expect(held["segue_events_appended_total"] == Double(stacks.count))
            #expect(held["segue_cluster_commit_seconds_count{\(holderLabels)}"] == Double(stacks.count))
            #expect(held["segue_cluster_commit_seconds_bucket{\(holderLabels),le=\"+Inf\"}"] == Double(stacks.count))
            #expect(held["segue_cluster_commit_seconds_sum{\(holderLabels)}"].map { $0 > 0 } == true)
            #expect(held["segue_cluster_lease_age_seconds{\(holderLabels)}"] != nil)
            #expect(held["segue_cluster_stream_lag_messages{\(holderLabels)}"] == 0)
            #expect(held["segue_cluster_refused_records_total{\(holderLabels)}"] == 0)

            let followed = try MetricsScrape.awaiting(port: standbyPort) {
                $0["segue_cluster_applied_sequence{\(labels)}"] == end
            }.samples
            #expect(followed["segue_cluster_applied_sequence{\(labels)}"] == end, "\(followed)")
            #expect(followed["segue_cluster_stream_lag_messages{\(labels)}"] == 0)

            holder.process.kill()
            try standby.awaitReady(timeoutMs: 15000)
            let taken = try MetricsScrape.awaiting(port: standbyPort) {
                $0["segue_cluster_role{\(labels),role=\"holder\"}"] == 1 && $0["segue_stacks"] != nil
            }.samples
            #expect(taken["segue_cluster_role{\(labels),role=\"holder\"}"] == 1, "\(taken)")
            #expect(taken["segue_cluster_role{\(labels),role=\"standby\"}"] == 0)
            #expect(taken["segue_stacks"] == Double(stacks.count))
            #expect(taken["segue_cluster_applied_sequence{\(labels)}"] == end + 1, "its own marker follows")
            #expect(standby.process.stop() == 0, "\(standby.process.stderr)")
        }
    }
}
