import Glibc

extension SegmentLog {
    /// What opening found and did: the segments, the last one's descriptor (-1 for a read-only log without
    /// segments) and the report.
    struct Opened {
        var table: [Segment]
        var lastDescriptor: Int32
        var report: RecoveryReport
    }

    /// Bytes at the end of the last segment kept that opening cuts off.
    private struct Cut {
        var path: String
        var offset: Int
        var fileSize: Int
        /// The position the first record cut would have had.
        var position: UInt64
        var reason: RecoveryReport.Reason
        /// Whether the bytes are damage rather than a torn write: they are then copied aside before the cut.
        var isDamage: Bool
    }

    /// Damage found while opening, and what accepting it takes out of the log.
    private struct Finding {
        var damage: LogDamage
        /// Files moved to the damaged folder when the loss is accepted.
        var moves: [String] = []
        /// Whether accepting it copies the bytes of the cut aside.
        var keepsCut = false
    }

    /// Lists, opens and scans the segments of `directory`, then repairs what a crash explains (a torn tail of the
    /// last segment) and refuses what it does not, unless `acceptLoss` (see `init(directory:)`). A read-only
    /// opening changes nothing: it describes the torn tail and the damage of the last segment in the report, and
    /// throws for damage elsewhere.
    static func openSegments(in directory: String, maxRecordBytes: Int, readOnly: Bool, acceptLoss: Bool)
        throws(LogError) -> Opened
    {
        var findings: [Finding] = []
        var found: [(position: UInt64, name: String)] = []
        for name in try FileSystem.list(directory) where Segment.looksLikeSegment(name) {
            guard let position = Segment.position(fromFileName: name), position > 0 else {
                let path = directory + "/" + name
                let finding = Finding(damage: LogDamage(
                    position: nil, path: path, message: "unexpected file \(path) in the log directory: segment files "
                        + "are named by their first position, 20 digits from 00000000000000000001, then .seg"),
                    moves: [path])
                if readOnly { throw refusal([finding]) }
                findings.append(finding)
                continue
            }
            found.append((position, name))
        }
        found.sort { $0.position < $1.position }
        if found.isEmpty && readOnly {
            // Nothing was ever appended: an empty log, as a writer would create it, without creating anything.
            return Opened(table: [Segment(path: directory + "/" + Segment.fileName(for: 1), firstPosition: 1)],
                          lastDescriptor: -1, report: .clean)
        }

        var table: [Segment] = []
        var cut: Cut?
        let reader = SegmentReader(chunkBytes: scanChunkBytes)
        for (i, entry) in found.enumerated() {
            let path = directory + "/" + entry.name
            let later = found[(i + 1)...].map { directory + "/" + $0.name }
            if let previous = table.last, previous.endPosition != entry.position {
                let finding = Finding(damage: LogDamage(
                    position: previous.endPosition, path: path,
                    message: gapMessage(previous: previous, nextPath: path, nextPosition: entry.position)),
                    moves: [path] + later)
                if readOnly { throw refusal([finding]) }
                findings.append(finding)
                break
            }
            let fd = try FileSystem.open(path, flags: O_RDONLY, what: "segment")
            defer { FileSystem.close(fd) }
            let fileSize = try FileSystem.size(fd, path: path)
            var segment = Segment(path: path, firstPosition: entry.position)
            reader.target(fd: fd, path: path, limit: fileSize)
            let problem = try scan(&segment, with: reader, maxRecordBytes: maxRecordBytes)
            table.append(segment)
            guard let reason = problem else { continue }
            let offset = segment.size
            let position = segment.endPosition
            let damage = LogDamage(position: position, path: path, offset: UInt64(offset), message: "")
            if later.isEmpty {
                // A torn write leaves nothing valid after the damage; a valid record after it means a record that
                // was whole has changed since, and cutting there would lose the good ones.
                let next = try firstValidRecord(after: offset, fd: fd, path: path, size: fileSize)
                cut = Cut(path: path, offset: offset, fileSize: fileSize, position: position, reason: reason,
                          isDamage: next != nil)
                if let next {
                    var finding = Finding(damage: damage, keepsCut: true)
                    finding.damage.message = "segment \(path) is damaged at byte \(offset) (position \(position)): "
                        + "\(reason.rawValue), but a valid record follows at byte \(next): this is corruption, not "
                        + "a torn write, and cutting the segment there would discard the valid records after it"
                    findings.append(finding)
                }
            } else {
                var finding = Finding(damage: damage, moves: later, keepsCut: true)
                finding.damage.message = "segment \(path) is damaged at byte \(offset) (position \(position)): "
                    + "\(reason.rawValue). Only the last segment can be torn by a crash, so this is damage to a "
                    + "completed segment, and the \(later.count) segment(s) after it cannot follow a cut"
                if readOnly { throw refusal([finding]) }
                findings.append(finding)
                cut = Cut(path: path, offset: offset, fileSize: fileSize, position: position, reason: reason,
                          isDamage: true)
                break
            }
        }

        if !findings.isEmpty && !readOnly && !acceptLoss { throw refusal(findings) }
        if !readOnly {
            try repair(directory: directory, findings: &findings, cut: cut, table: &table)
        }
        let last = table[table.count - 1]
        let lastDescriptor = try FileSystem.open(last.path, flags: readOnly ? O_RDONLY : O_RDWR, what: "segment")
        var report = RecoveryReport.clean
        if let cut {
            report = RecoveryReport(
                truncatedBytes: UInt64(cut.fileSize - cut.offset), truncatedAtPosition: cut.position,
                truncatedAtOffset: UInt64(cut.offset), segmentPath: cut.path, reason: cut.reason)
        }
        report.damage = findings.map(\.damage)
        return Opened(table: table, lastDescriptor: lastDescriptor, report: report)
    }

