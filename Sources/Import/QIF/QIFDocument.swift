/// The structure of a QIF file: its account definitions and its `^`-terminated entries, each with
/// the section and account it belongs to. Values stay as byte ranges into the decoded text.
///
/// QIF is a line format: every line starts with a one-letter field code (`D` date, `T` amount...),
/// `^` ends an entry, and `!` lines switch what the following entries are (`!Type:Bank`) or open an
/// account definition (`!Account`). Lines starting with `#` are comments some exporters write.
struct QIFDocument {
    /// One field line: its code byte, its value (trimmed) and where the value starts.
    struct Field {
        var code: UInt8
        var value: Range<Int>
        var line: Int
        var column: Int
    }

    /// One `^`-terminated entry outside account definitions.
    struct Entry {
        /// The section the entry is in; nil before any `!Type:` header.
        var section: QIFSection?
        /// The index in `accounts` of the account in force, nil before any account definition.
        var account: Int?
        var fields: [Field]
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

    let text: [UInt8]
    private(set) var entries: [Entry] = []
    private(set) var accounts: [AccountDefinition] = []

    /// Splits `text` (UTF-8, no BOM) into entries and account definitions.
    init(text: [UInt8]) {
        self.text = text
        var mode = Mode.beforeHeader
        var autoSwitch = false
        var currentAccount: Int?
        var fields: [Field] = []
        var accountIndexByName: [String: Int] = [:]

        func finishEntry() {
            defer { fields.removeAll(keepingCapacity: true) }
            guard let first = fields.first else { return }
            switch mode {
            case .accountBlock
            where !fields.contains { $0.code == UInt8(ascii: "N") }
                && fields.contains { $0.code == UInt8(ascii: "D") }:
                // A dated entry with no account name after `!Account` is a transaction whose
                // `!Type:` header is missing: keep it so it is reported, not taken for an account.
                entries.append(Entry(section: nil, account: currentAccount, fields: fields, line: first.line))
            case .accountBlock:
                let index = defineAccount(fields, byName: &accountIndexByName)
                // Under AutoSwitch an `!Account` block is a list of all accounts, not a switch to one.
                if !autoSwitch { currentAccount = index }
            case .section(let section):
                entries.append(Entry(section: section, account: currentAccount, fields: fields, line: first.line))
            case .beforeHeader:
                entries.append(Entry(section: nil, account: currentAccount, fields: fields, line: first.line))
            }
        }

        var lineNumber = 0
        var start = 0
        let count = text.count
        while start < count {
            lineNumber += 1
            var end = start
            while end < count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
            let next: Int
            if end < count, text[end] == 0x0D, end + 1 < count, text[end + 1] == 0x0A {
                next = end + 2
            } else {
                next = end + 1
            }
            defer { start = next }
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
                finishEntry()
            case UInt8(ascii: "!"):
                finishEntry()
                let header = String(decoding: text[(lower + 1)..<upper], as: UTF8.self)
                let folded = QIFSection.folded(header)
                if folded.hasPrefix("type:"), let colon = header.firstIndex(of: ":") {
                    let name = header[header.index(after: colon)...]
                    mode = .section(QIFSection(typeName: QIFDocument.trimmed(name)))
                } else if folded == "account" {
                    mode = .accountBlock
                } else if folded == "option:autoswitch" {
                    autoSwitch = true
                } else if folded == "clear:autoswitch" {
                    autoSwitch = false
                } else if folded.hasPrefix("option:") || folded.hasPrefix("clear:") {
                    continue
                } else {
                    mode = .section(.unknown(header))
                }
            default:
                var valueStart = lower + 1
                while valueStart < upper, text[valueStart] == 0x20 || text[valueStart] == 0x09 { valueStart += 1 }
                // Dates keep their leading space (` 1/ 5/24`); every other value is trimmed on both ends.
                let value = code == UInt8(ascii: "D") ? (lower + 1)..<upper : valueStart..<upper
                fields.append(Field(code: code, value: value, line: lineNumber, column: value.lowerBound - start + 1))
            }
        }
        finishEntry()
    }

    /// Records an `!Account` block; a name seen before refers to the existing definition.
    private mutating func defineAccount(_ fields: [Field], byName: inout [String: Int]) -> Int {
        var definition = AccountDefinition(line: fields[0].line, balanceLine: fields[0].line)
        for field in fields {
            switch field.code {
            case UInt8(ascii: "N"): definition.name = string(field.value)
            case UInt8(ascii: "T"): definition.typeName = string(field.value)
            case UInt8(ascii: "$"):
                definition.balance = field.value
                definition.balanceLine = field.line
            case UInt8(ascii: "/"): definition.balanceDate = field.value
            default: continue
            }
        }
        if let name = definition.name, !name.isEmpty {
            if let existing = byName[name] {
                if accounts[existing].balance == nil, definition.balance != nil {
                    accounts[existing].balance = definition.balance
                    accounts[existing].balanceDate = definition.balanceDate
                    accounts[existing].balanceLine = definition.balanceLine
                }
                return existing
            }
            byName[name] = accounts.count
        }
        accounts.append(definition)
        return accounts.count - 1
    }

    /// The text of a value range.
    func string(_ range: Range<Int>) -> String {
        String(decoding: text[range], as: UTF8.self)
    }

    /// Without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring) -> String {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }

    private enum Mode {
        case beforeHeader
        case accountBlock
        case section(QIFSection)
    }
}
