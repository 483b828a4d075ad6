import Ledger

/// OFX date-times (`DTPOSTED`, `DTASOF`, `DTSTART`...) read as the calendar date they name.
///
/// The forms are `YYYYMMDD`, optionally followed by `HH`, `HHMM` or `HHMMSS`, a fraction (`.XXX`,
/// or `:XXX` as some banks write it) and a zone `[-5:EST]`. The date is the one written, in the
/// bank's own zone: `20240131230000[-5:EST]` is 31 January. Converting to UTC (as ofxparse and
/// ofxtools do) would make it 1 February, and month-end figures would move a transaction across a
/// month boundary; the time and zone are checked for shape and then ignored.
enum OFXDateTime {
    /// The local calendar date, or nil when the text is not an OFX date-time or names no real day.
    /// With `checkingTime` false, a time of day of the right shape but impossible values (hour 25,
    /// minute 82) is accepted, so that the caller can keep the day and say what was wrong.
    static func localDate(_ text: UnsafeBufferPointer<UInt8>, checkingTime: Bool = true) -> CivilDate? {
        let count = text.count
        guard count >= 8 else { return nil }
        var value = 0
        for index in 0..<8 {
            let digit = text[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        var index = 8
        // Time of day: 0, 2, 4 or 6 digits (hours, minutes, seconds).
        var fields = 0
        var digits = 0
        var field = 0
        while index < count, text[index] &- 0x30 < 10 {
            field = field * 10 + Int(text[index] &- 0x30)
            digits += 1
            if digits == 2 {
                let limit = fields == 0 ? 24 : fields == 1 ? 59 : 60
                guard fields < 3, field <= limit || !checkingTime else { return nil }
                fields += 1
                field = 0
                digits = 0
            }
            index += 1
        }
        guard digits == 0 else { return nil }
        // Fraction of a second.
        if index < count, text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: ":") {
            guard fields > 0 else { return nil }
            index += 1
            let start = index
            while index < count, text[index] &- 0x30 < 10 { index += 1 }
            guard index > start else { return nil }
        }
        while index < count, OFXBytes.isSpace(text[index]) { index += 1 }
        // Zone: `[offset]` or `[offset:NAME]`, checked only for its brackets.
        if index < count, text[index] == UInt8(ascii: "[") {
            index += 1
            while index < count, text[index] != UInt8(ascii: "]") { index += 1 }
            guard index < count else { return nil }
            index += 1
            while index < count, OFXBytes.isSpace(text[index]) { index += 1 }
        }
        guard index == count else { return nil }
        return CivilDate(year: value / 10000, month: value / 100 % 100, day: value % 100)
    }
}
