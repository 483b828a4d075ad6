import Mustache

/// One savings goal: how far along it is, what it needs each month and what it gets.
public struct PlanGoalView: MustacheParent, Sendable, Equatable {
    public var name: String
    public var target: String
    public var current: String
    /// `42.5%`.
    public var progress: String
    /// `31 Dec 2027 (14 months left)`.
    public var deadline: String
    public var required: String
    public var allotted: String
    /// `Protected`, `Flexible`, `Skipped`.
    public var flex: String
    /// `On track`, `Behind`, `Achieved`, `Overdue`.
    public var status: String
    /// `good`, `bad` or `flat`: a CSS class; `status` says it in words.
    public var statusTone: String
    /// `Reached in March 2028, 3 months late.`, or empty.
    public var projection: String
    public var notes: [String]
    /// `Fixed £150.00 a month` (a standing order), or empty.
    public var standingOrder: String
    /// `Deadline in 45 days`, or empty when the deadline is not near.
    public var deadlineNear: String

    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "target": target
        case "current": current
        case "progress": progress
        case "deadline": deadline
        case "required": required
        case "allotted": allotted
        case "flex": flex
        case "status": status
        case "statusTone": statusTone
        case "projection": projection
        case "hasProjection": !projection.isEmpty
        case "notes": notes
        case "hasNotes": !notes.isEmpty
        case "standingOrder": standingOrder
        case "hasStandingOrder": !standingOrder.isEmpty
        case "deadlineNear": deadlineNear
        case "hasDeadlineNear": !deadlineNear.isEmpty
        default: nil
        }
    }
}
