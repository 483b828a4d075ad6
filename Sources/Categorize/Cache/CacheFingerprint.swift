import Crypto
import Foundation

/// What a `TextCache` was made under: the program (its executable file as the system names it:
/// device, inode, size and modification time) and the rules' conditions in order, with their
/// `continue` flags, written out field by field.
///
/// Why the program and not a version number: the cache holds what the normaliser and the matcher
/// made, and any change to either (a new noise word, a fixed fold) must not meet entries made by
/// the old one. A new build is a new file, so every entry is made again once.
///
/// Why conditions only: the entries hold which rules matched, by index; what a rule then does
/// (its category, a rename, a split) is decided afresh every run from the rules of that run.
enum CacheFingerprint {
    /// The fingerprint, or nil when the program's file cannot be told (then nothing is cached).
    static func make(rules: [Rule], executable: String = "/proc/self/exe") -> [UInt8]? {
        guard let program = program(executable: executable) else { return nil }
        var hasher = SHA256()
        var text = "closebook text cache \(TextCache.version)\n"
        text += program + "\n"
        for rule in rules {
            text += "rule \(rule.continues ? "continues" : "stops") "
            write(rule.condition, to: &text)
            text += "\n"
        }
        hasher.update(data: Data(text.utf8))
        return Array(hasher.finalize())
    }

    /// The program's executable file as the system names it (`program DEVICE INODE SIZE MTIME`),
    /// or nil when it cannot be told.
    static func program(executable: String = "/proc/self/exe") -> String? {
        var status = stat()
        guard stat(executable, &status) == 0 else { return nil }
        return "program \(status.st_dev) \(status.st_ino) \(status.st_size) "
            + "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    /// The condition in prefix form, every field spelled out and every text quoted with its length.
    static func write(_ condition: Condition, to text: inout String) {
        func quoted(_ value: String) -> String { "\(value.utf8.count):\(value)" }
        switch condition {
        case .text(let test):
            text += "(text \(test.field.rawValue) \(test.wholeField) \(test.negated)"
            for pattern in test.patterns {
                switch pattern {
                case .substring(let value): text += " substring " + quoted(value)
                case .word(let value): text += " word " + quoted(value)
                case .regex(let value): text += " regex " + quoted(value)
                }
            }
            text += ")"
        case .amount(let test): text += "(amount \(numeric(test)))"
        case .date(let test): text += "(date \(numeric(test)))"
        case .day(let test): text += "(day \(numeric(test)))"
        case .account(let test):
            text += "(account \(test.negated) " + test.values.map(quoted).joined(separator: " ") + ")"
        case .currency(let test):
            text += "(currency \(test.negated) " + test.values.map(quoted).joined(separator: " ") + ")"
        case .sign(let credit): text += "(sign \(credit))"
        case .not(let inner):
            text += "(not "
            write(inner, to: &text)
            text += ")"
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            if case .and = condition { text += "(and " } else { text += "(or " }
            write(lhs, to: &text)
            text += " "
            write(rhs, to: &text)
            text += ")"
        }
    }

    private static func numeric(_ test: NumericTest) -> String {
        "\(test.op.rawValue) \(test.low) \(test.high) \(test.lowerHigh) \(test.upperLow)"
    }
}
