#if canImport(Glibc)
    import Glibc
#endif

/// Sleeps on the calling thread: a pace (a lease's renewal, a retry, a look for a stream that does not exist yet),
/// never a wait for a condition.
package func sleepBriefly(milliseconds: Int) {
    usleep(UInt32(milliseconds) * 1000)
}
