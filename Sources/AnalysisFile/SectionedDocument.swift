/// A month's JSON file whose top level holds its own overview beside the engine's sections: the
/// analysis file (`MonthAnalysis`) and the report's `report.json` (`ReportDocument`).
///
/// Why a protocol: both files keep the sections at the top level, as they always have, while each
/// section is declared once (`AnalysisSections`). The conformer keeps the two parts as two values
/// and gets from here the coding that merges them into one JSON object, and the lookup that
/// reads and writes a member of either part by its own name (`analysis.summary`,
/// `analysis.netWorth`) on a type marked `@dynamicMemberLookup`.
public protocol SectionedDocument: Codable {
    associatedtype Overview: Codable
    /// The file's own members.
    var overview: Overview { get set }
    /// The engine's sections, beside the overview's members.
    var sections: AnalysisSections { get set }

    init(overview: Overview, sections: AnalysisSections)
}

extension SectionedDocument {
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Overview, Value>) -> Value {
        get { overview[keyPath: keyPath] }
        set { overview[keyPath: keyPath] = newValue }
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<AnalysisSections, Value>) -> Value {
        get { sections[keyPath: keyPath] }
        set { sections[keyPath: keyPath] = newValue }
    }

    /// Both parts read the one top-level object.
    public init(from decoder: any Decoder) throws {
        self.init(overview: try Overview(from: decoder), sections: try AnalysisSections(from: decoder))
    }

    /// Both parts write into the one top-level object; a key neither part has is not written.
    public func encode(to encoder: any Encoder) throws {
        try overview.encode(to: encoder)
        try sections.encode(to: encoder)
    }
}
