import Ledger

extension OFXStatementBuilder {
    var fallbackCurrency: Currency { context.account?.currency ?? context.defaultCurrency }

    mutating func money(
        _ text: String?, tag: String, currency: Currency, line: Int, reasons: inout [String]
    ) -> Money? {
        guard let value = OFXStatementBuilder.amount(text, tag: tag, currency: currency, reasons: &reasons) else {
            return nil
        }
        if value.rounded { statement?.noteRounded(line: line, tag: tag, text: text ?? "", to: value.money) }
        return value.money
    }

    /// The amount `text` says and whether it was rounded to the currency's minor unit; nil, with
    /// a reason, when it says none.
    static func amount(
        _ text: String?, tag: String, currency: Currency, reasons: inout [String]
    ) -> (money: Money, rounded: Bool)? {
        guard var text, !text.isEmpty else {
            reasons.append(text == nil ? "\(tag) is missing" : "\(tag) is empty")
            return nil
        }
        switch text.withUTF8({ OFXAmount.parse($0, currency: currency) }) {
        case .success(let value):
            return (value.money, value.rounded)
        case .failure(.notANumber):
            reasons.append("\(tag) '\(text)' is not a number")
        case .failure(.tooLarge):
            reasons.append("\(tag) '\(text)' is too large to represent exactly")
        }
        return nil
    }

    /// Records a warning about the file (tokenizers report theirs here too, to keep them in order).
    mutating func warn(line: Int, column: Int, _ message: String) {
        warnings.append(ImportDiagnostic(severity: .warning, path: path, line: line, column: column, message: message))
    }
}
