import SegueCommandLine
import Testing

/// Every command's line is read by `ParsedArguments`: what it accepts, and what it refuses with a usage error.
struct ParsedArgumentsTests {
    private let spec = CommandSpec(
        name: "segue try", summary: "A command for the tests.",
        positionals: [.init("STACK", help: "a stack")],
        options: [
            .init("json", help: "JSON lines"),
            .init("profile", "NAME", help: "a profile"),
            .init("tag", "TAG", help: "a tag", repeatable: true),
        ])

    private func refusal(_ arguments: [String]) -> String {
        do {
            _ = try ParsedArguments(arguments, spec: spec)
            return "accepted"
        } catch {
            return error.isHelp ? "help" : error.message
        }
    }

    @Test func readsFlagsValuesAndPositionals() throws {
        let parsed = try ParsedArguments(["main", "--json", "--profile=ios", "--tag", "a", "--tag", "b"], spec: spec)
        #expect(parsed.positional(0) == "main" && parsed.flag("json"))
        #expect(parsed.string("profile") == "ios" && parsed.strings("tag") == ["a", "b"])
        #expect(try ParsedArguments(["--", "--json"], spec: spec).positional(0) == "--json")
    }

    @Test func refusesWhatTheSpecDoesNotAllow() {
        #expect(refusal(["main", "--verbose"]) == "segue try: unknown option --verbose (see --help)")
        #expect(refusal(["main", "--json", "--json"]) == "segue try: --json was given more than once")
        #expect(
            refusal(["main", "--profile", "ios", "--profile=fluid"]) == "segue try: --profile was given more than once")
        #expect(refusal(["main", "--json=yes"]) == "segue try: --json takes no value")
        #expect(refusal(["main", "--profile"]) == "segue try: --profile needs a value (NAME)")
        #expect(refusal([]) == "segue try: missing STACK (see --help)")
        #expect(refusal(["main", "extra"]) == "segue try: unexpected argument 'extra' (see --help)")
        #expect(refusal(["main", "--prof"]) == "segue try: unknown option --prof; did you mean --profile?")
    }

    @Test func twoNeighbouringLettersSwappedAreOneSlip() {
        #expect(NameSuggestion.closest(to: "swpie", among: ["swipe", "state", "stats"]) == ["swipe"])
        #expect(NameSuggestion.closest(to: "form", among: ["from", "to", "format"]) == ["from"])
        #expect(NameSuggestion.closest(to: "tsaet", among: ["state"]).isEmpty)
    }

    @Test func anEmptyValueIsRefusedNeverTakenForAPath() {
        #expect(refusal(["main", "--profile", ""]) == "segue try: --profile needs a value, not an empty one")
        #expect(refusal(["main", "--tag="]) == "segue try: --tag needs a value, not an empty one")
        #expect(refusal([""]) == "segue try: STACK must not be empty")
    }

    @Test func helpIsAskedForWithEitherSpelling() {
        #expect(refusal(["--help"]) == "help")
        #expect(refusal(["main", "-h"]) == "help")
        #expect(refusal(["main", "--", "-h"]) == "segue try: unexpected argument '-h' (see --help)")
        // Help wins over a mistake elsewhere on the line: that is usually why it is asked for.
        #expect(refusal(["main", "--bogus", "-h"]) == "help")
        #expect(refusal(["--profile", "-h"]) == "help")
    }
}
