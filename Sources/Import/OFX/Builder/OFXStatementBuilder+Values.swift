import Ledger

extension OFXStatementBuilder {
    var fallbackCurrency: Currency { context.account?.currency ?? context.defaultCurrency }

    mutating func money(
        _ text: String?, tag: String, currency: Currency, line: Int, reasons: inout [String]
    ) -> Money? {
        guard var text, !text.isEmpty else {
            reasons.append(text == nil ? "\(tag) is missing" : "\(tag) is empty")
            return nil
        }
        let parsed = text.withUTF8 { OFXAmount.parse($0, currency: currency) }
        switch parsed {
        case .success(let value):
            if value.rounded {
                statement?.roundedCount += 1
                if statement?.firstRounded == nil {
                    statement?.firstRounded = (line, tag, text, value.money)
                }
            }
            return value.money
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
