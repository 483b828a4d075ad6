/// Walks a QIF file's `^`-terminated entries one at a time, collecting its account definitions on
/// the way. Values stay as byte ranges into the decoded text.
///
/// QIF is a line format: every line starts with a one-letter field code (`D` date, `T` amount...),
/// `^` ends an entry, and `!` lines switch what the following entries are (`!Type:Bank`) or open an
/// account definition (`!Account`). Lines starting with `#` are comments some exporters write.
///
/// The scanner hands out one entry at a time, its fields in a buffer the caller owns and that the
/// next call overwrites: a million-entry file then costs no allocation per entry, and nothing of
/// an entry outlives its conversion.
struct QIFEntryScanner {
    /// One field line: its code byte, its value (trimmed) and where the value starts.
    struct Field {
        var code: UInt8
        var value: Range<Int>
        var line: Int
        var column: Int
    }

    /// One `^`-terminated entry outside account definitions (its fields are in the caller's buffer).
    struct Entry {
        /// The section the entry is in; nil before any `!Type:` header.
        var section: QIFSection?
        /// The index in `accounts` of the account in force, nil before any account definition.
        var account: Int?
        /// The line of the entry's first field.
        var line: Int
    }

    /// An account named by an `!Account` block (the first definition of each name wins).
    struct AccountDefinition {
        var name: String?
        /// The `T` line as written (`Bank`, `CCard`, `Port`...).
        var typeName: String?
        var line: Int
        /// `$` statement balance and `/` its date, as written.
        var balance: Range<Int>?
        var balanceDate: Range<Int>?
        var balanceLine: Int
    }

    private enum Mode {
        case beforeHeader
        case accountBlock
        case section(QIFSection)
    }

    /// The account definitions met so far (all of them once `next` has returned nil).
    private(set) var accounts: [AccountDefinition] = []
    private var accountIndexByName: [String: Int] = [:]
    private var mode = Mode.beforeHeader
    private var autoSwitch = false
    private var currentAccount: Int?
    private var position = 0
    private var lineNumber = 0

    /// A scanner at the start of a text; pass the same text (UTF-8, no BOM) to every `next` call.
    init() {}

    /// The next entry, its fields written to `fields`; nil at the end of the text.
    mutating func next(in text: UnsafeBufferPointer<UInt8>, fields: inout [Field]) -> Entry? {
        fields.removeAll(keepingCapacity: true)
        let count = text.count
        while position < count {
            lineNumber += 1
            let start = position
            let end = QIFEntryScanner.lineEnd(in: text, from: start)
            if end < count, text[end] == 0x0D, end + 1 < count, text[end + 1] == 0x0A {
                position = end + 2
            } else {
                position = end + 1
            }
            var lower = start
            while lower < end, text[lower] == 0x20 || text[lower] == 0x09 { lower += 1 }
            var upper = end
            while upper > lower, text[upper - 1] == 0x20 || text[upper - 1] == 0x09 { upper -= 1 }
            guard lower < upper else { continue }
            let code = text[lower]
            switch code {
            case UInt8(ascii: "#"):
                continue
            case UInt8(ascii: "^"):
                if let entry = finishEntry(in: text, fields: &fields) { return entry }
            case UInt8(ascii: "!"):
                // The entry before the header belongs to the section it was written in.
                let entry = finishEntry(in: text, fields: &fields)
                switchSection(String(decoding: UnsafeBufferPointer(rebasing: text[(lower + 1)..<upper]), as: UTF8.self))
                if let entry { return entry }
            default:
                var valueStart = lower + 1
                while valueStart < upper, text[valueStart] == 0x20 || text[valueStart] == 0x09 { valueStart += 1 }
                // Dates keep their leading space (` 1/ 5/24`); every other value is trimmed on both ends.
                let value = code == UInt8(ascii: "D") ? (lower + 1)..<upper : valueStart..<upper
                fields.append(Field(code: code, value: value, line: lineNumber, column: value.lowerBound - start + 1))
            }
        }
        return finishEntry(in: text, fields: &fields)
    }

