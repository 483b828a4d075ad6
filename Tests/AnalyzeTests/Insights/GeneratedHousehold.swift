import Ledger
import TestSupport

/// Households of four shapes (salaried, self-employed, retired, a student), two years of steady
/// months each, made by a small deterministic generator so that every run sees the same ledger.
///
/// Steady means what a person would call an ordinary month: the same rent and bills, weekly
/// groceries and a few meals out that vary by a few pounds, yearly insurance in its month, and
/// income of the shape's kind (a salary; invoices from several clients; a 4-weekly state pension
/// and a monthly private one; a student loan three times a year and weekly wages). Nothing in it
/// is news, so a month's "What needs attention" should hold at most one item.
struct GeneratedHousehold {
    enum Shape: String, CaseIterable, Sendable {
        case salaried, selfEmployed, retired, student
    }

    typealias Row = (day: Int, pence: Int64, payee: String, category: String)

    static let first = YearMonth(year: 2025, month: 1)!
    static let monthCount = 24

    /// The same numbers on every machine (`SplitMix64`).
    typealias Generator = SplitMix64

    let shape: Shape
    let seed: UInt64

    /// The month `offset` months after `first`'s rows, every amount in pence (money out negative).
    func rows(_ offset: Int, _ random: inout Generator) -> [Row] {
        let month = Self.first.adding(months: offset)
        let last = CivilDate.daysIn(year: month.year, month: month.month)
        var rows: [Row] = []
        func everyday(shops: [String], weekly: ClosedRange<Int64>, meals: ClosedRange<Int64>) {
            for day in [4, 11, 18, 25] {
                rows.append((day, -random.uniform(weekly), random.pick(shops), "Food:Groceries"))
            }
            for _ in 0..<Int(random.uniform(1...3)) {
                rows.append((Int(random.uniform(1...28)), -random.uniform(400...1_800), "CO-OP", "Food:Groceries"))
            }
            for _ in 0..<Int(random.uniform(1...3)) {
                rows.append(
                    (
                        Int(random.uniform(1...28)), -random.uniform(meals),
                        random.pick(["PIZZA EXPRESS", "NANDOS", "WAGAMAMA", "THE RED LION", "PRET", "FIVE GUYS"]),
                        "Food:Dining"
                    ))
            }
            for _ in 0..<Int(random.uniform(0...2)) {
                rows.append(
                    (
                        Int(random.uniform(1...28)), -random.uniform(800...6_500),
                        random.pick(["AMAZON", "ARGOS", "BOOTS", "H&M", "WHSMITH"]), "Shopping:General"
                    ))
            }
        }
        switch shape {
        case .salaried:
            rows += [
                (1, -105_000, "CASTLE LETTINGS", "Housing:Rent"), (1, -14_200, "TRAINLINE", "Transport:Travel"),
                (2, -14_800, "CITY COUNCIL", "Bills:Council Tax"), (3, -2_999, "PUREGYM", "Health:Fitness"),
                (5, -9_600, "OCTOPUS ENERGY", "Bills:Utilities"), (6, -3_800, "SEVERN TRENT", "Bills:Utilities"),
                (8, -1_099, "NETFLIX", "Entertainment:Streaming"), (9, -1_600, "GIFFGAFF", "Bills:Phone"),
                (12, -3_200, "BT", "Bills:Internet"), (25, 295_000, "NORTHWIND PAYROLL", "Income:Salary"),
            ]
            if month.month == 3 { rows.append((1, -43_200, "ADMIRAL", "Insurance:Car")) }
            everyday(shops: ["TESCO", "SAINSBURYS"], weekly: 5_500...9_500, meals: 1_400...5_500)
        case .selfEmployed:
            rows += [
                (1, -125_000, "HARBOUR LETTINGS", "Housing:Rent"), (2, -16_100, "CITY COUNCIL", "Bills:Council Tax"),
                (5, -11_200, "EDF ENERGY", "Bills:Utilities"), (9, -2_000, "VODAFONE", "Bills:Phone"),
                (12, -3_500, "VIRGIN MEDIA", "Bills:Internet"), (15, -1_598, "ADOBE", "Business:Software"),
            ]
            if month.month == 1 || month.month == 7 {
                rows.append((min(31, last), -140_000, "HMRC SELF ASSESSMENT", "Taxes:Income"))
            }
            if month.month == 6 { rows.append((10, -51_000, "DIRECT LINE", "Insurance:Car")) }
            for _ in 0..<Int(random.uniform(1...3)) {
                rows.append(
                    (
                        Int(random.uniform(1...28)), random.uniform(90_000...210_000),
                        random.pick(["ACME LTD", "GLOBEX", "INITECH", "UMBRELLA CORP", "HOOLI"]), "Income:Invoices"
                    ))
            }
            for _ in 0..<Int(random.uniform(1...3)) {
                rows.append((Int(random.uniform(1...28)), -random.uniform(3_500...6_500), "SHELL", "Transport:Fuel"))
            }
            everyday(shops: ["TESCO", "ASDA"], weekly: 6_000...10_500, meals: 1_500...6_000)
        case .retired:
            rows += [
                (1, 61_240, "AVIVA PENSION", "Income:Pension"), (2, -16_500, "CITY COUNCIL", "Bills:Council Tax"),
                (5, -12_000, "BRITISH GAS", "Bills:Utilities"), (6, -4_200, "SEVERN TRENT", "Bills:Utilities"),
                (10, -2_400, "BT", "Bills:Phone"), (15, -1_000, "OXFAM", "Gifts:Charity"),
            ]
            if month.month == 4 { rows.append((1, -16_950, "TV LICENSING", "Bills:TV Licence")) }
            if month.month == 10 { rows.append((12, -28_500, "SAGA HOME", "Insurance:Home")) }
            // The state pension every four weeks from 6 January 2025.
            let start = CivilDate(year: 2025, month: 1, day: 6)!.dayNumber
            for day in 1...last {
                let date = CivilDate(year: month.year, month: month.month, day: day)!
                if (date.dayNumber - start) % 28 == 0 {
                    rows.append((day, 88_400, "DWP STATE PENSION", "Income:Pension"))
                }
            }
            for _ in 0..<Int(random.uniform(1...2)) {
                rows.append((Int(random.uniform(1...28)), -random.uniform(3_000...5_500), "BP", "Transport:Fuel"))
            }
            everyday(shops: ["WAITROSE", "ALDI"], weekly: 4_000...7_500, meals: 1_200...4_500)
        case .student:
            rows += [
                (1, -56_000, "UNITE STUDENTS", "Housing:Rent"), (1, 15_000, "MUM", "Income:Gifts"),
                (9, -1_000, "GIFFGAFF", "Bills:Phone"), (14, -599, "SPOTIFY", "Entertainment:Streaming"),
            ]
            let loan = [1: 12, 4: 20, 9: 22]
            if let day = loan[month.month] { rows.append((day, 295_000, "STUDENT LOANS CO", "Income:Loan")) }
            // Wages every Friday.
            for day in 1...last {
                let date = CivilDate(year: month.year, month: month.month, day: day)!
                if (date.dayNumber % 7 + 7) % 7 == 1 {
                    rows.append((day, random.uniform(9_500...16_000), "BEAN CAFE LTD", "Income:Salary"))
                }
            }
            everyday(shops: ["LIDL", "ALDI"], weekly: 2_500...4_500, meals: 800...2_200)
        }
        return rows
    }

