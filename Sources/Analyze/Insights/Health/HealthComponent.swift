/// One of seed 003's five parts of the Financial Health Score, measured for a month.
struct HealthComponent: Sendable, Equatable {
    var name: String
    /// Seed 003's weight.
    var weight: Double
    var unit: String
    /// The measured value and its 0...100 score; nil when the month has no data for it.
    var measured: (value: Double, score: Double)?
    var reason: String?

    static func == (lhs: HealthComponent, rhs: HealthComponent) -> Bool {
        lhs.name == rhs.name && lhs.weight == rhs.weight && lhs.unit == rhs.unit
            && lhs.measured?.value == rhs.measured?.value && lhs.measured?.score == rhs.measured?.score
            && lhs.reason == rhs.reason
    }
}
