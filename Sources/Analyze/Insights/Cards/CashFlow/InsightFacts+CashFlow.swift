import AnalysisFile
import Ledger

extension InsightFacts {
    /// Income minus expenses of each of the last `count` months of the data (this one included),
    /// oldest first; a month without transactions inside the data nets 0.
    func monthlyNets(_ count: Int) -> [(month: YearMonth, net: Int64)] {
        window(count).map { ($0, Int64(clamping: context.flows(of: $0)?.net ?? 0)) }
    }

    /// The detail series of net cash flow by month (label `YYYY-MM`, value decimal money).
    func netPoints(_ nets: [(month: YearMonth, net: Int64)]) -> [InsightPoint] {
        nets.map { InsightPoint(label: $0.month.description, value: decimal($0.net)) }
    }

    /// "took in £X more than you spent" or "spent £X more than you took in", for a month's net.
    func netPhrase(_ net: Int64) -> String {
        net >= 0 ? "took in \(money(net)) more than you spent" : "spent \(money(-net)) more than you took in"
    }
}
