import AnalysisFile
import Ledger

extension MonthView {
    /// The health score, or nil when the analysis has none.
    static func healthScore(
        _ section: HealthScoreSection?, currency: Currency, text: (String) -> String
    )
        -> HealthScoreView?
    {
        guard let section else { return nil }
        // Seed 003's grade colours: Excellent green, Good blue, Fair orange, Needs Attention red,
        // each always beside its word.
        let tone =
            switch section.grade {
            case "Excellent": "grade-excellent"
            case "Good": "grade-good"
            case "Fair": "grade-fair"
            default: "grade-attention"
            }
        let components = section.components.map { component in
            var value = "—"
            if let measured = component.value {
                switch component.unit {
                case "percent": value = EngineValueFormatter.oneDecimal(measured) + "%"
                case "months": value = EngineValueFormatter.oneDecimal(measured) + " months"
                default:
                    let unit = Currency(code: component.unit) ?? currency
                    value = AmountFormatter.signedString(
                        Money(minorUnits: Int64((measured * Double(unit.scale)).rounded()), currency: unit))
                }
            }
            return HealthComponentView(
                name: text(componentName(component.name)), value: value,
                score: component.score.map { EngineValueFormatter.oneDecimal($0) + " / 100" } ?? "—",
                weight: PercentFormatter.string(component.weight), reason: component.reason.map(text) ?? "")
        }
        return HealthScoreView(
            score: String(section.score), grade: text(section.grade), tone: tone, components: components,
            note: section.note.map(text) ?? "", previousScore: section.previousScore.map(String.init) ?? "—",
            yearAgoScore: section.yearAgoScore.map(String.init) ?? "—")
    }

    /// `budgetAdherence` -> `Budget adherence`.
    static func componentName(_ name: String) -> String {
        switch name {
        case "savingsRate": "Savings rate"
        case "budgetAdherence": "Budget adherence"
        case "recurringRatio": "Recurring costs"
        case "emergencyFund": "Emergency fund"
        case "cashFlow": "Cash flow"
        default: name
        }
    }

    /// The cards by category, in the report's order of categories; categories with neither a card
    /// nor an omitted one are left out.
    static func insightGroups(
        _ report: MonthReport, directory: TransactionDirectory, text: (String) -> String
    ) -> [InsightGroupView] {
        let cards = report.sections.insights ?? []
        let omitted = report.sections.insightsOmitted ?? []
        return InsightGroupView.categories.compactMap { category in
            let views = cards.filter { $0.category == category.key }.map { card in
                InsightCardView(
                    title: text(card.title), message: text(card.message),
                    metric: EngineValueFormatter.metric(card.metric), severity: SeverityView(card.severity),
                    detail: detail(card, text: text),
                    transactions: directory.links(card.transactionIds, text: text))
            }
            let left = omitted.filter { $0.category == category.key }.map {
                "\(text(typeName($0.type))) (\(text($0.reason)))"
            }
            guard !views.isEmpty || !left.isEmpty else { return nil }
            return InsightGroupView(key: category.key, title: category.title, cards: views, omitted: left)
        }
    }

    /// `Jul 2026 21.0% · Aug 2026 24.3%`: month labels shortened, each value in its unit.
    static func detail(_ card: InsightEntry, text: (String) -> String) -> String {
        guard let points = card.detail, !points.isEmpty else { return "" }
        let unit = card.detailUnit ?? card.metric.unit
        return points.map { point in
            let label = YearMonth(point.label) != nil ? EngineValueFormatter.shortMonth(point.label) : text(point.label)
            let value: String
            switch unit {
            case "date": value = EngineValueFormatter.date(point.value)
            case "text": value = text(point.value)
            default: value = EngineValueFormatter.metric(InsightMetric(value: point.value, unit: unit))
            }
            return "\(label) \(value)"
        }.joined(separator: " · ")
    }

