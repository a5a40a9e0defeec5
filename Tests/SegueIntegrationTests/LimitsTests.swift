import Foundation
import SegueClient
import SegueSystem
import SegueWire
import Testing

/// `--max-stacks`, `--max-screens` and `--max-presented` end to end: past a limit a command is refused with
/// RESOURCE_EXHAUSTED and a message, and nothing else changes.
@Suite struct LimitsTests {
    static let config = StackConfig(size: Size(width: 400, height: 800))

    /// The error reply `body` gets, or nil (and an issue) when it succeeds or fails otherwise.
    static func refusal(_ body: () throws -> Void) -> ErrorDetail? {
        do {
            try body()
            Issue.record("the command was applied")
        } catch ClientError.errorReply(let error) {
            return error
        } catch {
            Issue.record("unexpected failure: \(error)")
        }
        return nil
    }

    @Test func limitsFromTheCommandLineAreEnforced() throws {
        let daemon = try DaemonProcess.start(extraArguments: [
            "--max-stacks", "2", "--max-screens", "3", "--max-presented", "1",
        ])
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        _ = try control.command(Command(stackId: "one", op: .create(CreateStack(screens: ["A"], config: Self.config))))
        _ = try control.command(Command(stackId: "two", op: .create(CreateStack(screens: ["A"], config: Self.config))))

        let third = Self.refusal {
            _ = try control.command(
                Command(
                    stackId: "three",
                    op: .create(
                        CreateStack(
                            screens: ["A"], config: Self.config))))
        }
        #expect(third?.code == .resourceExhausted)
        #expect(third?.message.contains("2 stacks") == true, "\(String(describing: third))")

        let tooMany = Self.refusal {
            _ = try control.command(
                Command(
                    stackId: "three",
                    op: .create(
                        CreateStack(
                            screens: ["A", "B", "C", "D"], config: Self.config))))
        }
        #expect(tooMany?.code == .resourceExhausted)

        for screen in ["B", "C"] {
            _ = try control.command(Command(stackId: "one", op: .push(Push(screen: screen, immediate: true))))
        }
        let fourth = Self.refusal {
            _ = try control.command(Command(stackId: "one", op: .push(Push(screen: "D", immediate: true))))
        }
        #expect(fourth?.code == .resourceExhausted)
        #expect(fourth?.message.contains("3 screens") == true, "\(String(describing: fourth))")

        _ = try control.command(Command(stackId: "two", op: .present(Present(screen: "Sheet", immediate: true))))
        let second = Self.refusal {
            _ = try control.command(Command(stackId: "two", op: .present(Present(screen: "More", immediate: true))))
        }
        #expect(second?.code == .resourceExhausted)
        #expect(second?.message.contains("presented") == true)

        #expect(try control.listStacks() == ["one", "two"])
        #expect(try control.stack("one").screens == ["A", "B", "C"])
        #expect(try control.stack("two").presented == ["Sheet"])
        #expect(daemon.stop() == 0)
    }

    @Test func aLimitOutOfRangeIsAUsageError() throws {
        let data = try ScratchDirectory(prefix: "segued-limits")
        let child = try ChildProcess(
            try BuildProducts.executable("segued"),
            [
                "--data", data.path, "--max-stacks", "0",
            ])
        let output = try child.finish(timeoutMs: 10_000)
        #expect(output.status == 2)
        #expect(output.stderr.contains("--max-stacks"), "\(output)")
        // A queue's byte limit must hold 16 of the largest message the limits allow.
        let tooSmall = try ChildProcess(
            try BuildProducts.executable("segued"),
            [
                "--data", data.path, "--max-screens", "1000", "--publish-queue-bytes", "1048576",
            ]
        ).finish(timeoutMs: 10_000)
        #expect(tooSmall.status == 2)
        #expect(tooSmall.stderr.contains("--publish-queue-bytes 1048576 holds fewer than 16"), "\(tooSmall)")
        let help = try ChildProcess(try BuildProducts.executable("segued"), ["--help"]).finish(timeoutMs: 10_000)
        for flag in ["--max-stacks", "--max-screens", "--max-presented"] {
            #expect(help.stdout.contains(flag), "\(flag) missing from --help")
        }
    }
}
