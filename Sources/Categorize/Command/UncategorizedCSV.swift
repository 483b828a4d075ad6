import Ledger

/// `uncategorized.csv`: what still needs a rule or an override, most money first.
///
/// Columns `id,date,account,amount,payee,memo,suggestion,confidence`; ids are ready to paste into
/// `overrides.csv`, the suggestion is the classifier's guess below the threshold.
public enum UncategorizedCSV {
    public static let header = "id,date,account,amount,payee,memo,suggestion,confidence"

    public static func encode(_ entries: [UncategorizedEntry]) -> String {
        var text = header + "\n"
        for entry in entries {
            let transaction = entry.transaction
            let fields = [
                transaction.id.rawValue, transaction.date.isoString, transaction.account.rawValue,
                transaction.amount.decimalString, entry.rawPayee, transaction.memo,
                entry.prediction?.category.description ?? "",
                entry.prediction.map { CategorizeFormat.twoDecimals($0.confidence) } ?? "",
            ]
            text += fields.map(escape).joined(separator: ",") + "\n"
        }
        return text
    }

    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingAll("\"", with: "\"\"") + "\""
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
