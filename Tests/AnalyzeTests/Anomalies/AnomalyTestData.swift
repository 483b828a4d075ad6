import Ledger

@testable import Analyze

/// Small builders shared by the anomaly tests.
enum AnomalyTestData {
    static let money = MoneyPhrase(currency: .gbp)

    static func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

    static func candidate(
        _ id: String, _ iso: String, _ amount: Int64, payee: String = "SHOP", category: String = "Shopping",
        account: String = "current", currency: String = "GBP"
    ) -> AnomalyCandidate {
        AnomalyCandidate(
            id: id, date: date(iso), account: account, payee: payee, category: category, amount: amount,
            currency: currency)
    }
}
