import Ledger

/// What the data rows show about one column: how full it is, and how many of its cells are dates,
/// numbers, currency codes or text; the values its numbers take; what its header name hints.
struct ColumnEvidence {
    /// 0-based.
    let index: Int
    /// The header cell, nil for headerless files (or a header shorter than the rows).
    let header: String?
    let hints: [HeaderVocabulary.Hint]
    /// Data rows seen, and how many of them have something in this column.
    private(set) var rows = 0
    private(set) var filled = 0
    private(set) var dates = 0
    private(set) var numbers = 0
    private(set) var negatives = 0
    /// Numbers with digits after the decimal mark.
    private(set) var fractions = 0
    /// Numbers that are zero.
    private(set) var zeros = 0
    /// Numbers written with a trailing minus (`12.50-`).
    private(set) var trailingMinus = 0
    /// Numbers written with a leading `+` (`+500.00`), and per data row whether its cell is one.
    private(set) var pluses = 0
    private(set) var plusRows: [Bool] = []
    /// Numbers with a leading zero before other digits (`000123`): codes, not amounts.
    private(set) var leadingZeros = 0
    private(set) var currencyCodes = 0
    /// Cells with at least one letter.
    private(set) var lettered = 0
    private(set) var totalLength = 0
    /// Distinct values (folded), up to `distinctLimit`.
    private(set) var distinct: [String: Int] = [:]
    /// Text cells padded with runs of spaces inside (fixed-width text put into a cell).
    private(set) var padded = 0
    /// Cells that look like an IBAN or a long account number.
    private(set) var accountNumbers = 0
    /// Per data row, the number the cell holds (in units of 1/10,000), or nil.
    private(set) var values: [Int64?] = []
    /// Per data row, the cell as written.
    private(set) var cells: [String] = []

    static let distinctLimit = 64
    /// Amounts are compared in ten-thousandths: every currency's minor unit divides it.
    static let valueCurrency = Currency(code: "XXX", exponent: 4)

    init(index: Int, header: String?) {
        self.index = index
        self.header = header
        hints = header.map { HeaderVocabulary.hints(for: $0) } ?? []
    }

