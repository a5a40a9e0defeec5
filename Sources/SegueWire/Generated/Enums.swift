// Swift values for every enum of proto/segue.proto (open enums: unknown numbers are kept).
// Generated from proto/segue.proto by scripts/generate_wire.py. DO NOT EDIT.
// Regenerate with `python3 scripts/generate_wire.py` from the repository root.

/// Proto enum `segue.v1.PanPhase`. Open, as proto3 enums are: a number that is not declared below decodes as is and
/// round-trips unchanged.
public struct PanPhase: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number sent on the wire.
    public var rawValue: Int32

    /// Creates a value from its number; numbers not declared in the proto are kept.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `PAN_PHASE_UNSPECIFIED` = 0.
    public static let panPhaseUnspecified = PanPhase(rawValue: 0)

    /// `PAN_BEGAN` = 1.
    public static let panBegan = PanPhase(rawValue: 1)

    /// `PAN_CHANGED` = 2.
    public static let panChanged = PanPhase(rawValue: 2)

    /// `PAN_ENDED` = 3.
    public static let panEnded = PanPhase(rawValue: 3)

    /// `PAN_CANCELLED` = 4.
    public static let panCancelled = PanPhase(rawValue: 4)

    /// Every value declared in the proto, in declaration order.
    public static let knownValues: [PanPhase] = [.panPhaseUnspecified, .panBegan, .panChanged, .panEnded, .panCancelled]

    /// Whether the number is declared in the proto.
    public var isKnown: Bool {
        switch rawValue {
        case 0, 1, 2, 3, 4: true
        default: false
        }
    }

    /// The proto name of the value, such as `"PAN_CANCELLED"`, or `PanPhase(<number>)` for a number not declared in the
    /// proto.
    public var description: String {
        switch rawValue {
        case 0: "PAN_PHASE_UNSPECIFIED"
        case 1: "PAN_BEGAN"
        case 2: "PAN_CHANGED"
        case 3: "PAN_ENDED"
        case 4: "PAN_CANCELLED"
        default: "PanPhase(\(rawValue))"
        }
    }

    /// Creates the value with the given proto name, such as `"PAN_CANCELLED"`; nil for a name not declared in the
    /// proto.
    public init?(protoName: String) {
        switch protoName {
        case "PAN_PHASE_UNSPECIFIED": self = .panPhaseUnspecified
        case "PAN_BEGAN": self = .panBegan
        case "PAN_CHANGED": self = .panChanged
        case "PAN_ENDED": self = .panEnded
        case "PAN_CANCELLED": self = .panCancelled
        default: return nil
        }
    }
}

/// Proto enum `segue.v1.PanTarget`. Open, as proto3 enums are: a number that is not declared below decodes as is and
/// round-trips unchanged.
public struct PanTarget: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number sent on the wire.
    public var rawValue: Int32

    /// Creates a value from its number; numbers not declared in the proto are kept.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `PAN_TARGET_BACK` = 0: pop the top screen, or dismiss the top presented screen.
    public static let panTargetBack = PanTarget(rawValue: 0)

    /// `PAN_TARGET_TABS` = 1: switch tabs of a tab stack (swipe left: next, right: previous).
    public static let panTargetTabs = PanTarget(rawValue: 1)

    /// Every value declared in the proto, in declaration order.
    public static let knownValues: [PanTarget] = [.panTargetBack, .panTargetTabs]

    /// Whether the number is declared in the proto.
    public var isKnown: Bool {
        switch rawValue {
        case 0, 1: true
        default: false
        }
    }

    /// The proto name of the value, such as `"PAN_TARGET_TABS"`, or `PanTarget(<number>)` for a number not declared in
    /// the proto.
    public var description: String {
        switch rawValue {
        case 0: "PAN_TARGET_BACK"
        case 1: "PAN_TARGET_TABS"
        default: "PanTarget(\(rawValue))"
        }
    }

    /// Creates the value with the given proto name, such as `"PAN_TARGET_TABS"`; nil for a name not declared in the
    /// proto.
    public init?(protoName: String) {
        switch protoName {
        case "PAN_TARGET_BACK": self = .panTargetBack
        case "PAN_TARGET_TABS": self = .panTargetTabs
        default: return nil
        }
    }
}

