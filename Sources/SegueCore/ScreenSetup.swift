import SegueWire

/// A screen a command names, its id checked, with the options to set on it: what a push or present brings in, or
/// what a set_screen_options changes.
struct ScreenSetup: Sendable, Hashable {
    let screen: String
    /// The default options (nothing to set) when the command sent none.
    let options: ScreenOptions

    /// - Throws: the first rule the id or the options break.
    init(_ screen: String, options: ScreenOptions?) throws(CommandRefusal) {
        try CommandRefusal.check(Validation.checkScreenId(screen) ?? Validation.checkOptions(options))
        self.screen = screen
        self.options = options ?? ScreenOptions()
    }

    /// The event that sets the options.
    var optionsSet: ScreenOptionsSet {
        ScreenOptionsSet(screen: screen, options: options)
    }
}
