import SegueWire
import Testing

@Suite("Enums and API shape")
struct EnumAndShapeTests {
    @Test func enumValueNamesAndNumbersMatchTheProto() {
        #expect(PanPhase.knownValues == [.panPhaseUnspecified, .panBegan, .panChanged, .panEnded, .panCancelled])
        #expect(PanTarget.knownValues == [.panTargetBack, .panTargetTabs])
        #expect(
            Operation.knownValues == [
                .operationUnspecified, .push, .pop, .popToRoot, .present, .dismiss, .selectTab,
            ])
        #expect(
            Reason.knownValues == [
                .reasonUnspecified, .programmatic, .passedThreshold, .belowThreshold, .flungForward, .flungBack,
                .gestureCancelled, .gestureTimeout, .engineRestarted, .releasedAtRest, .returnedToEdge,
                .movedVertically, .reversedByCommand, .takenOverByCommand, .cancelledByCommand,
            ])
        #expect(SwipeEdge.knownValues == [.swipeEdgeUnspecified, .swipeEdgeLeft, .swipeEdgeRight])
        #expect(FramePhase.knownValues == [.framePhaseUnspecified, .tracking, .settling, .done])
        #expect(
            ErrorCode.knownValues == [
                .ok, .invalidArgument, .malformed, .unknownStack, .stackExists, .versionConflict, .transitionInProgress,
                .nothingToPop, .nothingPresented, .unknownTab, .gestureRejected, .resourceExhausted, .unavailable,
                .unauthenticated, .positionRemoved, .wrongShard,
            ])
        for known in [
            PanPhase.knownValues.map(\.rawValue), PanTarget.knownValues.map(\.rawValue),
            Operation.knownValues.map(\.rawValue), Reason.knownValues.map(\.rawValue),
            FramePhase.knownValues.map(\.rawValue), ErrorCode.knownValues.map(\.rawValue),
        ] {
            #expect(known == Array(0..<Int32(known.count)))
        }
        #expect(ErrorCode.positionRemoved.rawValue == 14 && ErrorCode.wrongShard.rawValue == 15)
        #expect(Operation.selectTab.rawValue == 6)
    }

    @Test func enumDescriptionsAndProtoNames() {
        checkNames(PanPhase.knownValues, PanPhase.init(protoName:), \.isKnown, unknownName: "PanPhase")
        checkNames(PanTarget.knownValues, PanTarget.init(protoName:), \.isKnown, unknownName: "PanTarget")
        checkNames(Operation.knownValues, Operation.init(protoName:), \.isKnown, unknownName: "Operation")
        checkNames(Reason.knownValues, Reason.init(protoName:), \.isKnown, unknownName: "Reason")
        checkNames(FramePhase.knownValues, FramePhase.init(protoName:), \.isKnown, unknownName: "FramePhase")
        checkNames(ErrorCode.knownValues, ErrorCode.init(protoName:), \.isKnown, unknownName: "ErrorCode")

        #expect(ErrorCode.invalidArgument.description == "INVALID_ARGUMENT")
        #expect(ErrorCode(rawValue: 7).description == "NOTHING_TO_POP")
        #expect(ErrorCode(rawValue: 77).description == "ErrorCode(77)")
        #expect(PanPhase(rawValue: -3).description == "PanPhase(-3)")
        #expect(Operation(protoName: "POP_TO_ROOT") == .popToRoot)
        #expect(Operation(protoName: "pop_to_root") == nil)
        #expect(Reason(protoName: "") == nil)
        #expect("\(FramePhase.done)" == "DONE")
    }

    private func checkNames<E: RawRepresentable & Hashable & CustomStringConvertible>(
        _ known: [E],
        _ fromName: (String) -> E?,
        _ isKnown: KeyPath<E, Bool>,
        unknownName: String
    ) where E.RawValue == Int32 {
        for value in known {
            #expect(fromName(value.description) == value)
            #expect(value[keyPath: isKnown])
            #expect(value.description.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" })
        }
        for number in [Int32(known.count), 1000, -1, .min, .max] {
            let unknown = E(rawValue: number)!
            #expect(!unknown[keyPath: isKnown])
            #expect(unknown.description == "\(unknownName)(\(number))")
            #expect(fromName(unknown.description) == nil)
        }
    }

    /// Compiles only if the generated types have the shape that docs/wire-api.md promises.
    @Test func apiShape() {
        let command = Command()
        let expectedVersion: UInt64? = command.expectedVersion
        let edgeWidth: Double? = Tuning().edgeWidth
        let gestureTimeout: UInt32? = Tuning().gestureTimeoutMs
        let size: Size? = StackConfig().size
        let velocity: Vec2? = PanEvent().velocity
        let error: ErrorDetail? = Reply().error
        let config: StackConfig? = CreateStack().config
        let screens: [String] = CreateStack().screens
        let rects: [Rect] = ScreenOptions().exclusionRects
        let fromScreen: String = TransitionBegan().fromScreen
        let requestId: String = command.requestId
        let stackId: String = command.stackId
        let time: Int64 = Event().timeUs
        let fsync: Double = Stats().fsyncP99Us
        let from: ViewFrame? = Frame().from
        #expect(expectedVersion == nil && edgeWidth == nil && gestureTimeout == nil && size == nil)
        #expect(velocity == nil && error == nil && config == nil && screens.isEmpty && rects.isEmpty)
        #expect(fromScreen.isEmpty && requestId.isEmpty && stackId.isEmpty && time == 0 && fsync == 0 && from == nil)

        let input: Input.Body? = Input().body
        let op: Command.Op? = command.op
        let event: Event.Body? = Event().body
        let request: Request.Body? = Request().body
        let reply: Reply.Body? = Reply().body
        #expect(input == nil && op == nil && event == nil && request == nil && reply == nil)

        let code: ErrorCode = ErrorDetail().code
        #expect(code == .ok)
        #expect(PanEvent().phase == .panPhaseUnspecified && PanEvent().target == .panTargetBack)
    }
}