/// Proto enum `segue.v1.Operation`. Open, as proto3 enums are: a number that is not declared below decodes as is and
/// round-trips unchanged.
public struct Operation: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number sent on the wire.
    public var rawValue: Int32

    /// Creates a value from its number; numbers not declared in the proto are kept.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `OPERATION_UNSPECIFIED` = 0.
    public static let operationUnspecified = Operation(rawValue: 0)

    /// `PUSH` = 1.
    public static let push = Operation(rawValue: 1)

    /// `POP` = 2.
    public static let pop = Operation(rawValue: 2)

    /// `POP_TO_ROOT` = 3.
    public static let popToRoot = Operation(rawValue: 3)

    /// `PRESENT` = 4.
    public static let present = Operation(rawValue: 4)

    /// `DISMISS` = 5.
    public static let dismiss = Operation(rawValue: 5)

    /// `SELECT_TAB` = 6.
    public static let selectTab = Operation(rawValue: 6)

    /// Every value declared in the proto, in declaration order.
    public static let knownValues: [Operation] = [
        .operationUnspecified,
        .push,
        .pop,
        .popToRoot,
        .present,
        .dismiss,
        .selectTab,
    ]

    /// Whether the number is declared in the proto.
    public var isKnown: Bool {
        switch rawValue {
        case 0, 1, 2, 3, 4, 5, 6: true
        default: false
        }
    }

    /// The proto name of the value, such as `"SELECT_TAB"`, or `Operation(<number>)` for a number not declared in the
    /// proto.
    public var description: String {
        switch rawValue {
        case 0: "OPERATION_UNSPECIFIED"
        case 1: "PUSH"
        case 2: "POP"
        case 3: "POP_TO_ROOT"
        case 4: "PRESENT"
        case 5: "DISMISS"
        case 6: "SELECT_TAB"
        default: "Operation(\(rawValue))"
        }
    }

    /// Creates the value with the given proto name, such as `"SELECT_TAB"`; nil for a name not declared in the proto.
    public init?(protoName: String) {
        switch protoName {
        case "OPERATION_UNSPECIFIED": self = .operationUnspecified
        case "PUSH": self = .push
        case "POP": self = .pop
        case "POP_TO_ROOT": self = .popToRoot
        case "PRESENT": self = .present
        case "DISMISS": self = .dismiss
        case "SELECT_TAB": self = .selectTab
        default: return nil
        }
    }
}

