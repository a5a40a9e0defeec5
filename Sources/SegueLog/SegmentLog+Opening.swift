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

    /// Lists, opens and scans the segments of `directory` and checks them against its manifest and `durable`, then
    /// repairs what a crash explains (a torn tail of the last segment, a manifest a step behind) and refuses what
    /// it does not, unless `acceptLoss` (see `init(directory:)`). A read-only opening changes nothing: it describes
    /// the torn tail, damage to the last segment and missing segments in the report, and throws for damage
    /// elsewhere.
    static func openSegments(
        in directory: String, maxRecordBytes: Int, readOnly: Bool, acceptLoss: Bool, durable: DurablePosition?
    ) throws(LogError) -> Opened {
        if !readOnly, try FileSystem.unlink(directory + "/" + LogManifest.temporaryName) {
            // A crash during a manifest write leaves its temporary file; the manifest itself is whole.
            try FileSystem.syncDirectory(directory)
        }
        let listing = try list(directory, readOnly: readOnly)
        let manifestPath = directory + "/" + LogManifest.fileName
        var findings: [Finding] = []
        // The oldest segment is judged by the manifest read after the listing, the newest by the one read before
        // (see `list`); a writer reads it once.
        var oldestRule: LogManifest?
        var newestRule: LogManifest?
        switch (listing.before, listing.after) {
        case (.valid(let before), .valid(let after)):
            oldestRule = after
            newestRule = before
        case (.damaged(let reason), _), (_, .damaged(let reason)):
            let finding = Finding(
                damage: LogDamage(
                    position: nil, path: manifestPath,
                    message: "the log manifest \(manifestPath) is damaged: \(reason), "
                        + "so it cannot tell which segments should be here"), moves: [manifestPath])
            findings.append(finding)
        default:
            break
        }
        var found: [(position: UInt64, name: String)] = []
        for name in listing.names where Segment.looksLikeSegment(name) {
            guard let position = Segment.position(fromFileName: name), position > 0 else {
                let path = directory + "/" + name
                let finding = Finding(
                    damage: LogDamage(
                        position: nil, path: path,
                        message: "unexpected file \(path) in the log directory: segment files "
                            + "are named by their first position, 20 digits from 00000000000000000001, then .seg"),
                    moves: [path])
                if readOnly { throw refusal([finding]) }
                findings.append(finding)
                continue
            }
            found.append((position, name))
        }
        found.sort { $0.position < $1.position }
        let segmentPath = { (position: UInt64) in directory + "/" + Segment.fileName(for: position) }
        if let rule = oldestRule ?? newestRule, found.isEmpty {
            findings.append(
                Finding(
                    damage: LogDamage(
                        position: rule.oldestPosition, path: segmentPath(rule.newestSegment),
                        message: "every segment is missing: the log manifest \(manifestPath) names the segments from "
                            + "position \(rule.oldestPosition) to \(segmentPath(rule.newestSegment))")))
        }
        if let rule = oldestRule, let oldest = found.first, oldest.position > rule.oldestPosition {
            findings.append(
                Finding(
                    damage: LogDamage(
                        position: rule.oldestPosition, path: segmentPath(rule.oldestPosition),
                        message:
                            "positions \(rule.oldestPosition)...\(oldest.position - 1) are missing: the log manifest "
                            + "\(manifestPath) says the oldest segment kept starts at position \(rule.oldestPosition), but "
                            + "the oldest one here is \(segmentPath(oldest.position))")))
        }
        // Segments newer than the manifest names are a roll it did not record yet; older ones mean the newest went.
        let newestMissing =
            newestRule.map { rule in found.last.map { $0.position < rule.newestSegment } ?? false }
            ?? false
        if found.isEmpty && readOnly {
            // Nothing was ever appended (or every segment is missing): an empty log, as a writer would create it,
            // without creating anything.
            return Opened(
                table: [Segment(path: segmentPath(1), firstPosition: 1)], lastDescriptor: -1,
                report: RecoveryReport(
                    truncatedBytes: 0, truncatedAtPosition: nil, truncatedAtOffset: nil,
                    segmentPath: nil, reason: nil, damage: findings.map(\.damage)))
        }

        var table: [Segment] = []
        var cut: Cut?
        let reader = SegmentReader(chunkBytes: scanChunkBytes)
        for (i, entry) in found.enumerated() {
            let path = directory + "/" + entry.name
            let later = found[(i + 1)...].map { directory + "/" + $0.name }
            if let previous = table.last, previous.endPosition != entry.position {
                let finding = Finding(
                    damage: LogDamage(
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
            if later.isEmpty && !newestMissing {
                // A torn write leaves nothing valid after the damage; a valid record after it means a record that
                // was whole has changed since, and cutting there would lose the good ones.
                let scan = try validRecords(
                    after: offset, fd: fd, path: path, size: fileSize,
                    maxRecordBytes: maxRecordBytes)
                cut = Cut(
                    path: path, offset: offset, fileSize: fileSize, position: position, reason: reason,
                    isDamage: scan != .torn)
                var finding = Finding(damage: damage, keepsCut: true)
                let head = "segment \(path) is damaged at byte \(offset) (position \(position)): \(reason.rawValue), "
                switch scan {
                case .torn:
                    break
                case .validRecords(let next):
                    finding.damage.message =
                        head + "but a valid record follows at byte \(next): this is corruption, "
                        + "not a torn write, and cutting the segment there would discard the valid records after it"
                    findings.append(finding)
                case .undecided(let reached):
                    finding.damage.message =
                        head + "and its \(fileSize - offset) bytes after the damage look like "
                        + "records up to byte \(reached) and beyond, more than the scan checks: it cannot tell a torn "
                        + "write from damage, and cutting could discard valid records"
                    findings.append(finding)
                }
            } else {
                var finding = Finding(damage: damage, moves: later, keepsCut: true)
                finding.damage.message =
                    "segment \(path) is damaged at byte \(offset) (position \(position)): "
                    + "\(reason.rawValue). Only the last segment can be torn by a crash, so this is damage to a "
                    + "completed segment"
                    + (later.isEmpty ? "" : ", and the \(later.count) segment(s) after it cannot follow a cut")
                if readOnly { throw refusal([finding]) }
                findings.append(finding)
                cut = Cut(
                    path: path, offset: offset, fileSize: fileSize, position: position, reason: reason,
                    isDamage: true)
                break
            }
        }

        if let rule = newestRule, newestMissing, let last = table.last {
            findings.append(
                Finding(
                    damage: LogDamage(
                        position: last.endPosition, path: segmentPath(rule.newestSegment),
                        message: "segments from position \(last.endPosition) on are missing: the log manifest "
                            + "\(manifestPath) names \(segmentPath(rule.newestSegment)) as the newest segment, but the newest "
                            + "one here is \(segmentPath(found[found.count - 1].position))")))
        }
        if let durable, durable.position >= table.last?.endPosition ?? 1 {
            let end = table.last?.endPosition ?? 1
            var finding = Finding(
                damage: LogDamage(
                    position: end, path: table.last?.path ?? segmentPath(1),
                    message: ""))
            var tail = ""
            if let torn = cut, !torn.isDamage {
                // Bytes the log held durably cannot be a torn write: they are kept, not just cut.
                cut?.isDamage = true
                finding.keepsCut = true
                tail =
                    " (before the \(torn.fileSize - torn.offset) bytes from byte \(torn.offset) of \(torn.path), "
                    + "which are not a whole record: \(torn.reason.rawValue))"
            }
            finding.damage.message =
                "positions \(end)...\(durable.position) are missing: the log ends at position "
                + "\(end - 1)\(tail), but \(durable.evidence)"
            findings.append(finding)
        }

        if !findings.isEmpty && !readOnly && !acceptLoss { throw refusal(findings) }
        var manifestCreated = false
        if !readOnly {
            try repair(directory: directory, findings: &findings, cut: cut, table: &table)
            let kept = LogManifest(
                oldestPosition: table[0].firstPosition,
                newestSegment: table[table.count - 1].firstPosition)
            if listing.before != .valid(kept) {
                try kept.write(in: directory)
                manifestCreated = listing.before == .missing && !found.isEmpty
            }
        }
        let last = table[table.count - 1]
        let lastDescriptor = try FileSystem.open(last.path, flags: readOnly ? O_RDONLY : O_RDWR, what: "segment")
        var report = RecoveryReport(
            truncatedBytes: cut.map { UInt64($0.fileSize - $0.offset) } ?? 0, truncatedAtPosition: cut?.position,
            truncatedAtOffset: cut.map { UInt64($0.offset) }, segmentPath: cut?.path, reason: cut?.reason,
            damage: findings.map(\.damage))
        report.manifestCreated = manifestCreated
        return Opened(table: table, lastDescriptor: lastDescriptor, report: report)
    }

    /// The directory's file names, with its manifest as read before and after listing them.
    ///
    /// A reader beside a running writer needs both: retention writes the manifest before it deletes the oldest
    /// segments, so the manifest read after the listing never names an oldest segment that was deleted before it;
    /// a roll writes it after it creates the newest segment, so the one read before never names a newest segment
    /// the listing missed. While the manifest changes under it, the reader lists again, up to three times.
    private static func list(_ directory: String, readOnly: Bool) throws(LogError)
        -> (names: [String], before: LogManifest.Reading, after: LogManifest.Reading)
    {
        var attempts = 0
        while true {
            let before = try LogManifest.read(in: directory)
            let names = try FileSystem.list(directory)
            let after = readOnly ? try LogManifest.read(in: directory) : before
            attempts += 1
            if before == after || attempts == 3 { return (names, before, after) }
        }
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
                let kept = try keepTail(
                    of: cut.path, fd: fd, from: cut.offset, size: cut.fileSize,
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
        LogError(
            .corrupt, findings.map(\.damage.message).joined(separator: "; also, ") + "; refusing to start",
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
