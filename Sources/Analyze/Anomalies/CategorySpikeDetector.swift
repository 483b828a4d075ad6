import Ledger

/// Flags a category whose month total is far above its recent months: mean + 2σ of the previous
/// 6 to 12 months.
///
/// σ is the sample standard deviation of those months, floored like `StatisticalDetector`'s scale
/// (`relativeFloor` of the mean, `absoluteFloor` minor units) so that a category that costs the same
/// every month does not flag a small rise. The risk is `RiskScore.deviation(z:)` of the same z.
///
/// A category needs spending in `minimumActiveMonths` of those months to have a usual level at all:
/// a first sofa in a category never used before is a one-off purchase, which the transaction
/// detectors judge, not a month whose spending rose.
///
/// Materiality: the rise above the usual (total − mean) must also be at least `materialShareOfMonth`
/// (5%, the share of the month from which a shortfall is critical, `Materiality`) of the household's
/// expenses in the month: a category that moves the whole month by less is not money a person
/// would act on. Fuel 79.61 above its usual at 3.0σ in a month of 2,300.00 (3.5%) is not news;
/// twelve months' σ of a category paid one to three times a month is passed by chance now and then,
/// and across a household's dozen categories some month every year.
///
/// Judged against the category's own spread: a month with no more purchases than the category's
/// busiest month of the window, at an average purchase no dearer than its dearest month's average,
/// is a mix of things the category has already shown (three meals out in a month that has had
/// three, each of a usual price), a busy month rather than a spike. A category paid a few times a
/// month swings with its count of purchases, more than twelve months' σ shows, so mean + 2σ alone
/// is passed by chance now and then in every such category. A dearer average or more purchases
/// than the window has seen still speak.
public struct CategorySpikeDetector: Sendable, Equatable {
    /// Previous months needed before a month can be a spike.
    public static let minimumMonths = 6
    /// Previous months with spending needed for a usual level.
    public static let minimumActiveMonths = 3
    /// Previous months looked at (the latest ones).
    public static let maximumMonths = 12
    /// Standard deviations above the mean from which a total is a spike.
    public static let threshold = 2.0
    public static let relativeFloor = 0.10
    public static let absoluteFloor = 100.0
    /// The rise above the usual, as a share of the month's expenses, from which a spike is news.
    public static let materialShareOfMonth = 0.05

    public init() {}

    /// The anomaly for `category` in `month`, or nil.
    public func evaluate(_ category: CategoryMonth, month: YearMonth, money: MoneyPhrase) -> Anomaly? {
        let previous = category.previousTotals.suffix(Self.maximumMonths)
        guard previous.count >= Self.minimumMonths, category.total > 0,
            previous.filter({ $0 > 0 }).count >= Self.minimumActiveMonths
        else { return nil }
        let statistics = SampleStatistics(previous.map { Double($0) })
        let mean = statistics.mean
        let sigma = max(statistics.standardDeviation, Self.relativeFloor * abs(mean), Self.absoluteFloor)
        let z = (Double(category.total) - mean) / sigma
        guard z > Self.threshold else { return nil }
        guard Double(category.total) - mean >= Self.materialShareOfMonth * Double(category.monthExpenses) else {
            return nil
        }
        guard !Self.isBusyMonth(category) else { return nil }
        let usual = Int64(mean.rounded(.toNearestOrEven))
        let zText = (z * 10).rounded() / 10
        let reason =
            "\(category.category) spending of \(money.format(category.total)) is "
            + "\(money.format(category.total - usual)) above the usual \(money.format(usual)) a month "
            + "(\(zText) standard deviations, last \(previous.count) months)"
        return Anomaly(
            kind: .categorySpike, date: month.lastDay, payee: "", category: category.category,
            amount: -category.total, risk: RiskScore.rounded(RiskScore.deviation(z: z)), reason: reason,
            transactionIDs: [])
    }

    /// True when the month has no more purchases than the window's busiest month and its average
    /// purchase is no dearer than the window's dearest monthly average: a combination the category
    /// has shown before. False when the counts are not known.
    static func isBusyMonth(_ category: CategoryMonth) -> Bool {
        let window = Self.maximumMonths
        let counts = category.previousCounts.suffix(window)
        let totals = category.previousTotals.suffix(window)
        guard category.count > 0, counts.count == totals.count else { return false }
        var busiest = 0
        var dearest = 0.0
        for (total, count) in zip(totals, counts) where count > 0 && total > 0 {
            busiest = max(busiest, count)
            dearest = max(dearest, Double(total) / Double(count))
        }
        return busiest > 0 && category.count <= busiest
            && Double(category.total) / Double(category.count) <= dearest
    }
}