/// Proto enum `segue.v1.Reason`. Open, as proto3 enums are: a number that is not declared below decodes as is and
/// round-trips unchanged.
public struct Reason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number sent on the wire.
    public var rawValue: Int32

    /// Creates a value from its number; numbers not declared in the proto are kept.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `REASON_UNSPECIFIED` = 0.
    public static let reasonUnspecified = Reason(rawValue: 0)

    /// `PROGRAMMATIC` = 1: a command, not a gesture.
    public static let programmatic = Reason(rawValue: 1)

    /// `PASSED_THRESHOLD` = 2: released past the finish threshold.
    public static let passedThreshold = Reason(rawValue: 2)

    /// `BELOW_THRESHOLD` = 3: released short of it.
    public static let belowThreshold = Reason(rawValue: 3)

    /// `FLUNG_FORWARD` = 4: velocity decided: finish.
    public static let flungForward = Reason(rawValue: 4)

    /// `FLUNG_BACK` = 5: velocity decided: cancel.
    public static let flungBack = Reason(rawValue: 5)

    /// `GESTURE_CANCELLED` = 6: the producer reported PAN_CANCELLED.
    public static let gestureCancelled = Reason(rawValue: 6)

    /// `GESTURE_TIMEOUT` = 7: the producer went silent.
    public static let gestureTimeout = Reason(rawValue: 7)

    /// `ENGINE_RESTARTED` = 8: a gesture was in flight when the engine stopped.
    public static let engineRestarted = Reason(rawValue: 8)

    /// `RELEASED_AT_REST` = 9: the finger stopped: a rule that needs motion toward finishing cancelled.
    public static let releasedAtRest = Reason(rawValue: 9)

    /// `RETURNED_TO_EDGE` = 10: android: the finger turned back toward the edge, which turned the back arrow off.
    public static let returnedToEdge = Reason(rawValue: 10)

    /// `MOVED_VERTICALLY` = 11: android: the finger strayed more vertically than horizontally, which turned it off.
    public static let movedVertically = Reason(rawValue: 11)

    /// `REVERSED_BY_COMMAND` = 12: a command turned a command's transition back (a pop during its push; see
    /// semantics.md).
    public static let reversedByCommand = Reason(rawValue: 12)

    /// `TAKEN_OVER_BY_COMMAND` = 13: a command finished a back swipe itself, dragged or springing back (a pop during a
    /// back swipe; semantics.md).
    public static let takenOverByCommand = Reason(rawValue: 13)

    /// `CANCELLED_BY_COMMAND` = 14: a command ended a back swipe's drag, to run once its page is back (flutter: a push;
    /// semantics.md).
    public static let cancelledByCommand = Reason(rawValue: 14)

    /// Every value declared in the proto, in declaration order.
    public static let knownValues: [Reason] = [
        .reasonUnspecified,
        .programmatic,
        .passedThreshold,
        .belowThreshold,
        .flungForward,
        .flungBack,
        .gestureCancelled,
        .gestureTimeout,
        .engineRestarted,
        .releasedAtRest,
        .returnedToEdge,
        .movedVertically,
        .reversedByCommand,
        .takenOverByCommand,
        .cancelledByCommand,
    ]

    /// Whether the number is declared in the proto.
    public var isKnown: Bool {
        switch rawValue {
        case 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14: true
        default: false
        }
    }

    /// The proto name of the value, such as `"CANCELLED_BY_COMMAND"`, or `Reason(<number>)` for a number not declared
    /// in the proto.
    public var description: String {
        switch rawValue {
        case 0: "REASON_UNSPECIFIED"
        case 1: "PROGRAMMATIC"
        case 2: "PASSED_THRESHOLD"
        case 3: "BELOW_THRESHOLD"
        case 4: "FLUNG_FORWARD"
        case 5: "FLUNG_BACK"
        case 6: "GESTURE_CANCELLED"
        case 7: "GESTURE_TIMEOUT"
        case 8: "ENGINE_RESTARTED"
        case 9: "RELEASED_AT_REST"
        case 10: "RETURNED_TO_EDGE"
        case 11: "MOVED_VERTICALLY"
        case 12: "REVERSED_BY_COMMAND"
        case 13: "TAKEN_OVER_BY_COMMAND"
        case 14: "CANCELLED_BY_COMMAND"
        default: "Reason(\(rawValue))"
        }
    }

    /// Creates the value with the given proto name, such as `"CANCELLED_BY_COMMAND"`; nil for a name not declared in
    /// the proto.
    public init?(protoName: String) {
        switch protoName {
        case "REASON_UNSPECIFIED": self = .reasonUnspecified
        case "PROGRAMMATIC": self = .programmatic
        case "PASSED_THRESHOLD": self = .passedThreshold
        case "BELOW_THRESHOLD": self = .belowThreshold
        case "FLUNG_FORWARD": self = .flungForward
        case "FLUNG_BACK": self = .flungBack
        case "GESTURE_CANCELLED": self = .gestureCancelled
        case "GESTURE_TIMEOUT": self = .gestureTimeout
        case "ENGINE_RESTARTED": self = .engineRestarted
        case "RELEASED_AT_REST": self = .releasedAtRest
        case "RETURNED_TO_EDGE": self = .returnedToEdge
        case "MOVED_VERTICALLY": self = .movedVertically
        case "REVERSED_BY_COMMAND": self = .reversedByCommand
        case "TAKEN_OVER_BY_COMMAND": self = .takenOverByCommand
        case "CANCELLED_BY_COMMAND": self = .cancelledByCommand
        default: return nil
        }
    }
}

