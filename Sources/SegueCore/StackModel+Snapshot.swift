import SegueWire

extension StackModel {
    /// This stack as a snapshot records it (screen options sorted by screen, so equal stacks encode equally).
    func snapshot() -> StackSnapshot {
        StackSnapshot(
            stackId: id, version: version, screens: screens, presented: presented, tabs: tabs,
            selectedTab: selectedTab, config: config,
            screenOptions: screenOptions.keys.sorted().map { ScreenOptionsSet(screen: $0, options: screenOptions[$0]) },
            lastTransitionId: lastTransitionId, lastPosition: lastPosition, transition: transition?.snapshot(),
            presentedPages: presentedPages, queued: queued)
    }

    /// The stack a snapshot at `position` records, checked for what its events would have guaranteed.
    /// - Throws: `EngineCore.RestoreError` at `position`, naming the stack and what is wrong.
    init(snapshot: StackSnapshot, at position: UInt64) throws(EngineCore.RestoreError) {
        func problem(_ message: String) -> EngineCore.RestoreError {
            EngineCore.RestoreError(position: position, message: "snapshot of stack '\(snapshot.stackId)': \(message)")
        }
        if let error = Validation.checkStackId(snapshot.stackId) { throw problem(error.message) }
        guard let config = snapshot.config else { throw problem("it has no config") }
        guard snapshot.version >= 1 else { throw problem("version 0; a stack starts at version 1") }
        guard snapshot.lastPosition >= 1 && snapshot.lastPosition <= position else {
            throw problem("last position \(snapshot.lastPosition) is not within 1...\(position)")
        }
        guard snapshot.screens.isEmpty != snapshot.tabs.isEmpty else {
            throw problem("a stack has either screens or tabs")
        }
        guard snapshot.tabs.isEmpty ? snapshot.selectedTab == 0 : snapshot.selectedTab < snapshot.tabs.count else {
            throw problem("selected tab \(snapshot.selectedTab) is out of range for \(snapshot.tabs.count) tabs")
        }
        guard ProfileCatalog.named(config.profile, revision: config.profileRevision) != nil else {
            throw problem("profile '\(config.profile)' of revision \(config.profileRevision) is unknown to this engine")
        }
        // The profile is derived from the config exactly as for a StackCreated event.
        self.init(
            id: snapshot.stackId,
            created: StackCreated(
                screens: snapshot.screens, tabs: snapshot.tabs, selectedTab: snapshot.selectedTab, config: config))
        version = snapshot.version
        presented = snapshot.presented
        guard Self.arePagesOf(snapshot.presented, snapshot.presentedPages) else {
            throw problem(
                "presented pages \(snapshot.presentedPages) are not ascending indices into its \(snapshot.presented.count) presented screens"
            )
        }
        if !snapshot.presentedPages.isEmpty && !profile.pushesOverPresented {
            throw problem("it has presented pages, which profile '\(config.profile)' never pushes")
        }
        presentedPages = snapshot.presentedPages
        for entry in snapshot.screenOptions {
            screenOptions[entry.screen] = entry.options ?? ScreenOptions()
        }
        lastTransitionId = snapshot.lastTransitionId
        lastPosition = snapshot.lastPosition
        if let recorded = snapshot.transition {
            let restored = try TransitionModel(snapshot: recorded, at: position)
            guard restored.id == lastTransitionId else {
                throw problem("transition \(restored.id) in flight but the newest began is \(lastTransitionId)")
            }
            transition = restored
        }
        // A queue waits behind a transition settling toward its end, or (between the events of the batch that
        // runs its first command) behind none yet or one just begun: never behind a finger, nor behind a settle
        // back but for a swipe's back key, or a command the profile queues behind swipes.
        var waitsBehindEnd = true
        switch transition?.phase {
        case .tracking?: waitsBehindEnd = false
        case .settling(let settling)?:
            waitsBehindEnd =
                settling.targetFraction == 1
                || (transition?.interactive == true
                    && snapshot.queued.allSatisfy { $0.gestureId != 0 || Self.waitsForSwipes($0, profile: profile) })
        case .animating?, nil: break
        }
        if !snapshot.queued.isEmpty && !waitsBehindEnd {
            throw problem("it has commands queued behind a transition that is not settling toward its end")
        }
        if let problem = Self.queueProblem(snapshot.queued, lastPosition: lastPosition, profile: profile) {
            throw EngineCore.RestoreError(
                position: position, message: "snapshot of stack '\(snapshot.stackId)': \(problem)")
        }
        queued = snapshot.queued
    }

    /// What is wrong with a queue a snapshot records, or nil: commands the profile queues, at most
    /// `EngineCore.maxQueuedCommands`, at ascending positions of the stack's events.
    static func queueProblem(_ queued: [QueuedCommand], lastPosition: UInt64, profile: Profile) -> String? {
        if queued.count > EngineCore.maxQueuedCommands {
            return "\(queued.count) queued commands, more than \(EngineCore.maxQueuedCommands)"
        }
        let positions = queued.map(\.position)
        if !zip(positions, positions.dropFirst()).allSatisfy({ $0 < $1 }) || (positions.last ?? 0) > lastPosition
            || positions.first == 0
        {
            return "queued positions \(positions) are not ascending within 1...\(lastPosition)"
        }
        for entry in queued {
            guard let (command, operation) = entry.navigation(limits: Limits()),
                profile.interruptions.mayQueue(operation)
            else {
                return "the command queued at \(entry.position) is not one profile '\(profile.name)' queues"
            }
            if entry.gestureId != 0 && !(profile.interruptions.holdsBackSwipes && command.isBackKey) {
                return "the back key queued at \(entry.position) is not one profile '\(profile.name)' sends"
            }
        }
        if queued.filter({ $0.gestureId != 0 }).count > 1 {
            return "more than one back key queued"
        }
        return nil
    }

    /// Whether `entry` is a command that `profile` queues behind a back swipe.
    static func waitsForSwipes(_ entry: QueuedCommand, profile: Profile) -> Bool {
        guard let (_, operation) = entry.navigation(limits: Limits()) else { return false }
        return profile.interruptions.swipeQueues.contains(operation)
    }

    /// Whether `pages` are ascending indices into `presented`, none of them the bottom one (a page is pushed over a
    /// presentation).
    static func arePagesOf(_ presented: [String], _ pages: [UInt32]) -> Bool {
        zip(pages, pages.dropFirst()).allSatisfy { $0 < $1 } && pages.allSatisfy { $0 >= 1 && $0 < presented.count }
    }
}
