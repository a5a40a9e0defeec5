import SegueWire

/// A stack's configuration and the profile it resolves to, shared rather than copied.
///
/// Stacks live in a dictionary that moves a stack's whole struct on every in-place update, and these two make up
/// most of its size while changing only on create and resize; behind one reference they cost a pointer instead.
final class StackSettings: Sendable, Hashable {
    let config: StackConfig
    /// The named profile with the config's tuning applied.
    let profile: Profile

    init(config: StackConfig) {
        self.config = config
        profile = (ProfileCatalog.named(config.profile, revision: config.profileRevision) ?? ProfileCatalog.fluid)
            .tuned(config.tuning)
    }

    static func == (lhs: StackSettings, rhs: StackSettings) -> Bool {
        lhs === rhs || lhs.config == rhs.config
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(config)
    }
}
