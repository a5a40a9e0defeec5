import SegueSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Items posted from other threads wake the owner's poll and come out in order.
struct MailboxTests {
    private static func isReadable(_ fd: Int32, timeoutMs: Int32) -> Bool {
        var item = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&item, 1, timeoutMs) == 1
    }

    @Test func postsFromAnotherThreadWakeThePollAndComeInOrder() throws {
        let mailbox = try Mailbox<Int>()
        #expect(!Self.isReadable(mailbox.fileDescriptor, timeoutMs: 0))
        let poster = try JoinableThread(name: "poster") {
            for item in 1...3 { mailbox.post(item) }
        }
        poster.join()
        #expect(Self.isReadable(mailbox.fileDescriptor, timeoutMs: 10_000))
        #expect(mailbox.take() == [1, 2, 3])
        // Taking empties the pipe too: the poll waits again.
        #expect(!Self.isReadable(mailbox.fileDescriptor, timeoutMs: 0))
        #expect(mailbox.take().isEmpty)
    }

    @Test func aWakeWithNothingPostedStillWakes() throws {
        let mailbox = try Mailbox<String>()
        mailbox.wake()
        #expect(Self.isReadable(mailbox.fileDescriptor, timeoutMs: 10_000))
        #expect(mailbox.take().isEmpty)
    }

    @Test func manyWakesNeverBlockTheWaker() throws {
        let pipe = try WakePipe()
        // Far more than a pipe holds: a full pipe already wakes the owner, so the writer drops the byte.
        for _ in 0..<200_000 { pipe.wake() }
        #expect(Self.isReadable(pipe.fileDescriptor, timeoutMs: 0))
        pipe.drain()
        #expect(!Self.isReadable(pipe.fileDescriptor, timeoutMs: 0))
    }
}
