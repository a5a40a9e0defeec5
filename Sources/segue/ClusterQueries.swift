import SegueClient
import SegueClusterClient
import SegueCommandLine
import SegueJSON
import SegueWire

/// `segue stacks` and `segue stats` with `--cluster`: every shard asked in turn, at its holder, each row or section
/// led by its shard. A shard that does not answer is said in its place, and fails the command once the others are
/// printed.
enum ClusterQueries {
    static func stacks(_ connection: Connection, json: Bool) throws {
        let answers = try eachShard(connection) { try $0.listStacks() }
        if json {
            Console.line(
                shardsObject(answers) { object, ids in object.add("stackIds", ids) }.description)
        } else {
            for answer in answers {
                guard case .success(let ids) = answer.result else { continue }
                for id in ids { Console.line("[\(answer.shard)] \(id)") }
            }
        }
        try failIfUnanswered(answers)
    }

    static func stats(_ connection: Connection, json: Bool) throws {
        let answers = try eachShard(connection) { try $0.stats() }
        if json {
            Console.line(shardsObject(answers) { object, stats in object.add("stats", stats.jsonObject) }.description)
        } else {
            for answer in answers {
                guard case .success(let stats) = answer.result else { continue }
                Console.line("shard \(answer.shard) (\(answer.node)):")
                for line in TextFormat.lines(stats) { Console.line("  " + line) }
            }
        }
        try failIfUnanswered(answers)
    }

    /// One shard's answer, from the daemon `node` holding it.
    private struct Answer<Value> {
        let shard: Int
        var node = ""
        let result: Result<Value, any Error>
    }

    /// What `ask` got from each shard's holder, in shard order. A holder that does not answer is asked once more
    /// at the daemon holding the shard after it, if it changed hands meanwhile.
    private static func eachShard<Value>(_ connection: Connection, _ ask: (ControlClient) throws -> Value) throws
        -> [Answer<Value>]
    {
        let directory = try connection.directory()
        return (0..<directory.shards).map { shard in
            let holder: ShardHolder
            do {
                holder = try ShardHolder(shard: shard, directory: directory)
            } catch {
                return Answer(shard: shard, result: .failure(error))
            }
            var shardConnection = connection
            shardConnection.use(holder)
            var result = Result { try ask(shardConnection.control()) }
            if case .failure(let error) = result, error is ClientError, holder.successor(quiet: true) != nil {
                shardConnection.use(holder)
                result = Result { try ask(shardConnection.control()) }
            }
            return Answer(shard: shard, node: holder.lease.node, result: result)
        }
    }

    /// `{"shards":[{"shard":0,"node":"…",…},{"shard":1,"error":"…"}]}`, `add` adding each answer's value.
    private static func shardsObject<Value>(_ answers: [Answer<Value>], add: (inout JSONObject, Value) -> Void)
        -> JSONObject
    {
        var shards: [JSONObject] = []
        for answer in answers {
            var object = JSONObject()
            object.add("shard", Int64(answer.shard))
            if !answer.node.isEmpty { object.add("node", answer.node) }
            switch answer.result {
            case .success(let value): add(&object, value)
            case .failure(let error): object.add("error", said(error))
            }
            shards.append(object)
        }
        var object = JSONObject()
        object.add("shards", shards)
        return object
    }

    /// Fails with what the first shard that gave no answer met, naming the others.
    private static func failIfUnanswered<Value>(_ answers: [Answer<Value>]) throws {
        let failed = answers.compactMap { answer -> (shard: Int, node: String, error: any Error)? in
            guard case .failure(let error) = answer.result else { return nil }
            return (answer.shard, answer.node, error)
        }
        guard let first = failed.first else { return }
        let holder = first.node.isEmpty ? "" : " (held by \(first.node))"
        let others = failed.dropFirst().map { String($0.shard) }.joined(separator: ", ")
        throw CLIFailure(
            code: .unavailable,
            message: "shard \(first.shard)\(holder): \(said(first.error))"
                + (others.isEmpty ? "" : "; shards \(others) failed too"))
    }

    /// The error's words, without a code of the command line's own in front.
    private static func said(_ error: any Error) -> String { (error as? CLIFailure)?.message ?? "\(error)" }
}
