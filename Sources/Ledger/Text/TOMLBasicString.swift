/// Text as a TOML basic string, for the TOML the stages print for people to save: the inferred
/// CSV profiles and the suggested `[[accounts]]` of closebook.toml.
///
/// The quote, the backslash, line feed, return and tab take their short escapes; other control
/// characters (and DEL) `\uXXXX`, so a pasted snippet never breaks a line or a terminal. Everything
/// else is written as it is: TOML files are UTF-8.
public enum TOMLBasicString {
    /// `text` between double quotes, escaped.
    public static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
