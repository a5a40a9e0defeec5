import SegueWire

/// What a command asks of a stack, once checked: the reducer's input, with every screen id valid and nothing left
/// optional or to a default.
enum NavigationCommand: Sendable, Hashable {
    case create(NewStack)
    /// The screen's options are set before it is pushed, unless they are the default ones.
    case push(ScreenSetup, immediate: Bool)
    case pop(immediate: Bool)
    case popToRoot(immediate: Bool)
    /// The screen's options as for `push`.
    case present(ScreenSetup, immediate: Bool)
    case dismiss(immediate: Bool)
    /// `index` is not yet checked against the stack's tabs.
    case selectTab(index: UInt32, immediate: Bool)
    case resize(Size)
    case setScreenOptions(ScreenSetup)
    case delete

    /// The transition a navigation command starts; nil for the commands that start none.
    var operation: Operation? {
        switch self {
        case .push: .push
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .present: .present
        case .dismiss: .dismiss
        case .selectTab: .selectTab
        case .create, .resize, .setScreenOptions, .delete: nil
        }
    }

    /// Whether it is what a back key sends: an animated pop or dismiss.
    var isBackKey: Bool {
        switch self {
        case .pop(immediate: false), .dismiss(immediate: false): true
        default: false
        }
    }

    /// Checks what the operation carries, rule by rule in a fixed order: the first rule broken is the refusal.
    /// - Parameter limits: the engine's, for the size of a new stack.
    /// - Throws: the first rule `op` breaks.
    init(_ op: Command.Op, limits: Limits) throws(CommandRefusal) {
        switch op {
        case .create(let create):
            self = .create(try NewStack(validating: create, maxScreens: limits.maxScreensPerStack))
        case .push(let push):
            self = .push(try ScreenSetup(push.screen, options: push.options), immediate: push.immediate)
        case .pop(let pop):
            self = .pop(immediate: pop.immediate)
        case .popToRoot(let pop):
            self = .popToRoot(immediate: pop.immediate)
        case .present(let present):
            self = .present(try ScreenSetup(present.screen, options: present.options), immediate: present.immediate)
        case .dismiss(let dismiss):
            self = .dismiss(immediate: dismiss.immediate)
        case .selectTab(let select):
            self = .selectTab(index: select.index, immediate: select.immediate)
        case .resize(let resize):
            self = .resize(try Validation.checkedSize(resize.size))
        case .setScreenOptions(let set):
            self = .setScreenOptions(try ScreenSetup(set.screen, options: set.options))
        case .delete:
            self = .delete
        }
    }
}
