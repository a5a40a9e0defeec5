import SegueClient
import Testing

/// When `segue play` sends each recorded input.
struct PlaybackScheduleTests {
    @Test func inputsAreDueAtTheirOffsetsDividedByTheSpeed() {
        let twice = PlaybackSchedule(speed: 2)
        #expect([0, 8_333, 1_000_000].map { twice.dueUs(offsetUs: $0) } == [0, 4_167, 500_000])
        let slow = PlaybackSchedule(speed: 0.5)
        #expect(slow.dueUs(offsetUs: 8_333) == 16_666)
    }

    /// A 240 Hz trace whose every send wakes up to a millisecond late plays as long as it was recorded.
    @Test func aTimersOvershootDoesNotAddUp() {
        var schedule = PlaybackSchedule(speed: 1)
        for index in 0..<1_000 {
            let due = schedule.dueUs(offsetUs: UInt64(index) * 4_167)
            schedule.sent(dueUs: due, atUs: due + 900)
        }
        #expect(schedule.behindUs == 0)
        #expect(schedule.dueUs(offsetUs: 4_167_000) == 4_167_000)
    }

    /// A swipe that began 100 ms after the previous settle ended still does, however late the player was.
    @Test func aLateInputMovesTheOnesAfterItByAsMuch() {
        var schedule = PlaybackSchedule(speed: 1)
        let end = schedule.dueUs(offsetUs: 400_000)
        schedule.sent(dueUs: end, atUs: end + 300_000)
        #expect(schedule.behindUs == 300_000)
        let next = schedule.dueUs(offsetUs: 1_000_000)
        #expect(next - (end + 300_000) == 1_000_000 - 400_000)
        // Exactly at the tolerance is on time.
        schedule.sent(dueUs: next, atUs: next + PlaybackSchedule.toleranceUs)
        #expect(schedule.behindUs == 300_000)
    }
}
