import Foundation

/// How a `BookAccount` is spelled in beancount, whose account names are strict: after the root,
/// each component must start with an upper-case letter or a decimal digit and hold only letters,
/// digits and `-` (`[\p{Lu}\p{Nd}][\p{L}\p{Nd}-]*`, from `beancount.core.account`).
///
/// The mapping, per component: the text is put in Unicode's composed form (NFC, so `é` is one
/// letter, not `e` and an accent); it is cut into words at every character that is not a letter or
/// a digit (spaces, punctuation, symbols, accents left over); each word's first letter is made
/// upper case; the words are joined with `-`. A component that still does not start with an
/// upper-case letter or a digit (a script without case: `食品`) gets `X-` in front; one with no
/// letter or digit at all is `X`. Digits may lead: `2024 trip` is `2024-Trip`.
///
///     Food:Eating out      -> Expenses:Food:Eating-Out
///     Café & Crème         -> Expenses:Café-Crème
///     Home:DIY (tools)     -> Expenses:Home:DIY-Tools
///     Gifts:für Oma        -> Expenses:Gifts:Für-Oma
///
/// A category that is only `Income` (no component below it) is `Income:Other`: beancount has no
/// postings to a root. Categories that map to one name share the account.
enum BeancountAccountName {
    static func name(_ account: BookAccount) -> String {
        var components = account.components.map(component)
        if components.isEmpty { components = [otherComponent] }
        return ([account.kind.root] + components).joined(separator: ":")
    }

    /// The component below a root that has none.
    static let otherComponent = "Other"
    /// Put before a component that cannot start a beancount name.
    static let prefix = "X"

    static func component(_ text: String) -> String {
        var words: [String] = []
        var word = ""
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            if isLetter(scalar) || scalar.properties.generalCategory == .decimalNumber {
                if word.isEmpty {
                    word += scalar.properties.uppercaseMapping
                } else {
                    word.unicodeScalars.append(scalar)
                }
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard let first = words.first?.unicodeScalars.first else { return prefix }
        let joined = words.joined(separator: "-")
        let category = first.properties.generalCategory
        return category == .uppercaseLetter || category == .decimalNumber ? joined : "\(prefix)-\(joined)"
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }
}
