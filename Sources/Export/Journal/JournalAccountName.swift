/// How a `BookAccount` is spelled in an hledger / ledger journal.
///
/// Both tools take almost any text as an account name; what they cannot take is what their
/// syntax gives a meaning to. So each component has every run of white space or control
/// characters made one space and is trimmed (two spaces end an account name); `:` (the component
/// separator), `;` (a comment), and the brackets `(` `)` `[` `]` (virtual postings) become `-`; a
/// component left empty is `-`. Letters of every script, digits and other punctuation are kept:
/// `Food:Café & Bar` is `Expenses:Food:Café & Bar`. Two categories that differ only in what is
/// replaced share one account.
enum JournalAccountName {
    static func name(_ account: BookAccount) -> String {
        ([account.kind.root] + account.components.map(component)).joined(separator: ":")
    }

    static func component(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.unicodeScalars.append(" ")
                pendingSpace = false
            }
            switch scalar {
            case ":", ";", "(", ")", "[", "]": result.unicodeScalars.append("-")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result.isEmpty ? "-" : result
    }
}
