import SegueWire

/// What a `StackConfig` left at its defaults means: one place, so that the engine, its validation and the readers
/// of old logs (written before the effective values were stored) agree.
extension StackConfig {
    /// The profile of a config that names none.
    public static let defaultProfile = "fluid"
    /// Settle frames per second of a config that gives 0.
    public static let defaultFps: UInt32 = 60

    /// The config with its defaults written out, as a create stores it in the log.
    public var withDefaultsFilled: StackConfig {
        var config = self
        if config.profile.isEmpty { config.profile = Self.defaultProfile }
        if config.fps == 0 { config.fps = Self.defaultFps }
        return config
    }

    /// Settle frames per second.
    public var effectiveFps: UInt32 { fps == 0 ? Self.defaultFps : fps }
}
