import CNats

/// Fills the subscribe options of an ephemeral consumer of `stream` that delivers from `sequence` on, with no
/// acknowledgments; `body` runs with the C strings alive.
func withConsumerStart(
    stream: String, sequence: UInt64, ordered: Bool, _ body: (inout jsSubOptions) -> natsStatus
) -> natsStatus {
    stream.withCString { cStream in
        var options = jsSubOptions()
        jsSubOptions_Init(&options)
        options.Stream = cStream
        options.Ordered = ordered
        options.Config.DeliverPolicy = js_DeliverByStartSequence
        options.Config.OptStartSeq = max(sequence, 1)
        if ordered {
            // The server's heartbeats tell the client its consumer is alive; two missed and the client recreates it
            // (after the last message delivered). The default of 5 s leaves a follower silent for 10 s after a
            // server is lost.
            options.Config.Heartbeat = Duration.seconds(1).nanoseconds
        } else {
            // An ordered consumer never acknowledges, and the client refuses an ack policy set for one.
            options.Config.AckPolicy = js_AckNone
        }
        // Should this client vanish without unsubscribing, the server drops the consumer after a while.
        options.Config.InactiveThreshold = Duration.seconds(30).nanoseconds
        return body(&options)
    }
}