    var journal: Journal {
        var random = Generator(seed: seed &* 0x1000_0001 &+ UInt64(Shape.allCases.firstIndex(of: shape)!))
        var transactions: [Transaction] = []
        for offset in 0..<Self.monthCount {
            let month = Self.first.adding(months: offset)
            for row in rows(offset, &random) {
                transactions.append(
                    Transaction(
                        id: TransactionID("g\(transactions.count)"), account: "current",
                        date: CivilDate(year: month.year, month: month.month, day: row.day)!,
                        amount: Money(minorUnits: row.pence, currency: .gbp), payee: row.payee,
                        category: CategoryPath(row.category),
                        source: SourceLocation(file: "inbox/generated.csv", line: transactions.count + 1)))
            }
        }
        transactions.sort { ($0.date, $0.id.rawValue) < ($1.date, $1.id.rawValue) }
        let start = Self.first.firstDay
        let accounts = [
            Account(
                id: "current", name: "Current", kind: .checking, currency: .gbp,
                openingBalance: Money(minorUnits: 250_000, currency: .gbp), openingDate: start),
            Account(
                id: "saver", name: "Saver", kind: .savings, currency: .gbp,
                openingBalance: Money(minorUnits: 900_000, currency: .gbp), openingDate: start),
        ]
        return Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: transactions)
    }
}

extension SplitMix64 {
    /// A whole number in `range`.
    mutating func uniform(_ range: ClosedRange<Int64>) -> Int64 {
        range.lowerBound + Int64(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
