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
    /// A fee taken on top of the amount (see `CSVProfile.fee`).
    let fee: Int?
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
    /// Statement balances repeated on every row (see `CSVProfile.statementOpeningBalance`).
    let statementOpeningBalance: Int?
    let statementClosingBalance: Int?
    let skipRules: [(test: Test, reason: String)]
    let balanceRows: [(test: Test, kind: CSVProfile.BalanceRowRule.Kind, amountColumn: Int?)]
    /// Header names by index, for messages.
    let columnNames: [Int: String]

    /// Columns the profile reads that this header lacks and that the layout does without
    /// (a payee fallback, a balance column an older export does not have).
    let missingOptionalColumns: [String]

    /// Resolves `profile` against `header` (nil for headerless layouts). The date and amount
    /// columns must be there (else throws the missing name); other columns may be missing and are
    /// then left out, as are row rules that test a missing column.
    init(profile: CSVProfile, header: [String]?) throws(MissingColumn) {
        self.profile = profile
        let folded = header?.map { CSVLayout.fold($0) }
        var names: [Int: String] = [:]
        var missing: [String] = []
        func find(_ ref: CSVProfile.ColumnRef) -> Int? {
            switch ref {
            case .number(let number):
                if let header, number - 1 < header.count { names[number - 1] = header[number - 1] }
                return number - 1
            case .name(let name):
                guard let folded, let index = folded.firstIndex(of: CSVLayout.fold(name)) else { return nil }
                names[index] = name
                return index
            }
        }
        func required(_ ref: CSVProfile.ColumnRef) throws(MissingColumn) -> Int {
            guard let index = find(ref) else {
                if case .name(let name) = ref { throw MissingColumn(name: name) }
                return 0
            }
            return index
        }
        func optional(_ ref: CSVProfile.ColumnRef?) -> Int? {
            guard let ref else { return nil }
            guard let index = find(ref) else {
                if case .name(let name) = ref, !missing.contains(name) { missing.append(name) }
                return nil
            }
            return index
        }
        func text(_ source: CSVProfile.TextSource?) -> Text? {
            guard let source else { return nil }
            switch source {
            case .column(let ref):
                return optional(ref).map { .column($0) }
            case .joined(let refs):
                let indices = refs.compactMap { optional($0) }
                return indices.isEmpty ? nil : .joined(indices)
            case .template(let template):
                return .template(resolveParts(template.parts))
            }
        }
        func resolveParts(_ parts: [TextTemplate.Part]) -> [Part] {
            var result: [Part] = []
            for part in parts {
                switch part {
                case .literal(let text): result.append(.literal(Array(text.utf8)))
                // A missing cell reads as empty (an index past every row).
                case .cell(let ref): result.append(.cell(optional(ref) ?? Int.max))
                case .optional(let inner): result.append(.optional(resolveParts(inner)))
                }
            }
            return result
        }
        func test(_ test: CSVProfile.CellTest) -> Test? {
            guard let column = optional(test.column) else { return nil }
            return Test(column: column, kind: test.kind, values: test.values.map { CSVLayout.lowered($0) })
        }
        date = try required(profile.date)
        dateFallback = optional(profile.dateFallback)
        switch profile.amount {
        case .signed(let ref):
            amount = .signed(try required(ref))
        case .debitCredit(let debit, let credit):
            amount = .debitCredit(debit: try required(debit), credit: try required(credit))
        case .indicator(let ref, let indicator, let debitValues, let creditValues):
            amount = .indicator(
                amount: try required(ref), indicator: try required(indicator),
                debitValues: debitValues.map { CSVLayout.lowered($0) },
                creditValues: creditValues.map { CSVLayout.lowered($0) })
        }
        fee = optional(profile.fee)
        if case .column(let ref) = profile.currency { currencyColumn = optional(ref) } else { currencyColumn = nil }
        payee = text(profile.payee)
        payeeFallback = profile.payeeFallback.compactMap { text($0) }
        memo = text(profile.memo)
        type = text(profile.type)
        category = text(profile.category)
        checkNumber = text(profile.checkNumber)
        account = text(profile.account)
        accountName = text(profile.accountName)
        status = optional(profile.status)
        pendingValues = profile.pendingValues.map { CSVLayout.lowered($0) }
        balance = optional(profile.balance)
        balanceBefore = optional(profile.balanceBefore)
        statementOpeningBalance = optional(profile.statementOpeningBalance)
        statementClosingBalance = optional(profile.statementClosingBalance)
        var skipRules: [(test: Test, reason: String)] = []
        for rule in profile.skipRules {
            if let resolved = test(rule.test) { skipRules.append((resolved, rule.reason)) }
        }
        self.skipRules = skipRules
        var balanceRows: [(test: Test, kind: CSVProfile.BalanceRowRule.Kind, amountColumn: Int?)] = []
        for rule in profile.balanceRows {
            if let resolved = test(rule.test) { balanceRows.append((resolved, rule.kind, optional(rule.amountColumn))) }
        }
        self.balanceRows = balanceRows
        columnNames = names
        missingOptionalColumns = missing
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
        // Trimmed in place: building a `String` from a reversed collection of characters cost
        // tens of thousands of instructions per cell, and every CSV file's first lines are folded.
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text).lowercased()
    }

    /// ASCII lower case of trimmed text, as bytes.
    static func lowered(_ text: String) -> [UInt8] {
        Array(fold(text).utf8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }
}
