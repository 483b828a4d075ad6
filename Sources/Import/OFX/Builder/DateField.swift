import Ledger

/// A date-time element as found: absent, empty, unreadable, or a date.
enum DateField: Equatable {
    case missing
    case empty
    case invalid(String)
    case valid(CivilDate)
    /// A real day with an impossible time of day (`20240131078200`: minute 82).
    case impossibleTime(CivilDate, String)

    init(_ value: UnsafeBufferPointer<UInt8>) {
        let trimmed = OFXBytes.trimmed(value)
        if trimmed.isEmpty {
            self = .empty
        } else if let date = OFXDateTime.localDate(trimmed) {
            self = .valid(date)
        } else if let date = OFXDateTime.localDate(trimmed, checkingTime: false) {
            self = .impossibleTime(date, String(decoding: trimmed, as: UTF8.self))
        } else {
            self = .invalid(String(decoding: trimmed, as: UTF8.self))
        }
    }

    /// The date, or nil with the reason appended.
    func date(tag: String, reasons: inout [String]) -> CivilDate? {
        switch self {
        case .valid(let date): return date
        case .missing: reasons.append("\(tag) is missing")
        case .empty: reasons.append("\(tag) is empty")
        case .invalid(let text), .impossibleTime(_, let text): reasons.append("\(tag) '\(text)' is not a valid date")
        }
        return nil
    }
}