    /// The offset of the first CR or LF at or after `start` (the text's end if none): eight bytes
    /// at a time, since most of a QIF file's bytes are in payee and memo lines.
    @inline(__always)
    static func lineEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = text.count
        var end = start
        if let base = text.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while end + 8 <= count {
                let word = UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)
                // A zero byte in `word ^ (b * ones)` is a `b` in `word`.
                let lineFeeds = word ^ (0x0A &* ones)
                let returns = word ^ (0x0D &* ones)
                if ((lineFeeds &- ones) & ~lineFeeds | (returns &- ones) & ~returns) & highs != 0 { break }
                end += 8
            }
        }
        while end < count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
        return end
    }

    /// Ends the entry in `fields`: an entry to hand out, or nil (nothing there, or an account block).
    private mutating func finishEntry(in text: UnsafeBufferPointer<UInt8>, fields: inout [Field]) -> Entry? {
        guard let first = fields.first else { return nil }
        switch mode {
        case .accountBlock
        where !fields.contains { $0.code == UInt8(ascii: "N") } && fields.contains { $0.code == UInt8(ascii: "D") }:
            // A dated entry with no account name after `!Account` is a transaction whose
            // `!Type:` header is missing: keep it so it is reported, not taken for an account.
            return Entry(section: nil, account: currentAccount, line: first.line)
        case .accountBlock:
            let index = defineAccount(fields, in: text)
            fields.removeAll(keepingCapacity: true)
            // Under AutoSwitch an `!Account` block is a list of all accounts, not a switch to one.
            if !autoSwitch { currentAccount = index }
            return nil
        case .section(let section):
            return Entry(section: section, account: currentAccount, line: first.line)
        case .beforeHeader:
            return Entry(section: nil, account: currentAccount, line: first.line)
        }
    }

    /// Applies a `!` header line (without its `!`).
    private mutating func switchSection(_ header: String) {
        let folded = QIFSection.folded(header)
        if folded.hasPrefix("type:"), let colon = header.firstIndex(of: ":") {
            let name = header[header.index(after: colon)...]
            mode = .section(QIFSection(typeName: QIFEntryScanner.trimmed(name)))
        } else if folded == "account" {
            mode = .accountBlock
        } else if folded == "option:autoswitch" {
            autoSwitch = true
        } else if folded == "clear:autoswitch" {
            autoSwitch = false
        } else if folded.hasPrefix("option:") || folded.hasPrefix("clear:") {
            return
        } else {
            mode = .section(.unknown(header))
        }
    }

    /// Records an `!Account` block; a name seen before refers to the existing definition.
    private mutating func defineAccount(_ fields: [Field], in text: UnsafeBufferPointer<UInt8>) -> Int {
        var definition = AccountDefinition(line: fields[0].line, balanceLine: fields[0].line)
        for field in fields {
            switch field.code {
            case UInt8(ascii: "N"): definition.name = QIFEntryScanner.string(field.value, in: text)
            case UInt8(ascii: "T"): definition.typeName = QIFEntryScanner.string(field.value, in: text)
            case UInt8(ascii: "$"):
                definition.balance = field.value
                definition.balanceLine = field.line
            case UInt8(ascii: "/"): definition.balanceDate = field.value
            default: continue
            }
        }
        if let name = definition.name, !name.isEmpty {
            if let existing = accountIndexByName[name] {
                if accounts[existing].balance == nil, definition.balance != nil {
                    accounts[existing].balance = definition.balance
                    accounts[existing].balanceDate = definition.balanceDate
                    accounts[existing].balanceLine = definition.balanceLine
                }
                return existing
            }
            accountIndexByName[name] = accounts.count
        }
        accounts.append(definition)
        return accounts.count - 1
    }

    /// The text of a value range.
    static func string(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }

    /// A date value as the user would quote it: without the padding before it.
    static func dateText(_ field: Field, in text: UnsafeBufferPointer<UInt8>) -> String {
        trimmed(Substring(string(field.value, in: text)))
    }

    /// Without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring) -> String {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
