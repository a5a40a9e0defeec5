import SegueWire

/// A stack's configuration and the profile it resolves to, shared rather than copied.
///
/// Stacks live in a dictionary that moves a stack's whole struct on every in-place update, and these two make up
/// most of its size while changing only on create and resize; behind one reference they cost a pointer instead.
///
/// A profile is large (its settles and layouts), so stacks without tuning share their profile's one instance
/// (`SharedProfile`); a tuned stack holds its own.
final class StackSettings: Sendable, Hashable {
    let config: StackConfig
    private let resolved: SharedProfile

    init(config: StackConfig) {
        self.config = config
        let named =
            SharedProfile.named(config.profile, revision: config.profileRevision)
            ?? SharedProfile(ProfileCatalog.fluid)
        resolved = config.tuning.map { SharedProfile(named.profile.tuned($0)) } ?? named
    }

    /// The named profile with the config's tuning applied.
    var profile: Profile {
        _read { yield resolved.profile }
    }

    static func == (lhs: StackSettings, rhs: StackSettings) -> Bool {
        lhs === rhs || lhs.config == rhs.config
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(config)
    }
}

/// A profile behind a reference, one per name and revision for the stacks that do not tune it.
final class SharedProfile: Sendable {
    let profile: Profile

    init(_ profile: Profile) {
        self.profile = profile
    }

    /// The shared instance of a catalog profile (a new one for a revision without a table), nil for a name the
    /// revision does not know.
    static func named(_ name: String, revision: UInt32) -> SharedProfile? {
        let table = revision < tables.count ? tables[Int(revision)] : [:]
        return table[name] ?? ProfileCatalog.named(name, revision: revision).map(SharedProfile.init)
    }

    /// Every revision's table, by revision.
    private static let tables = (0...ProfileCatalog.newestRevision).map {
        table(ProfileCatalog.names(revision: $0) + [""], revision: $0)
    }

    private static func table(_ names: [String], revision: UInt32) -> [String: SharedProfile] {
        var table: [String: SharedProfile] = [:]
        for name in names {
            if let profile = ProfileCatalog.named(name, revision: revision) { table[name] = SharedProfile(profile) }
        }
        return table
    }
}