/// The edge a back swipe began at, for profiles that take it from either one (Android's BackEvent.swipeEdge): the one
/// whose edge width (widened by the safe area's inset on that side) holds the touch-down point, BEGAN's location less
/// its translation. Profiles that swipe from their leading edge only leave it unset.
///
/// Proto enum `segue.v1.SwipeEdge`. Open, as proto3 enums are: a number that is not declared below decodes as is and
/// round-trips unchanged.
public struct SwipeEdge: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number sent on the wire.
    public var rawValue: Int32

    /// Creates a value from its number; numbers not declared in the proto are kept.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `SWIPE_EDGE_UNSPECIFIED` = 0.
    public static let swipeEdgeUnspecified = SwipeEdge(rawValue: 0)

    /// `SWIPE_EDGE_LEFT` = 1.
    public static let swipeEdgeLeft = SwipeEdge(rawValue: 1)

    /// `SWIPE_EDGE_RIGHT` = 2.
    public static let swipeEdgeRight = SwipeEdge(rawValue: 2)

    /// Every value declared in the proto, in declaration order.
    public static let knownValues: [SwipeEdge] = [.swipeEdgeUnspecified, .swipeEdgeLeft, .swipeEdgeRight]

    /// Whether the number is declared in the proto.
    public var isKnown: Bool {
        switch rawValue {
        case 0, 1, 2: true
        default: false
        }
    }

    /// The proto name of the value, such as `"SWIPE_EDGE_RIGHT"`, or `SwipeEdge(<number>)` for a number not declared in
    /// the proto.
    public var description: String {
        switch rawValue {
        case 0: "SWIPE_EDGE_UNSPECIFIED"
        case 1: "SWIPE_EDGE_LEFT"
        case 2: "SWIPE_EDGE_RIGHT"
        default: "SwipeEdge(\(rawValue))"
        }
    }

    /// Creates the value with the given proto name, such as `"SWIPE_EDGE_RIGHT"`; nil for a name not declared in the
    /// proto.
    public init?(protoName: String) {
        switch protoName {
        case "SWIPE_EDGE_UNSPECIFIED": self = .swipeEdgeUnspecified
        case "SWIPE_EDGE_LEFT": self = .swipeEdgeLeft
        case "SWIPE_EDGE_RIGHT": self = .swipeEdgeRight
        default: return nil
        }
    }
}

/// Proto enum `segue.v1.FramePhase`. Open, as proto3 enums are: a number that is not declared below decodes as is and
/// round-trips unchanged.
public struct FramePhase: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number sent on the wire.
    public var rawValue: Int32

    /// Creates a value from its number; numbers not declared in the proto are kept.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `FRAME_PHASE_UNSPECIFIED` = 0.
    public static let framePhaseUnspecified = FramePhase(rawValue: 0)

    /// `TRACKING` = 1.
    public static let tracking = FramePhase(rawValue: 1)

    /// `SETTLING` = 2.
    public static let settling = FramePhase(rawValue: 2)

    /// `DONE` = 3.
    public static let done = FramePhase(rawValue: 3)

    /// Every value declared in the proto, in declaration order.
    public static let knownValues: [FramePhase] = [.framePhaseUnspecified, .tracking, .settling, .done]

    /// Whether the number is declared in the proto.
    public var isKnown: Bool {
        switch rawValue {
        case 0, 1, 2, 3: true
        default: false
        }
    }

    /// The proto name of the value, such as `"DONE"`, or `FramePhase(<number>)` for a number not declared in the proto.
    public var description: String {
        switch rawValue {
        case 0: "FRAME_PHASE_UNSPECIFIED"
        case 1: "TRACKING"
        case 2: "SETTLING"
        case 3: "DONE"
        default: "FramePhase(\(rawValue))"
        }
    }

    /// Creates the value with the given proto name, such as `"DONE"`; nil for a name not declared in the proto.
    public init?(protoName: String) {
        switch protoName {
        case "FRAME_PHASE_UNSPECIFIED": self = .framePhaseUnspecified
        case "TRACKING": self = .tracking
        case "SETTLING": self = .settling
        case "DONE": self = .done
        default: return nil
        }
    }
}

