/// Dated exchange rates into the base currency, from the workspace's `rates.csv`.
///
/// `date,currency,rate` means one unit of `currency` is worth `rate` units of the base currency
/// from `date` until that currency's next row. An amount converts at the rate in force on its own
/// date; a date before a currency's first row has no rate, and no rate is ever invented.
public struct RateTable: Sendable, Equatable {
    public let base: Currency
    /// Per currency, its rows sorted by day number.
    private var rows: [Currency: [(day: Int, rate: ExchangeRate)]]
    /// Lines of `rates.csv` that do nothing, as compiler-style warnings: a rate for the base
    /// currency (1 by definition; such a line was skipped in silence).
    public var warnings: [String] = []
    /// True when read from the ECB's file of every currency it quotes (unused ones are expected).
    public var isReferenceFile = false

    public init(base: Currency, rates: [Currency: [(date: CivilDate, rate: ExchangeRate)]] = [:]) {
        self.base = base
        rows = rates.mapValues { list in list.map { ($0.date.dayNumber, $0.rate) }.sorted { $0.day < $1.day } }
    }

    public static func == (lhs: RateTable, rhs: RateTable) -> Bool {
        lhs.base == rhs.base && lhs.rows.keys == rhs.rows.keys
            && lhs.rows.allSatisfy { key, value in
                guard let other = rhs.rows[key], other.count == value.count else { return false }
                return zip(value, other).allSatisfy { $0.day == $1.day && $0.rate == $1.rate }
            }
    }

    /// The currencies that have at least one rate.
    public var currencies: [Currency] { rows.keys.sorted() }

    /// The rate in force on `day` (a `CivilDate.dayNumber`), nil when there is none.
    public func rate(for currency: Currency, onDay day: Int) -> ExchangeRate? {
        guard let list = rows[currency], !list.isEmpty, list[0].day <= day else { return nil }
        var low = 0
        var high = list.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if list[middle].day <= day { low = middle } else { high = middle - 1 }
        }
        return list[low].rate
    }

    /// `minorUnits` of `currency` on `day` in base minor units; the amount itself for the base
    /// currency; nil when no rate is in force (or the result overflows).
    public func toBase(_ minorUnits: Int64, _ currency: Currency, onDay day: Int) -> Int64? {
        if currency == base { return minorUnits }
        guard let rate = rate(for: currency, onDay: day) else { return nil }
        return rate.convert(minorUnits, from: currency, to: base)
    }

    /// Reads `rates.csv`; `path` is used in messages. The ECB's `eurofxref-hist.csv`, saved as
    /// `rates.csv` exactly as downloaded, is read as its cross rates into `base`
    /// (`ECBReferenceRates`).
    public static func parse(_ text: String, path: String, base: Currency) throws(WorkspaceTableError) -> RateTable {
        let (lines, isReferenceFile) = try RateRow.read(text, path: path, base: base)
        var rates: [Currency: [(date: CivilDate, rate: ExchangeRate)]] = [:]
        var warnings: [String] = []
        for row in lines {
            let (date, currency, rate) = (row.date, row.currency, row.rate)
            if currency == base {
                warnings.append(
                    "\(path):\(row.line):\(row.currencyColumn): warning: a rate for \(base.code), the base currency, which "
                        + "is 1 by definition: the line is not used (rates convert other currencies into \(base.code))")
                continue
            }
            rates[currency, default: []].append((date, rate))
        }
        var result = RateTable(base: base, rates: rates)
        result.warnings = warnings
        result.isReferenceFile = isReferenceFile
        return result
    }
}