    mutating func observe(_ cell: String, style: DecimalStyle, trailingMinusStyle: Bool) {
        plusRows.append(cell.first == "+")
        rows += 1
        cells.append(cell)
        guard !cell.isEmpty else {
            values.append(nil)
            return
        }
        filled += 1
        totalLength += cell.count
        let folded = cell.lowercased()
        if distinct.count < ColumnEvidence.distinctLimit || distinct[folded] != nil {
            distinct[folded, default: 0] += 1
        }
        if cell.utf8.contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) { lettered += 1 }
        if ColumnEvidence.isCurrencyCode(cell) { currencyCodes += 1 }
        if ColumnEvidence.isAccountNumber(cell) { accountNumbers += 1 }
        if cell.contains("   ") { padded += 1 }
        switch CellShape(cell) {
        case .date:
            dates += 1
            values.append(nil)
        case .number:
            let value = ColumnEvidence.number(cell, style: style, trailingMinus: trailingMinusStyle)
            values.append(value)
            guard let value else { return }
            numbers += 1
            if value < 0 { negatives += 1 }
            if value == 0 { zeros += 1 }
            if value % 10_000 != 0 { fractions += 1 }
            if ColumnEvidence.hasTrailingMinus(cell) { trailingMinus += 1 }
            if cell.first == "+" { pluses += 1 }
            let digits = cell.utf8.filter(AmountCell.isDigit)
            if digits.count > 1, digits.first == UInt8(ascii: "0"), !cell.contains(where: { $0 == "." || $0 == "," }) {
                leadingZeros += 1
            }
        case .empty, .text:
            values.append(nil)
        }
    }

    /// Whether `cell` writes its minus after the digits (`12.50-`), also before a currency code or
    /// symbol (`12,50- EUR`).
    static func hasTrailingMinus(_ cell: String) -> Bool {
        var bytes = cell.utf8[...]
        while let last = bytes.last, last == 0x20 || AmountCell.isSymbolByte(last) { bytes = bytes.dropLast() }
        guard bytes.last == UInt8(ascii: "-") else { return false }
        return bytes.dropLast().last.map(AmountCell.isDigit) ?? false
    }

    /// The number in `cell`, in ten-thousandths, or nil when it does not read as one.
    static func number(_ cell: String, style: DecimalStyle, trailingMinus: Bool) -> Int64? {
        var bytes = Array(cell.utf8)
        var scratch: [UInt8] = []
        let result = bytes.withUnsafeMutableBufferPointer { buffer in
            AmountCell.parse(
                UnsafeBufferPointer(buffer), currency: valueCurrency, style: style, trailingMinus: trailingMinus,
                scratch: &scratch, excess: .roundHalfEven)
        }
        if case .success(let money) = result { return money.minorUnits }
        return nil
    }

    // MARK: - What the evidence says

    func strength(of role: HeaderVocabulary.Role) -> Int {
        hints.first { $0.role == role }?.strength ?? 0
    }

    var fillRatio: Double { rows == 0 ? 0 : Double(filled) / Double(rows) }

    /// Most filled cells are dates.
    var isDateColumn: Bool { filled > 0 && Double(dates) >= 0.8 * Double(filled) }

    /// Most filled cells are numbers.
    var isNumeric: Bool { filled > 0 && Double(numbers) >= 0.9 * Double(filled) }

    /// Numbers that could be money: not codes or identifiers (no fractions, no signs, long or
    /// zero-padded digits), unless the header says money.
    var couldBeMoney: Bool {
        guard isNumeric, numbers > 0 else { return false }
        let named = [.amount, .debit, .credit, .balance].contains { strength(of: $0) > 0 }
        if named { return true }
        if leadingZeros > 0 { return false }
        if fractions == 0 && negatives == 0 {
            // Whole positive numbers of six digits or more, or all the same length: identifiers.
            let lengths = Set(distinct.keys.map { $0.utf8.filter(AmountCell.isDigit).count })
            if lengths.allSatisfy({ $0 >= 6 }) { return false }
            if lengths.count == 1 && distinct.count > 2 && (lengths.first ?? 0) >= 4 { return false }
        }
        return true
    }

    /// Text that tells rows apart (names, descriptions), as opposed to codes and constants.
    var isText: Bool {
        filled > 0 && Double(lettered) >= 0.5 * Double(filled) && !isDateColumn && !isNumeric
            && Double(currencyCodes) < 0.8 * Double(filled)
    }

    /// Every number is zero (a fee column with nothing charged): it cannot be the amount.
    var isAllZero: Bool { numbers > 0 && zeros == numbers }

    /// The same number on every row that has one (an exchange rate of 1). It cannot be a balance,
    /// which moves with every amount; from three rows on it cannot be the amount either.
    var isConstantNumber: Bool {
        guard numbers >= 2, let first = values.first(where: { $0 != nil }) else { return false }
        return values.allSatisfy { $0 == nil || $0 == first }
    }

    /// True when the column could hold the amounts: not zero throughout, not one number repeated.
    var couldBeAmount: Bool { couldBeMoney && numbers > 0 && !isAllZero && !(isConstantNumber && numbers >= 3) }

    /// True when the column could be a running balance.
    var couldBeBalance: Bool { couldBeMoney && !isConstantNumber }

    /// The same value on every row (the account holder's name, a fixed label).
    var isConstant: Bool { filled >= 2 && distinct.count == 1 }

    /// How much a text column says about its rows: fuller, more varied and longer is better.
    var textScore: Double {
        guard isText else { return 0 }
        let variety = Double(distinct.count) / Double(max(1, min(filled, ColumnEvidence.distinctLimit)))
        let length = Double(totalLength) / Double(filled)
        return fillRatio * (0.2 + variety) * min(length, 40)
    }

    /// Every filled cell is an ISO currency code.
    var isCurrencyColumn: Bool { filled > 0 && currencyCodes == filled }

    /// Every filled cell is an account number, with few distinct values.
    var isAccountColumn: Bool { filled > 0 && accountNumbers == filled && distinct.count <= 4 }

    /// The codes banks write most; a three-letter word such as `ATM` or `POS` is not a currency.
    static let commonCurrencies: Set<String> = [
        "EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "RON",
        "BGN", "HRK", "RUB", "RUR", "UAH", "TRY", "LTL", "LVL", "EEK", "INR", "CNY", "HKD", "SGD", "ZAR", "BRL",
        "MXN", "ARS", "CLP", "COP", "PEN", "ILS", "AED", "SAR", "JOD", "KWD", "BHD", "THB", "KRW", "IDR", "MYR",
        "PHP", "ISK", "RSD", "BYN", "KZT", "GEL", "MAD", "EGP", "NGN", "KES", "TWD", "VND",
    ]

    static func isCurrencyCode(_ cell: String) -> Bool {
        cell.utf8.count == 3 && commonCurrencies.contains(cell.uppercased())
    }

    /// An IBAN (`NL99KNAB0123456789`, spaces allowed) or 8 to 20 digits (`'1234567890` too).
    static func isAccountNumber(_ cell: String) -> Bool {
        var bytes = Array(cell.utf8.filter { $0 != 0x20 })
        if bytes.first == UInt8(ascii: "'") { bytes.removeFirst() }
        let isUpper: (UInt8) -> Bool = { $0 >= 0x41 && $0 <= 0x5A }
        if bytes.count >= 15, bytes.count <= 34, isUpper(bytes[0]), isUpper(bytes[1]), AmountCell.isDigit(bytes[2]),
            AmountCell.isDigit(bytes[3]), bytes.allSatisfy({ isUpper($0) || AmountCell.isDigit($0) || $0 == 0x58 })
        {
            return true
        }
        return bytes.count >= 8 && bytes.count <= 20 && bytes.allSatisfy(AmountCell.isDigit)
    }
}
