#if canImport(Glibc)
    import Glibc
#endif

/// Draws successive pictures in place on the terminal, with plain ANSI control sequences that every terminal
/// emulator and tmux understand: cursor movement (CUP, CUU), erase (EL, ED), cursor visibility (DECTCEM) and the
/// alternate screen buffer (`?1049`, xterm's, which tmux and screen emulate).
///
/// - `alternate` (segue watch): the picture fills the alternate screen; leaving restores what was on the terminal
///   before, as `less` and `top` do.
/// - `inline` (segue demo): the picture is drawn below the cursor and redrawn over itself; the last one stays in
///   the scroll-back, followed by whatever is printed next.
///
/// ``end()`` restores the terminal (cursor shown, attributes reset, main screen, echo back on); callers run it in a
/// `defer` and stop on SIGINT/SIGTERM through ``stopRequested``, so Ctrl-C leaves a usable terminal.
final class ScreenPainter {
    enum Mode {
        case alternate
        case inline
    }

    let mode: Mode
    /// Lines drawn by the previous ``draw(_:)`` (inline mode moves back over them).
    private var drawnLines = 0
    private var active = false
    /// The terminal settings before echo was turned off, to restore.
    private var savedTerminal: termios?

    init(mode: Mode) {
        self.mode = mode
    }

    deinit {
        end()
    }

    /// Hides the cursor, turns off echo of typed keys (so they do not scribble over the picture) and, in alternate
    /// mode, switches to the alternate screen.
    func begin() {
        guard !active else { return }
        active = true
        var settings = termios()
        if isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &settings) == 0 {
            savedTerminal = settings
            settings.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        }
        switch mode {
        case .alternate: Terminal.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
        case .inline: Terminal.write("\u{1B}[?25l")
        }
    }

    /// Replaces the previous picture with `lines`; `clearFirst` erases the whole screen first (after a resize,
    /// when old text may sit where the new picture leaves blanks).
    func draw(_ lines: [String], clearFirst: Bool = false) {
        var text = ""
        switch mode {
        case .alternate:
            text += clearFirst ? "\u{1B}[H\u{1B}[2J" : "\u{1B}[H"
        case .inline:
            if drawnLines > 0 {
                text += "\r"
                if drawnLines > 1 { text += "\u{1B}[\(drawnLines - 1)A" }
            }
        }
        text += lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
        // Anything below the picture (a previous, taller one) is erased.
        text += "\u{1B}[J"
        drawnLines = lines.count
        Terminal.write(text)
    }

    /// Restores the terminal; idempotent. Inline mode leaves the last picture in place and moves below it.
    func end() {
        guard active else { return }
        active = false
        switch mode {
        case .alternate: Terminal.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        case .inline: Terminal.write("\u{1B}[0m\u{1B}[?25h" + (drawnLines > 0 ? "\r\n" : ""))
        }
        drawnLines = 0
        if var settings = savedTerminal {
            tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            savedTerminal = nil
        }
    }
}
