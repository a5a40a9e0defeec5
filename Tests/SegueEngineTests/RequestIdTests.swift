import SegueCore
import SegueEngine
import SegueWire
import Testing

/// Request ids are copied into replies, events and rejections: one that is too long or carries control characters
/// is refused, and never echoed, so that what the engine sends stays within the sizes its queues are counted for.
@Suite struct RequestIdTests {
    @Test(arguments: [String(repeating: "r", count: 129), "tab\there", "nul\u{0}inside"])
    func aBadRequestIdIsRefusedAndNotEchoed(_ requestId: String) throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            let engine = try EmbeddedEngine(configuration: configuration)
            defer { engine.close() }
            let read = try engine.request(Request(requestId: requestId, body: .readEvents(ReadEvents())))
            #expect(read.error?.code == .invalidArgument && read.requestId.isEmpty, "\(read)")
            let command = Command(
                stackId: "s", requestId: requestId,
                op: .create(CreateStack(screens: ["A"], config: StackConfig(size: Size(width: 1, height: 1)))))
            let create = try engine.request(Request(requestId: "ok", body: .command(command)))
            #expect(create.error?.code == .invalidArgument && create.error?.message.contains("request_id") == true)
            try engine.send(Input(body: .command(command)))
            let rejections = engine.published.compactMap { if case .rejection(let r) = $0 { r } else { nil } }
            #expect(rejections.count == 1 && rejections.first?.requestId == "")
            #expect(rejections.first?.error?.code == .invalidArgument)
            #expect(engine.logHead == 0)
        }
        // 128 bytes of any printable text is fine.
        #expect(Validation.checkRequestId(String(repeating: "é", count: 64)) == nil)
    }
}
