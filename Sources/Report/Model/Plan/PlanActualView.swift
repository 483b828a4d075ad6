import Mustache

/// One bucket of the plan against actual: what the plan allotted, what happened, what is left.
public struct PlanActualView: MustacheParent, Sendable, Equatable {
    public var name: String
    /// `£2,100.00`, or `—` in the data's first month.
    public var planned: String
    /// `£1,980.40`, or `—` where nothing is measured.
    public var actual: String
    /// The month in progress, spending buckets: `£312.50`; empty otherwise.
    public var left: String

    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "planned": planned
        case "actual": actual
        case "left": left
        default: nil
        }
    }
}
