import Ledger

/// `uncategorized.csv`: what still needs a rule or an override, most money first.
///
/// Columns `id,date,account,amount,payee,memo,suggestion,confidence`; ids are ready to paste into
/// `overrides.csv`, the suggestion is the classifier's guess below the threshold.
public enum UncategorizedCSV {
    public static let header = "id,date,account,amount,payee,memo,suggestion,confidence"

    public static func encode(_ entries: [UncategorizedEntry]) -> [UInt8] {
        var bytes = Array((header + "\n").utf8)
        bytes.reserveCapacity(entries.count * 96 + bytes.count)
        for entry in entries {
            let transaction = entry.transaction
            let fields = [
                transaction.id.rawValue, transaction.date.isoString, transaction.account.rawValue,
                transaction.amount.decimalString, entry.rawPayee, transaction.memo,
                entry.prediction?.category.description ?? "",
                entry.prediction.map { CategorizeFormat.twoDecimals($0.confidence) } ?? "",
            ]
            for (index, field) in fields.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                append(field, to: &bytes)
            }
            bytes.append(0x0A)
        }
        return bytes
    }

    static func append(_ field: String, to bytes: inout [UInt8]) {
        let needsQuotes = field.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
        }
        guard needsQuotes else {
            bytes.append(contentsOf: field.utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in field.utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

}

/// Small formatting shared by the command's outputs.
enum CategorizeFormat {
    /// `0.93` for 0.9312.
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `1,234` for 1234.
    static func count(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}
