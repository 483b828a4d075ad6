import Ledger

/// Reads the parts of a split, `Food:Groceries 60%, Home 40%`, shared by rule files and `overrides.csv`.
///
/// Parts are separated by `,` or `;`; each is a category path and a share: a percentage (`60%`, at
/// most two decimals), a fixed amount (`12.50`) or `rest`.
enum SplitSyntax {
    struct Failure: Error {
        /// Scalar offset in the text given to `parse`.
        var offset: Int
        var length: Int
        var message: String
    }

    static func parse(_ scalars: [Unicode.Scalar]) throws(Failure) -> SplitPlan {
        var parts: [SplitPlan.Part] = []
        var percentTotal: Int64 = 0
        var restOffset: Int?
        var start = 0
        var pieces: [(Int, Int)] = []
        for index in 0...scalars.count where index == scalars.count || scalars[index] == "," || scalars[index] == ";" {
            pieces.append((start, index))
            start = index + 1
        }
        for (pieceStart, pieceEnd) in pieces {
            var begin = pieceStart
            var end = pieceEnd
            while begin < end, RuleLexer.isSpace(scalars[begin]) { begin += 1 }
            while end > begin, RuleLexer.isSpace(scalars[end - 1]) { end -= 1 }
            guard begin < end else {
                throw Failure(
                    offset: min(pieceStart, max(0, scalars.count - 1)), length: 1, message: "empty split part")
            }
            var shareStart = end
            while shareStart > begin, !RuleLexer.isSpace(scalars[shareStart - 1]) { shareStart -= 1 }
            var categoryEnd = shareStart
            while categoryEnd > begin, RuleLexer.isSpace(scalars[categoryEnd - 1]) { categoryEnd -= 1 }
            let share = String(String.UnicodeScalarView(scalars[shareStart..<end]))
            guard categoryEnd > begin else {
                throw Failure(
                    offset: begin, length: end - begin,
                    message:
                        "expected a category and a share, e.g. 'Home 40%', found '\(share)'")
            }
            let categoryText = String(String.UnicodeScalarView(scalars[begin..<categoryEnd]))
            guard let category = CategoryPath(categoryText) else {
                throw Failure(
                    offset: begin, length: categoryEnd - begin,
                    message:
                        "'\(categoryText)' is not a category (write parts separated by colons, e.g. Food:Groceries)")
            }
            let shareFailure = Failure(
                offset: shareStart, length: end - shareStart,
                message:
                    "expected a share after '\(categoryText)' (a percentage like 40%, an amount like 12.50, or 'rest'), found '\(share)'"
            )
            if share.lowercased() == "rest" {
                guard restOffset == nil else {
                    throw Failure(offset: shareStart, length: 4, message: "only one part can take the 'rest'")
                }
                restOffset = shareStart
                parts.append(SplitPlan.Part(category: category, share: .rest))
            } else if share.hasSuffix("%") {
                guard let value = ConditionParser.parseDecimal(String(share.dropLast())), value > 0, value % 100 == 0
                else { throw shareFailure }
                let points = value / 100
                guard points <= 10_000 else {
                    throw Failure(offset: shareStart, length: end - shareStart, message: "a share cannot exceed 100%")
                }
                percentTotal += points
                parts.append(SplitPlan.Part(category: category, share: .percent(points)))
            } else {
                guard let value = ConditionParser.parseDecimal(share), value > 0 else { throw shareFailure }
                parts.append(SplitPlan.Part(category: category, share: .fixed(value)))
            }
        }
        let total = NumericTest.amountText(percentTotal * 100, 0)
        let whole = Failure(offset: 0, length: scalars.count, message: "")
        if percentTotal > 10_000 {
            throw Failure(
                offset: whole.offset, length: whole.length,
                message: "the percentages add up to \(total)%, more than 100%")
        }
        if let restOffset, percentTotal == 10_000 {
            throw Failure(
                offset: restOffset, length: 4,
                message: "'rest' would get nothing: the percentages already add up to 100%")
        }
        if restOffset == nil, percentTotal > 0, percentTotal < 10_000 {
            throw Failure(
                offset: whole.offset, length: whole.length,
                message: "the percentages add up to \(total)%, not 100% (give one part 'rest' to take what is left)")
        }
        return SplitPlan(parts: parts)
    }
}
