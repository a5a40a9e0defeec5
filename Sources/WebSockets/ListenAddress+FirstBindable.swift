extension ListenAddress {
    /// This address if it can be bound, else the first of the next `tries` ports on the host that can, else port 0
    /// (any free port): how a default port gives way to a server already on it.
    /// - Throws: any problem other than a port in use (the host is not this machine's, say).
    public func firstBindable(tries: Int) throws(Problem) -> ListenAddress {
        for offset in 0...tries where port + offset <= 65_535 {
            let candidate = try ListenAddress(host: host, port: port + offset)
            do throws(Problem) {
                try candidate.checkBindable()
                return candidate
            } catch .inUse {
                continue
            }
        }
        return try ListenAddress(host: host, port: 0)
    }
}