/// Proto enum `segue.v1.ErrorCode`. Open, as proto3 enums are: a number that is not declared below decodes as is and
/// round-trips unchanged.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number sent on the wire.
    public var rawValue: Int32

    /// Creates a value from its number; numbers not declared in the proto are kept.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `OK` = 0.
    public static let ok = ErrorCode(rawValue: 0)

    /// `INVALID_ARGUMENT` = 1.
    public static let invalidArgument = ErrorCode(rawValue: 1)

    /// `MALFORMED` = 2.
    public static let malformed = ErrorCode(rawValue: 2)

    /// `UNKNOWN_STACK` = 3.
    public static let unknownStack = ErrorCode(rawValue: 3)

    /// `STACK_EXISTS` = 4.
    public static let stackExists = ErrorCode(rawValue: 4)

    /// `VERSION_CONFLICT` = 5.
    public static let versionConflict = ErrorCode(rawValue: 5)

    /// `TRANSITION_IN_PROGRESS` = 6.
    public static let transitionInProgress = ErrorCode(rawValue: 6)

    /// `NOTHING_TO_POP` = 7.
    public static let nothingToPop = ErrorCode(rawValue: 7)

    /// `NOTHING_PRESENTED` = 8.
    public static let nothingPresented = ErrorCode(rawValue: 8)

    /// `UNKNOWN_TAB` = 9.
    public static let unknownTab = ErrorCode(rawValue: 9)

    /// `GESTURE_REJECTED` = 10.
    public static let gestureRejected = ErrorCode(rawValue: 10)

    /// `RESOURCE_EXHAUSTED` = 11.
    public static let resourceExhausted = ErrorCode(rawValue: 11)

    /// `UNAVAILABLE` = 12.
    public static let unavailable = ErrorCode(rawValue: 12)

    /// `UNAUTHENTICATED` = 13.
    public static let unauthenticated = ErrorCode(rawValue: 13)

    /// `POSITION_REMOVED` = 14: a read asked for events that retention has deleted.
    public static let positionRemoved = ErrorCode(rawValue: 14)

    /// `WRONG_SHARD` = 15: cluster mode: the stack belongs to another shard (docs/operations.md).
    public static let wrongShard = ErrorCode(rawValue: 15)

    /// Every value declared in the proto, in declaration order.
    public static let knownValues: [ErrorCode] = [
        .ok,
        .invalidArgument,
        .malformed,
        .unknownStack,
        .stackExists,
        .versionConflict,
        .transitionInProgress,
        .nothingToPop,
        .nothingPresented,
        .unknownTab,
        .gestureRejected,
        .resourceExhausted,
        .unavailable,
        .unauthenticated,
        .positionRemoved,
        .wrongShard,
    ]

    /// Whether the number is declared in the proto.
    public var isKnown: Bool {
        switch rawValue {
        case 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15: true
        default: false
        }
    }

    /// The proto name of the value, such as `"WRONG_SHARD"`, or `ErrorCode(<number>)` for a number not declared in the
    /// proto.
    public var description: String {
        switch rawValue {
        case 0: "OK"
        case 1: "INVALID_ARGUMENT"
        case 2: "MALFORMED"
        case 3: "UNKNOWN_STACK"
        case 4: "STACK_EXISTS"
        case 5: "VERSION_CONFLICT"
        case 6: "TRANSITION_IN_PROGRESS"
        case 7: "NOTHING_TO_POP"
        case 8: "NOTHING_PRESENTED"
        case 9: "UNKNOWN_TAB"
        case 10: "GESTURE_REJECTED"
        case 11: "RESOURCE_EXHAUSTED"
        case 12: "UNAVAILABLE"
        case 13: "UNAUTHENTICATED"
        case 14: "POSITION_REMOVED"
        case 15: "WRONG_SHARD"
        default: "ErrorCode(\(rawValue))"
        }
    }

    /// Creates the value with the given proto name, such as `"WRONG_SHARD"`; nil for a name not declared in the proto.
    public init?(protoName: String) {
        switch protoName {
        case "OK": self = .ok
        case "INVALID_ARGUMENT": self = .invalidArgument
        case "MALFORMED": self = .malformed
        case "UNKNOWN_STACK": self = .unknownStack
        case "STACK_EXISTS": self = .stackExists
        case "VERSION_CONFLICT": self = .versionConflict
        case "TRANSITION_IN_PROGRESS": self = .transitionInProgress
        case "NOTHING_TO_POP": self = .nothingToPop
        case "NOTHING_PRESENTED": self = .nothingPresented
        case "UNKNOWN_TAB": self = .unknownTab
        case "GESTURE_REJECTED": self = .gestureRejected
        case "RESOURCE_EXHAUSTED": self = .resourceExhausted
        case "UNAVAILABLE": self = .unavailable
        case "UNAUTHENTICATED": self = .unauthenticated
        case "POSITION_REMOVED": self = .positionRemoved
        case "WRONG_SHARD": self = .wrongShard
        default: return nil
        }
    }
}
