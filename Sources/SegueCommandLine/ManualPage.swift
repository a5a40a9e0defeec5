/// Manual pages (man(7) roff, section 1) generated from command specs, so that `man segue-swipe` says what
/// `segue swipe --help` says.
public enum ManualPage {
    /// The page of one command: name and brief, synopsis, description, arguments, options (with their
    /// environment variables), examples and related pages.
    /// - Parameters:
    ///   - page: the page's name, e.g. `segue-swipe`.
    ///   - source: the footer's source, e.g. `segue 0.1.0`.
    ///   - seeAlso: other pages, e.g. `["segue(1)", "segued(1)"]`.
    public static func roff(
        for spec: CommandSpec, page: String, brief: String, source: String, seeAlso: [String] = []
    ) -> String {
        var lines = header(page: page, brief: brief, source: source)
        lines.append(".SH SYNOPSIS")
        var synopsis = ".B \(escaped(spec.name))"
        for positional in spec.positionals {
            synopsis +=
                positional.optional ? "\n[\\fI\(escaped(positional.name))\\fR]" : "\n.I \(escaped(positional.name))"
        }
        lines.append(synopsis)
        if !spec.options.isEmpty { lines.append("[options]") }
        lines += [".SH DESCRIPTION", escapedLine(spec.summary)]
        if !spec.positionals.isEmpty {
            lines.append(".SH ARGUMENTS")
            for positional in spec.positionals {
                lines += [".TP", ".I \(escaped(positional.name))", escapedLine(positional.help)]
            }
        }
        lines.append(".SH OPTIONS")
        for option in spec.options {
            lines.append(".TP")
            if let value = option.valueName {
                lines.append(".BI \(escaped("--" + option.name)) \" \(escaped(value))\"")
            } else {
                lines.append(".B \(escaped("--" + option.name))")
            }
            var text = option.help
            if !option.choices.isEmpty { text += "; one of " + option.choices.joined(separator: ", ") }
            lines.append(escapedLine(text))
        }
        lines += [".TP", ".BR \\-h \", \" \\-\\-help", "Show the help and exit."]
        if spec.version != nil { lines += [".TP", ".B \\-\\-version", "Show the version and exit."] }
        let variables = spec.options.compactMap { option in option.environment.map { (option, $0) } }
        if !variables.isEmpty {
            lines.append(".SH ENVIRONMENT")
            for (option, variable) in variables {
                lines += [".TP", ".B \(escaped(variable))", "The default of \\fB\(escaped("--" + option.name))\\fR."]
            }
        }
        if !spec.examples.isEmpty {
            lines += [".SH EXAMPLES", ".nf"]
            lines += spec.examples.map { escapedLine($0) }
            lines.append(".fi")
        }
        if !seeAlso.isEmpty {
            lines += [".SH SEE ALSO", seeAlso.map { escaped($0) }.joined(separator: ", ")]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The page of a program with subcommands: what it is, its commands, each with its own page.
    public static func roff(
        program: String, brief: String, summary: String, commands: [Subcommand], source: String,
        notes: [String]
    ) -> String {
        var lines = header(page: program, brief: brief, source: source)
        lines += [
            ".SH SYNOPSIS", ".B \(escaped(program))", ".I COMMAND", "[arguments] [options]",
            ".SH DESCRIPTION", escapedLine(summary),
        ]
        lines += notes.flatMap { [".PP", escapedLine($0)] }
        lines.append(".SH COMMANDS")
        for command in commands {
            lines += [
                ".TP", ".B \(escaped(command.name))", escapedLine(command.brief + " (\(program)-\(command.name)(1))"),
            ]
        }
        lines += [
            ".SH SEE ALSO",
            commands.map { escaped("\(program)-\($0.name)(1)") }.joined(separator: ", ") + ", segued(1)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func header(page: String, brief: String, source: String) -> [String] {
        [
            ".TH \(escaped(page.uppercased())) 1 \"\" \"\(escaped(source))\" \"Segue manual\"",
            ".SH NAME",
            "\(escaped(page)) \\- \(escaped(brief))",
        ]
    }

    /// Text safe in roff: backslashes written as `\e`, hyphens as `\-` (so options copy and paste as typed), and
    /// anything beyond ASCII as its `\[uXXXX]` escape (troff reads bytes, not UTF-8).
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex + "]"
            }
        }
        return result
    }

    /// A line of running text: `escaped`, and never read as a request (a line beginning with `.` or `'`).
    static func escapedLine(_ text: String) -> String {
        let line = escaped(text)
        return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }
}