    /// `monthOverMonthChange` -> `Month over month change`.
    static func typeName(_ type: String) -> String {
        var words = ""
        for character in type {
            if character.isUppercase {
                words += " " + character.lowercased()
            } else {
                words.append(character)
            }
        }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    static func recommendations(
        _ report: MonthReport, directory: TransactionDirectory, text: (String) -> String
    ) -> [RecommendationView] {
        (report.sections.recommendations ?? []).map { entry in
            let saving = (try? Money.parse(entry.potentialSaving, currency: report.currency)).map { money in
                money.isZero ? "" : AmountFormatter.string(money) + " a month"
            }
            let moves = entry.amountToMove.map { amount in
                (try? Money.parse(amount, currency: report.currency)).map { AmountFormatter.string($0) + " a month" }
                    ?? EngineValueFormatter.plain(amount)
            }
            return RecommendationView(
                kind: text(typeName(entry.kind)), message: text(entry.message),
                saving: saving ?? EngineValueFormatter.plain(entry.potentialSaving), moves: moves ?? "",
                evidence: entry.evidence.map(text), transactions: directory.links(entry.transactionIds, text: text))
        }
    }

    static func recurringRows(_ report: MonthReport, text: (String) -> String) -> [RecurringRowView] {
        (report.sections.recurring ?? []).map { entry in
            let currency = Currency(code: entry.currency)
            let amount = currency.flatMap { try? Money.parse(entry.amount, currency: $0) }
            var amountText = EngineValueFormatter.plain(entry.amount + " " + entry.currency)
            if let amount {
                let size = amount.isNegative ? (amount.negated ?? amount) : amount
                amountText = AmountFormatter.string(size) + (amount.isNegative ? " out" : " in")
            }
            let status: String
            let statusTone: String
            switch entry.status {
            case "active": (status, statusTone) = ("Active", "flat")
            case "missed":
                status = "Missed" + (entry.expectedDate.map { " (due \(EngineValueFormatter.date($0)))" } ?? "")
                statusTone = "bad"
            case "ended": (status, statusTone) = ("Ended", "flat")
            default: (status, statusTone) = (text(entry.status), "flat")
            }
            return RecurringRowView(
                payee: text(entry.payee), category: text(entry.category), cadence: text(cadenceName(entry.cadence)),
                amount: amountText,
                monthly: entry.monthlyAmount.map { EngineValueFormatter.magnitude($0, report.currency) } ?? "—",
                nextDate: entry.status == "ended" ? "—" : EngineValueFormatter.date(entry.nextDate),
                status: status, statusTone: statusTone,
                priceChanges: entry.priceChanges.map { change in
                    let from = EngineValueFormatter.magnitude(change.from, currency ?? report.currency)
                    let to = EngineValueFormatter.magnitude(change.to, currency ?? report.currency)
                    return "\(from) → \(to) on \(EngineValueFormatter.date(change.date))"
                })
        }
    }

    /// `fourWeekly` -> `Every four weeks`.
    static func cadenceName(_ cadence: String) -> String {
        switch cadence {
        case "weekly": "Weekly"
        case "fortnightly": "Fortnightly"
        case "fourWeekly": "Every four weeks"
        case "monthly": "Monthly"
        case "quarterly": "Quarterly"
        case "halfYearly": "Twice a year"
        case "yearly": "Yearly"
        default: cadence
        }
    }

    /// `12 active: £245.97 a month out, £3,450.00 in.`, or empty.
    static func recurringSummary(_ totals: MonthReport.RecurringTotals?) -> String {
        guard let totals else { return "" }
        var sentence =
            "\(count(totals.activeCount)) active: \(AmountFormatter.string(totals.monthlyOut)) a month out"
        if totals.monthlyIn.isPositive { sentence += ", \(AmountFormatter.string(totals.monthlyIn)) a month in" }
        if totals.unconverted > 0 {
            sentence += " (\(count(totals.unconverted)) in a currency with no rate left out)"
        }
        return sentence + "."
    }
}
