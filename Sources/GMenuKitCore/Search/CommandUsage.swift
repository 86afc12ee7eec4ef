/// How often and how recently a person chose each command from the palette: what ranks equal
/// matches, and what an empty search shows. Kept by the app layer per application, across runs.
public struct CommandUsage: Sendable, Equatable {
    /// What is known of one command's choices.
    public struct Record: Sendable, Equatable {
        /// How many times it was chosen.
        public var count: Int
        /// When it was last chosen, in seconds (any fixed origin: only differences count).
        public var lastUsed: Int64
    }

    /// The records by usage key.
    public private(set) var records: [String: Record] = [:]

    /// A usage history with these records (none by default).
    public init(records: [String: Record] = [:]) { self.records = records }

    /// Notes one more choice of the command known by `key`, at `now` (seconds).
    public mutating func recordChoice(of key: String, at now: Int64) {
        var record = records[key] ?? Record(count: 0, lastUsed: now)
        record.count += 1
        record.lastUsed = now
        records[key] = record
    }

    /// Forgets every choice.
    public mutating func clear() { records = [:] }

    /// Up to 999, below one step of match quality: frequency (a command chosen often) and
    /// recency (chosen in the last hour, day, week) together.
    public func score(of key: String, now: Int64) -> Int {
        guard let record = records[key] else { return 0 }
        var frequency = 0
        var count = record.count
        while count > 0 && frequency < 10 {
            frequency += 1
            count >>= 1
        }
        let age = max(0, now - record.lastUsed)
        let recency = age < 3_600 ? 4 : age < 86_400 ? 3 : age < 604_800 ? 2 : 1
        return min(999, frequency * 60 + recency * 90)
    }

    // MARK: Kept as text

    /// One line per command: count, last use and key, tab-separated (a key file's value list).
    public var serialized: [String] {
        records.sorted { $0.key < $1.key }.map { "\($0.value.count)\t\($0.value.lastUsed)\t\($0.key)" }
    }

    /// Reads `serialized` lines back; lines that are not such are left out.
    public init(serialized lines: [String]) {
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let count = Int(fields[0]), count > 0, let last = Int64(fields[1]), !fields[2].isEmpty
            else { continue }
            records[String(fields[2])] = Record(count: count, lastUsed: last)
        }
    }
}
