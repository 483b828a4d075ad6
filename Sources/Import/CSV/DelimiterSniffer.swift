/// Guesses a CSV file's delimiter from its first lines.
///
/// For each candidate (`,` `;` tab `|`) it counts occurrences outside quotes on each of the first
/// non-empty lines, and finds the count most lines share. The candidate shared by the most lines
/// wins; near ties go to the larger count (a header and data with eight `;` beat a few decimal
/// commas). A comma between two digits is not counted: in `;` files it is a decimal comma.
enum DelimiterSniffer {
    static let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]

    static func sniff(_ text: UnsafeBufferPointer<UInt8>, maximumLines: Int = 40) -> UInt8 {
        var counts: [[Int]] = Array(repeating: [], count: candidates.count)
        var current = [Int](repeating: 0, count: candidates.count)
        var inQuotes = false
        var lines = 0
        var lineHasText = false
        let end = min(text.count, 256 * 1024)
        var index = 0
        func finishLine() {
            if lineHasText {
                for candidate in 0..<candidates.count { counts[candidate].append(current[candidate]) }
                lines += 1
            }
            current = [Int](repeating: 0, count: candidates.count)
            lineHasText = false
        }
        while index < end && lines < maximumLines {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if !inQuotes && (byte == 0x0A || byte == 0x0D) {
                finishLine()
            } else if !inQuotes {
                if byte != 0x20 { lineHasText = true }
                if let candidate = candidates.firstIndex(of: byte) {
                    let betweenDigits =
                        byte == UInt8(ascii: ",") && index > 0 && index + 1 < end
                        && AmountCell.isDigit(text[index - 1]) && AmountCell.isDigit(text[index + 1])
                    if !betweenDigits { current[candidate] += 1 }
                }
            }
            index += 1
        }
        finishLine()
        var best: (delimiter: UInt8, lines: Int, count: Int) = (UInt8(ascii: ","), 0, 0)
        for (candidate, perLine) in counts.enumerated() {
            var frequency: [Int: Int] = [:]
            for count in perLine where count > 0 { frequency[count, default: 0] += 1 }
            guard let (mode, modeLines) = frequency.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else {
                continue
            }
            let better =
                modeLines > best.lines + 1 || (modeLines >= best.lines - 1 && mode > best.count)
                || (modeLines == best.lines && mode == best.count && best.lines == 0)
            if best.lines == 0 || better {
                best = (candidates[candidate], modeLines, mode)
            }
        }
        return best.delimiter
    }
}
