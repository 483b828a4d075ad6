import Ledger

/// A profile with every column resolved to a 0-based index for one file's header.
struct CSVLayout {
    enum Text {
        case column(Int)
        case joined([Int])
        case template([Part])
    }

    indirect enum Part {
        case literal([UInt8])
        case cell(Int)
        case optional([Part])
    }

    enum Amount {
        case signed(Int)
        case debitCredit(debit: Int, credit: Int)
        case indicator(amount: Int, indicator: Int, debitValues: [[UInt8]], creditValues: [[UInt8]])
    }

    struct Test {
        var column: Int
        var kind: CSVProfile.CellTest.Kind
        /// ASCII-lower-cased.
        var values: [[UInt8]]
    }

    let profile: CSVProfile
    let date: Int
    let dateFallback: Int?
    let amount: Amount
    let currencyColumn: Int?
    let payee: Text?
    let payeeFallback: [Text]
    let memo: Text?
    let type: Text?
    let category: Text?
    let checkNumber: Text?
    let account: Text?
    let accountName: Text?
    let status: Int?
    let pendingValues: [[UInt8]]
    let balance: Int?
    let balanceBefore: Int?
    let skipRules: [(test: Test, reason: String)]
    let balanceRows: [(test: Test, kind: CSVProfile.BalanceRowRule.Kind, amountColumn: Int?)]
    /// Header names by index, for messages.
    let columnNames: [Int: String]

    /// Resolves `profile` against `header` (nil for headerless layouts). Throws the name of a
    /// column the header lacks.
    init(profile: CSVProfile, header: [String]?) throws(MissingColumn) {
        self.profile = profile
        let folded = header?.map { CSVLayout.fold($0) }
        var names: [Int: String] = [:]
        func resolve(_ ref: CSVProfile.ColumnRef) throws(MissingColumn) -> Int {
            switch ref {
            case .number(let number):
                if let header, number - 1 < header.count { names[number - 1] = header[number - 1] }
                return number - 1
            case .name(let name):
                guard let folded, let index = folded.firstIndex(of: CSVLayout.fold(name)) else {
                    throw MissingColumn(name: name)
                }
                names[index] = name
                return index
            }
        }
        func resolve(_ text: CSVProfile.TextSource?) throws(MissingColumn) -> Text? {
            guard let text else { return nil }
            switch text {
            case .column(let ref): return .column(try resolve(ref))
            case .joined(let refs):
                var indices: [Int] = []
                for ref in refs { indices.append(try resolve(ref)) }
                return .joined(indices)
            case .template(let template): return .template(try resolveParts(template.parts))
            }
        }
        func resolveParts(_ parts: [TextTemplate.Part]) throws(MissingColumn) -> [Part] {
            var result: [Part] = []
            for part in parts {
                switch part {
                case .literal(let text): result.append(.literal(Array(text.utf8)))
                case .cell(let ref): result.append(.cell(try resolve(ref)))
                case .optional(let inner): result.append(.optional(try resolveParts(inner)))
                }
            }
            return result
        }
        func resolve(_ test: CSVProfile.CellTest) throws(MissingColumn) -> Test {
            Test(column: try resolve(test.column), kind: test.kind, values: test.values.map { CSVLayout.lowered($0) })
        }
        date = try resolve(profile.date)
        dateFallback = try profile.dateFallback.map { (ref) throws(MissingColumn) in try resolve(ref) }
        switch profile.amount {
        case .signed(let ref):
            amount = .signed(try resolve(ref))
        case .debitCredit(let debit, let credit):
            amount = .debitCredit(debit: try resolve(debit), credit: try resolve(credit))
        case .indicator(let ref, let indicator, let debitValues, let creditValues):
            amount = .indicator(
                amount: try resolve(ref), indicator: try resolve(indicator),
                debitValues: debitValues.map { CSVLayout.lowered($0) },
                creditValues: creditValues.map { CSVLayout.lowered($0) })
        }
        if case .column(let ref) = profile.currency { currencyColumn = try resolve(ref) } else { currencyColumn = nil }
        payee = try resolve(profile.payee)
        var fallbacks: [Text] = []
        for source in profile.payeeFallback {
            if let text = try resolve(source) { fallbacks.append(text) }
        }
        payeeFallback = fallbacks
        memo = try resolve(profile.memo)
        type = try resolve(profile.type)
        category = try resolve(profile.category)
        checkNumber = try resolve(profile.checkNumber)
        account = try resolve(profile.account)
        accountName = try resolve(profile.accountName)
        status = try profile.status.map { (ref) throws(MissingColumn) in try resolve(ref) }
        pendingValues = profile.pendingValues.map { CSVLayout.lowered($0) }
        balance = try profile.balance.map { (ref) throws(MissingColumn) in try resolve(ref) }
        balanceBefore = try profile.balanceBefore.map { (ref) throws(MissingColumn) in try resolve(ref) }
        var skipRules: [(test: Test, reason: String)] = []
        for rule in profile.skipRules { skipRules.append((try resolve(rule.test), rule.reason)) }
        self.skipRules = skipRules
        var balanceRows: [(test: Test, kind: CSVProfile.BalanceRowRule.Kind, amountColumn: Int?)] = []
        for rule in profile.balanceRows {
            balanceRows.append(
                (
                    try resolve(rule.test), rule.kind,
                    try rule.amountColumn.map { (ref) throws(MissingColumn) in try resolve(ref) }
                ))
        }
        self.balanceRows = balanceRows
        columnNames = names
    }

    struct MissingColumn: Error {
        var name: String
    }

    /// How a column is named in messages: `'Paid Out'` or `column 3`.
    func describe(_ index: Int) -> String {
        if let name = columnNames[index] { return "'\(name)'" }
        return "column \(index + 1)"
    }

    /// Header cells compare trimmed, case-insensitively, without a byte-order mark.
    static func fold(_ text: String) -> String {
        var text = Substring(text)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        return String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            .lowercased()
    }

    /// ASCII lower case of trimmed text, as bytes.
    static func lowered(_ text: String) -> [UInt8] {
        Array(fold(text).utf8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }
}
