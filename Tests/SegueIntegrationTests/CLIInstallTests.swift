import Foundation
import SegueSystem
import SegueTestSupport
import Testing

/// `make install` as a package build would run it (into a scratch DESTDIR), and what it installs read by the
/// programs that read it: man and groff for the pages, bash and zsh for the completion.
@Suite("make install: binaries, manual pages, shell completion")
struct CLIInstallTests {
    /// The scratch root the built binaries were installed into, with PREFIX /usr.
    final class Installed {
        let root: ScratchDirectory
        var usr: URL { root.url.appendingPathComponent("usr") }

        init() throws {
            root = try ScratchDirectory(prefix: "segue-install")
            let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let built = try BuildProducts.executable("segue").deletingLastPathComponent()
            let make = try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/make"),
                [
                    "-C", package.path, "--no-print-directory", "install-built", "BUILT=\(built.path)",
                    "DESTDIR=\(root.url.path)", "PREFIX=/usr",
                ]
            ).finish(timeoutMs: 60_000)
            guard make.status == 0 else { throw HarnessError("make install-built: \(make)") }
        }

        func path(_ relative: String) -> String { usr.appendingPathComponent(relative).path }
    }

    static func run(_ program: String, _ arguments: [String]) throws -> ProcessOutput {
        try ChildProcess(URL(fileURLWithPath: program), arguments).finish(timeoutMs: 20_000)
    }

    @Test("every command has a manual page that groff formats without a warning, and the binaries run")
    func manualPages() throws {
        let installed = try Installed()
        let version = try Self.run(installed.path("bin/segue"), ["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("segue "), "\(version)")
        let daemonVersion = try Self.run(installed.path("bin/segued"), ["--version"])
        #expect(daemonVersion.status == 0 && daemonVersion.stdout.hasPrefix("segued "), "\(daemonVersion)")

        let overview = try runSegue(["--help"])
        let commands = overview.lines.drop { $0 != "commands:" }.dropFirst().prefix { $0.hasPrefix("  ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.contains("swipe") && commands.contains("completion"), "\(overview)")
        for page in ["segue", "segued"] + commands.map({ "segue-\($0)" }) {
            let file = installed.path("share/man/man1/\(page).1")
            let formatted = try Self.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", file])
            #expect(formatted.status == 0 && formatted.stderr.isEmpty, "\(page): \(formatted)")
        }
        let swipe = try Self.run("/usr/bin/man", ["-l", installed.path("share/man/man1/segue-swipe.1")])
        #expect(swipe.stdout.contains("segue-swipe - swipe back"), "\(swipe)")
        #expect(swipe.stdout.contains("--no-wait"), "\(swipe)")
    }

    @Test("bash completes commands, options, choices and paths from the commands' specs")
    func bashCompletion() throws {
        let installed = try Installed()
        let script = """
            source '\(installed.path("share/bash-completion/completions/segue"))'
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _segue; echo "${COMPREPLY[*]}"; }
            complete_words segue sw
            complete_words segue st
            complete_words segue swipe demo --ta
            complete_words segue swipe demo --target ''
            complete_words segue create demo --profile ''
            complete_words segue swipe demo --to ''
            complete_words segue plot --out-dir '\(installed.usr.path)/sh'
            """
        let output = try Self.run("/bin/bash", ["-c", script])
        #expect(output.status == 0, "\(output)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 7, "\(output)")
        guard lines.count >= 7 else { return }
        #expect(lines[0] == "swipe")
        #expect(lines[1] == "state stacks stats")
        #expect(lines[2] == "--target")
        #expect(lines[3] == "back tabs")
        #expect(
            Set(lines[4].split(separator: " ")).isSuperset(of: ["fluid", "ios", "flutter", "classic"]), "\(lines[4])")
        #expect(lines[5].isEmpty, "a number has nothing to complete: \(lines[5])")
        #expect(lines[6] == "\(installed.usr.path)/share", "\(lines[6])")
    }

    @Test("zsh reads the completion function, which hands _arguments each command's options")
    func zshCompletion() throws {
        let installed = try Installed()
        let file = installed.path("share/zsh/site-functions/_segue")
        let syntax = try Self.run("/usr/bin/zsh", ["-n", file])
        #expect(syntax.status == 0 && syntax.stderr.isEmpty, "\(syntax)")
        // With _arguments and _describe standing in, the function shows what it would offer.
        func offered(_ words: String, current: Int) throws -> ProcessOutput {
            let script = """
                _describe() { print -rl -- "describe $*" }
                _arguments() { print -rl -- "$@" }
                compdef() { }
                source '\(file)'
                words=(\(words)); CURRENT=\(current); _segue
                """
            return try Self.run("/usr/bin/zsh", ["-c", script])
        }
        let swipe = try offered("segue swipe demo --target ''", current: 5)
        #expect(swipe.status == 0, "\(swipe)")
        #expect(swipe.stdout.contains("--target[back: pop or dismiss (default); tabs: next tab]:back|tabs:(back tabs)"))
        #expect(swipe.stdout.contains("1:stack id: "), "\(swipe)")
        let commands = try offered("segue sw", current: 2)
        #expect(commands.stdout.contains("describe -t commands segue command commands"), "\(commands)")
        // An optional argument is `N::message:action`; a path completes files.
        let play = try offered("segue play x", current: 3)
        #expect(play.stdout.contains("1:a recording made by segue record:_files"), "\(play)")
        let manual = try offered("segue man x", current: 3)
        #expect(manual.stdout.contains("1::the command whose page to print"), "\(manual)")

        // Sourced (as the README shows) it registers itself; from a directory on $fpath compinit finds it.
        let sourced = try Self.run(
            "/usr/bin/zsh",
            ["-fc", "autoload -U compinit && compinit -u -D; source '\(file)'; print -r -- $_comps[segue]"])
        #expect(sourced.stdout == "_segue\n", "\(sourced)")
        let directory = installed.path("share/zsh/site-functions")
        let autoloaded = try Self.run(
            "/usr/bin/zsh",
            [
                "-fc",
                "fpath=('\(directory)' $fpath); autoload -U compinit && compinit -u -D; print -r -- $_comps[segue]",
            ])
        #expect(autoloaded.stdout == "_segue\n", "\(autoloaded)")
    }
}