    /// Makes the files what the (accepted) findings and the cut leave: moves files aside, keeps damaged bytes,
    /// cuts the tail, and creates the first segment of a log that has none; each step durable before the next.
    private static func repair(directory: String, findings: inout [Finding], cut: Cut?, table: inout [Segment])
        throws(LogError)
    {
        for index in findings.indices {
            // Newest first: a crash halfway leaves a prefix of the log, whose missing end is damage again.
            for path in findings[index].moves.reversed() {
                findings[index].damage.keptIn.append(try moveAside(path, suffix: ".moved", directory: directory))
            }
        }
        if let cut {
            let fd = try FileSystem.open(cut.path, flags: O_RDWR, what: "segment")
            defer { FileSystem.close(fd) }
            if cut.isDamage {
                let kept = try keepTail(of: cut.path, fd: fd, from: cut.offset, size: cut.fileSize,
                                        directory: directory)
                for index in findings.indices where findings[index].keepsCut {
                    findings[index].damage.keptIn.insert(kept, at: 0)
                }
            }
            try FileSystem.truncate(fd, to: cut.offset, path: cut.path)
            try FileSystem.fullSync(fd, path: cut.path)
        }
        if table.isEmpty {
            // A fresh log: create the first segment now so that there is always a last segment to append to.
            let path = directory + "/" + Segment.fileName(for: 1)
            let fd = try FileSystem.open(path, flags: O_RDWR | O_CREAT | O_EXCL, what: "segment")
            FileSystem.close(fd)
            try FileSystem.syncDirectory(directory)
            table.append(Segment(path: path, firstPosition: 1))
        }
    }

    /// The error refusing to open a log with `findings`.
    private static func refusal(_ findings: [Finding]) -> LogError {
        LogError(.corrupt, findings.map(\.damage.message).joined(separator: "; also, ") + "; refusing to start",
                 path: findings[0].damage.path)
    }

    /// Reads records into `segment` until the readable bytes end (nil) or a record is bad (its reason); the
    /// segment's size is then the end of the last good record.
    private static func scan(
        _ segment: inout Segment, with reader: SegmentReader, maxRecordBytes: Int
    ) throws(LogError) -> RecoveryReport.Reason? {
        while true {
            switch try reader.next(at: segment.size, maxRecordBytes: maxRecordBytes, verify: true) {
            case .record(let length, _):
                segment.didAppend(at: segment.size, length: length)
            case .end:
                return nil
            case .problem(let reason):
                return reason
            }
        }
    }

    /// What is wrong with segments whose names and contents disagree about positions.
    private static func gapMessage(previous: Segment, nextPath: String, nextPosition: UInt64) -> String {
        let detail: String
        if nextPosition > previous.endPosition {
            detail = "positions \(previous.endPosition)...\(nextPosition - 1) are missing"
        } else {
            detail = "it overlaps the \(previous.recordCount) records of \(previous.path)"
        }
        return "segment \(nextPath) starts at position \(nextPosition) but \(previous.path) ends at position "
            + "\(previous.endPosition - 1): \(detail)"
    }
}
