/// One of seed 003's five parts of the Financial Health Score, measured for a month.
struct HealthComponent: Sendable {
    var name: String
    /// Seed 003's weight.
    var weight: Double
    var unit: String
    /// The measured value and its 0...100 score; nil when the month has no data for it.
    var measured: (value: Double, score: Double)?
    var reason: String?
}
