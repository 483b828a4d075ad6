import Ledger

/// Decides, from every amount in a file, whether it writes `1,234.56` or `1.234,56`.
///
/// Most QIF files use a decimal point with optional comma grouping (`T-1,000.00`). Exports from
/// continental European programs use a decimal comma (`T-12,57`). One amount rarely tells (`1,000`
/// could be either); the whole file usually does. A file with no evidence either way is read with a
/// decimal point, the QIF convention.
struct QIFDecimalMark {
    private var pointEvidence = 0
    private var commaEvidence = 0

    /// Looks at one amount as written.
    mutating func observe(_ bytes: UnsafeBufferPointer<UInt8>) {
        var lastPoint: Int?
        var lastComma: Int?
        var points = 0
        var commas = 0
        var end = bytes.startIndex
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "."):
                lastPoint = index
                points += 1
            case UInt8(ascii: ","):
                lastComma = index
                commas += 1
            case 0x30...0x39:
                end = index + 1
            default: continue
            }
        }
        switch (lastPoint, lastComma) {
        case (let point?, let comma?):
            if point > comma { pointEvidence += 1 } else { commaEvidence += 1 }
        case (let point?, nil):
            if points > 1 { commaEvidence += 1 } else if end - point - 1 != 3 { pointEvidence += 1 }
        case (nil, let comma?):
            if commas > 1 { pointEvidence += 1 } else if end - comma - 1 != 3 { commaEvidence += 1 }
        case (nil, nil):
            return
        }
    }

    /// True once an amount proved a decimal point: no later amount can change `style`.
    var isSettled: Bool { pointEvidence > 0 }

    /// The style to parse the file's amounts with.
    var style: DecimalStyle {
        if commaEvidence > 0 && pointEvidence == 0 { return .comma }
        return DecimalStyle(decimalMark: UInt8(ascii: "."), groupingMarks: [UInt8(ascii: ","), UInt8(ascii: "'")])
    }
}
