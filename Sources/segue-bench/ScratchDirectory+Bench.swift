import SegueSystem

extension ScratchDirectory {
    /// `<--work-dir>/segue-bench-<label>.XXXXXX`, for one workload's data directories and daemon logs.
    static func bench(_ label: String, options: BenchOptions) throws(BenchError) -> ScratchDirectory {
        do {
            return try ScratchDirectory(
                prefix: "segue-bench-\(label)", in: options.workDirectory, keep: options.keepData)
        } catch {
            throw BenchError("\(error); choose a writable one with --work-dir")
        }
    }

    /// Removes the directory, or says where it was kept (--keep-data).
    func finish() {
        if keep { Progress.note("kept \(path)") } else { remove() }
    }
}
