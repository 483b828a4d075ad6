import Ledger

/// The x axis of a chart over months: where each month sits and which months get a label.
///
/// A month label is about 28 units wide at the charts' font size; when months are closer than
/// that, only every second (third, …) month is labelled, always including the last, so labels
/// never overlap. Years are written under January and under the first month.
struct MonthAxis: Sendable, Equatable {
    let months: [YearMonth]
    let left: Double
    let right: Double

    /// The narrowest gap between two labelled months.
    static let labelWidth = 30.0

    /// The centre of month `index`: months share the width equally.
    func position(_ index: Int) -> Double {
        guard !months.isEmpty else { return left }
        let slot = (right - left) / Double(months.count)
        return left + slot * (Double(index) + 0.5)
    }

    /// Every how many months a label is written: 1 when they fit.
    var stride: Int {
        guard months.count > 1 else { return 1 }
        let slot = (right - left) / Double(months.count)
        return max(1, Int((Self.labelWidth / slot).rounded(.up)))
    }

    /// Whether month `index` gets a label: the last one, and every `stride`-th counting back from it.
    func isLabelled(_ index: Int) -> Bool {
        (months.count - 1 - index) % stride == 0
    }

    /// `<text>` elements for the labelled months and their years, at `y` and `y + 15`.
    func labels(y: Double) -> String {
        let n = SVGNumber.string
        var svg = ""
        var yearWritten = false
        for (index, month) in months.enumerated() where isLabelled(index) {
            let x = n(position(index))
            let isLast = index == months.count - 1
            svg += "<text class=\"month\" x=\"\(x)\" y=\"\(n(y))\" text-anchor=\"middle\" fill=\"#444\""
            svg += isLast ? " font-weight=\"bold\">" : ">"
            svg += "\(MonthView.shortMonthNames[month.month - 1])</text>\n"
            if !yearWritten || month.month <= stride {
                svg += "<text class=\"year\" x=\"\(x)\" y=\"\(n(y + 15))\" text-anchor=\"middle\" fill=\"#666\">"
                svg += "\(month.year)</text>\n"
                yearWritten = true
            }
        }
        return svg
    }
}
