import SegueWire
import Testing

/// The topic frames of the events socket: spelled in one place, written by the daemon and read by subscribers.
@Suite struct TopicTests {
    @Test func eachKindHasItsPrefixAndAStackTopicUnderIt() {
        #expect(Topic.allCases.map(\.prefix) == ["ev/", "fr/", "er/", "pr/"])
        #expect(Topic.event.prefix("main") == "ev/main/")
        #expect(Topic.rejection.prefix("") == "er//")
        #expect(Topic.probe.prefix("t1") == "pr/t1/")
    }

    @Test func theWrittenTopicIsTheStacksPrefixAndReusesTheBuffer() {
        var buffer: [UInt8] = Array("a much longer topic than the next one".utf8)
        Topic.frame.write("tabs", into: &buffer)
        #expect(buffer == Array("fr/tabs/".utf8))
        Topic.probe.write("x", into: &buffer)
        #expect(buffer == Array("pr/x/".utf8))
    }

    @Test func aTopicIsReadBackAsItsKind() {
        for kind in Topic.allCases {
            #expect(Topic(of: Array(kind.prefix("main").utf8)) == kind)
        }
        #expect(Topic(of: Array("xx/main/".utf8)) == nil)
        #expect(Topic(of: Array("ev".utf8)) == nil)
    }

    @Test func aPublicationIsDecodedByItsTopic() {
        let event = Event(position: 3, stackId: "main", version: 1)
        #expect(Publication(topic: Array("ev/main/".utf8), payload: event.encoded()) == .event(event))
        let probe = PublishProbe(token: "t1")
        #expect(Publication(parts: [Array("pr/t1/".utf8), probe.encoded()]) == .probe(probe))
        guard case .undecodable(let topic, let reason) = Publication(topic: Array("zz/main/".utf8), payload: [])
        else {
            Issue.record("an unknown topic decoded")
            return
        }
        #expect(topic == "zz/main/")
        #expect(reason.contains("ev/, fr/, er/, pr/"))
    }
}
