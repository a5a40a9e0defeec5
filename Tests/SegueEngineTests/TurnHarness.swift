import SegueWire

@testable import SegueEngine

/// Runs `body` with a turn over `transport` and a manual clock, in a fresh data directory: for tests of the turn
/// itself, below the embedded engine.
func withTurns<Transport: EngineTransport>(
    over transport: Transport, _ body: (Ledger, TurnRunner<ManualClock, Transport>) throws -> Void
) throws {
    try withTurns(over: transport, clock: ManualClock(), body)
}

/// The same, with the turn reading `clock`.
func withTurns<Clock: EngineClock, Transport: EngineTransport>(
    over transport: Transport, clock: Clock, _ body: (Ledger, TurnRunner<Clock, Transport>) throws -> Void
) throws {
    try withTemporaryDirectory { directory in
        var configuration = EngineConfiguration()
        configuration.dataDirectory = directory
        let ledger = try Ledger(configuration: configuration)
        defer { ledger.close() }
        let turns = try TurnRunner(
            ledger: ledger, transport: transport, clock: clock, configuration: configuration,
            snapshotsInBackground: false)
        defer { turns.history.stop() }
        try body(ledger, turns)
    }
}

/// The command the turn tests decide first: create the one-screen stack "s".
let createStackS = Command(
    stackId: "s", op: .create(CreateStack(screens: ["Home"], config: StackConfig(size: Size(width: 4, height: 8)))))
