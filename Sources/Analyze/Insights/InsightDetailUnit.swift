/// The unit of a card's detail values where it is not the unit of the card's headline metric (a
/// percentage card such as `categoryTrend` details the amounts behind it). The engine writes it
/// into the analysis file as `detailUnit`, money as the base currency's code, so that the report
/// formats each value without knowing any card by name.
public enum InsightDetailUnit: String, Sendable {
    case money
    case percent
    case days
    case date
    case text
}
