import Mustache

/// The goals' split at one flex setting.
public struct FlexPreviewView: MustacheParent, Sendable, Equatable {
    /// `0.5`.
    public var flex: String
    /// Whether this is the setting in closebook.toml.
    public var isCurrent: Bool
    /// `Holiday £100.00, House deposit £250.00`.
    public var split: String
    public var total: String
    public var unallotted: String

    public func child(named name: String) -> Any? {
        switch name {
        case "flex": flex
        case "isCurrent": isCurrent
        case "split": split
        case "total": total
        case "unallotted": unallotted
        default: nil
        }
    }
}
