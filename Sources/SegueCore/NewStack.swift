import SegueWire

/// A create's contents once checked: the screens or tabs of the new stack and the complete config the log keeps.
struct NewStack: Sendable, Hashable {
    /// A navigation stack's screens, root first; empty for a tab stack.
    let screens: [String]
    /// A tab stack's tabs, unique; empty for a navigation stack.
    let tabs: [String]
    /// An index into `tabs`; 0 for a navigation stack.
    let selectedTab: UInt32
    /// Every default written out and the profile revision resolved, so that readers of the log need neither.
    let config: StackConfig

    /// Checks what a `CreateStack` holds; whether the stack may be created is the engine's to check.
    /// - Parameter maxScreens: the most screens (or tabs) a stack may hold.
    /// - Throws: the first rule `create` breaks.
    init(validating create: CreateStack, maxScreens: Int) throws(CommandRefusal) {
        if create.screens.isEmpty == create.tabs.isEmpty {
            throw .invalid(
                "give either screens (a navigation stack, root first) or tabs (a tab stack), not both or neither")
        }
        for (index, screen) in create.screens.enumerated() {
            try CommandRefusal.check(Validation.checkScreenId(screen, field: "screens[\(index)]"))
        }
        for (index, tab) in create.tabs.enumerated() {
            try CommandRefusal.check(Validation.checkScreenId(tab, field: "tabs[\(index)]"))
        }
        if max(create.screens.count, create.tabs.count) > maxScreens {
            throw CommandRefusal(.resourceExhausted, "a stack holds at most \(maxScreens) screens")
        }
        if Set(create.tabs).count != create.tabs.count { throw .invalid("tab names must be unique") }
        if !create.tabs.isEmpty && create.selectedTab >= create.tabs.count {
            throw CommandRefusal(
                .unknownTab,
                "selected_tab \(create.selectedTab) is out of range; the stack has \(create.tabs.count) tabs (0-\(create.tabs.count - 1))"
            )
        }
        if create.tabs.isEmpty && create.selectedTab != 0 {
            throw .invalid("selected_tab is only for tab stacks")
        }
        var config = try Validation.checkedConfig(create.config).withDefaultsFilled
        // The log keeps which semantics the stack runs, so that a newer engine replays it unchanged.
        if config.profileRevision == 0 { config.profileRevision = ProfileCatalog.newestRevision }
        screens = create.screens
        tabs = create.tabs
        selectedTab = create.selectedTab
        self.config = config
    }

    /// The event that creates the stack.
    var created: StackCreated {
        StackCreated(screens: screens, tabs: tabs, selectedTab: selectedTab, config: config)
    }
}
