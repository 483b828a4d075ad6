import Mustache

/// One headline figure (income, expenses, net, savings rate) and how it moved.
///
/// It has no `hasPrevious`: inside `{{#headline}}` that name reaches the month's own flag, which
/// says whether the column exists, even for a figure that has no change to show (`vsPrevious` is
/// then a dash).
public struct HeadlineView: MustacheParent, Sendable {
    /// `Income`.
    public var label: String
    /// `£3,450.00`, `+£837.65`, `24.3%`, or `—`.
    public var value: String
    /// `good`, `bad` or `neutral`: a CSS class; the value's sign already says it in text.
    public var tone: String
    public var previous: ComparisonView?
    public var yearAgo: ComparisonView?

    public func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        case "tone": tone
        case "comparisons": [previous, yearAgo].compactMap { $0 }
        case "previous": previous
        case "yearAgo": yearAgo
        // For table cells: the change, or a dash where that month is not in the data.
        case "vsPrevious": previous?.summary ?? "—"
        case "vsYearAgo": yearAgo?.summary ?? "—"
        default: nil
        }
    }
}
