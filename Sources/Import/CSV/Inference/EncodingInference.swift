/// Tells the single-byte encoding of text that is not UTF-8, from its letters.
///
/// Windows-1252 text (German, French, Spanish...) has accented letters one at a time between
/// ASCII ones (`Gebühr`, `Libellé`); Cyrillic text in Windows-1251 has whole words of bytes
/// above 0xC0. Nil means: leave it to `TextDecoding` (UTF-8 when valid, else Windows-1252).
enum EncodingInference {
    static func encoding(of head: [UInt8]) -> TextEncoding? {
        if head.starts(with: [0xEF, 0xBB, 0xBF]) || head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            return nil
        }
        guard case .invalid = TextDecoding.validateUTF8(head) else { return nil }
        var high = 0
        var inRuns = 0
        var run = 0
        func endRun() {
            if run >= 3 { inRuns += run }
            run = 0
        }
        for byte in head {
            if byte >= 0xC0 {
                high += 1
                run += 1
            } else {
                endRun()
            }
        }
        endRun()
        if high >= 20 && inRuns * 2 > high { return .windows1251 }
        return .windows1252
    }
}
