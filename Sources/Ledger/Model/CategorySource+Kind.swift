extension CategorySource {
    /// What kind of thing gave a row its category, without the file and line or the confidence.
    ///
    /// Why it exists: the analysis keeps figure rows only, and for the month's share of spending
    /// by source it needs to know which kind of source categorised each row, in one byte a row.
    public enum Kind: UInt8, CaseIterable, Sendable {
        case rule
        case profileRule
        case starterRule
        case exportCategory
        case override
        case learned
        case transfer
        case none
    }

    public var kind: Kind {
        switch self {
        case .rule: .rule
        case .profileRule: .profileRule
        case .starterRule: .starterRule
        case .exportCategory: .exportCategory
        case .override: .override
        case .learned: .learned
        case .transfer: .transfer
        case .none: .none
        }
    }
}
