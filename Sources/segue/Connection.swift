import SegueClient
import SegueCommandLine

/// The endpoint options every subcommand takes, and the clients made from them.
struct Connection {
    /// `--ingest`, `--control`, `--events` (each falling back to its `SEGUE_*` variable) and `--timeout-ms`.
    static let options: [CommandSpec.Option] = [
        .init("ingest", "EP", help: "daemon ingest endpoint (default \(SegueEndpoints.defaultIngest))",
              environment: SegueEndpoints.ingestVariable),
        .init("control", "EP", help: "daemon control endpoint (default \(SegueEndpoints.defaultControl))",
              environment: SegueEndpoints.controlVariable),
        .init("events", "EP", help: "daemon events endpoint (default \(SegueEndpoints.defaultEvents))",
              environment: SegueEndpoints.eventsVariable),
        .init("timeout-ms", "MS", help: "how long to wait for each reply (default 3000)"),
    ]

    let endpoints: SegueEndpoints
    let timeoutMs: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        endpoints = SegueEndpoints(
            ingest: arguments.string("ingest") ?? SegueEndpoints.defaultIngest,
            control: arguments.string("control") ?? SegueEndpoints.defaultControl,
            events: arguments.string("events") ?? SegueEndpoints.defaultEvents)
        timeoutMs = Int(try arguments.integer("timeout-ms", in: 1...600_000) ?? 3000)
    }

    func control() throws(ClientError) -> ControlClient {
        try ControlClient(endpoint: endpoints.control, timeoutMs: timeoutMs)
    }
}
