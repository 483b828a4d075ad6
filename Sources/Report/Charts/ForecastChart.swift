import AnalysisFile
import Ledger

/// The months' net, what happened then what is forecast, with the forecast's 80% band.
///
/// History is a solid line, the forecast a dashed one that starts at the last actual month, and
/// the band widens from that point, so the two read as one series. Every point has a `<title>`
/// with its figures; the legend says in words which line is which.
public struct ForecastChart: Sendable {
    public struct Point: Sendable, Equatable {
        public var month: YearMonth
        public var net: Money
        /// The band, forecast months only.
        public var low: Money?
        public var high: Money?
    }

    public var actual: [Point]
    public var forecast: [Point]
    public var currency: Currency

    /// History from the report's trend, forecast from the analysis; months or amounts that do not
    /// parse are left out.
    public init(trend: [MonthReport.TrendPoint], forecast: [ForecastMonthEntry], currency: Currency) {
        actual = trend.map { Point(month: $0.month, net: $0.net) }
        self.forecast = forecast.compactMap { entry in
            guard let month = YearMonth(entry.month), let net = try? Money.parse(entry.net, currency: currency),
                let low = try? Money.parse(entry.low, currency: currency),
                let high = try? Money.parse(entry.high, currency: currency)
            else { return nil }
            return Point(month: month, net: net, low: low, high: high)
        }
        self.currency = currency
    }

    static let width = 480.0
    static let height = 250.0
    static let plotLeft = 56.0
    static let plotRight = 470.0
    static let plotTop = 30.0
    static let plotBottom = 206.0

    /// The chart, or an empty string without a forecast month.
    public var svg: String {
        guard let firstForecast = forecast.first, let lastForecast = forecast.last else { return "" }
        let n = SVGNumber.string
        let points = actual + forecast
        var values: [Double] = []
        for point in points {
            values.append(point.net.approximateValue)
            if let low = point.low { values.append(low.approximateValue) }
            if let high = point.high { values.append(high.approximateValue) }
        }
        let scale = ChartScale(values: values, targetTicks: 5, start: Self.plotBottom, end: Self.plotTop)
        let axis = MonthAxis(months: points.map(\.month), left: Self.plotLeft, right: Self.plotRight)
        func xy(_ index: Int, _ money: Money) -> String {
            "\(n(axis.position(index))),\(n(scale.position(money.approximateValue)))"
        }
        let description =
            "Net by month: \(actual.count) actual month\(actual.count == 1 ? "" : "s"), then a forecast from "
            + "\(firstForecast.month.displayName) to \(lastForecast.month.displayName) with its 80% range."
        var svg = """
            <svg class="chart chart-forecast" viewBox="0 0 \(n(Self.width)) \(n(Self.height))" role="img" \
            aria-labelledby="forecast-title forecast-desc" font-family="system-ui, sans-serif" font-size="12" \
            xmlns="http://www.w3.org/2000/svg">
            <title id="forecast-title">Net by month, actual and forecast</title>
            <desc id="forecast-desc">\(description)</desc>
            <g class="legend" fill="#444">\
            <line class="line-actual" x1="56" y1="11" x2="76" y2="11" stroke="#1f4e79" stroke-width="2"/>\
            <text x="81" y="15">Actual</text>\
            <line class="line-forecast" x1="140" y1="11" x2="160" y2="11" stroke="#1f4e79" stroke-width="2" \
            stroke-dasharray="4 3"/><text x="165" y="15">Forecast</text>\
            <rect class="band" x="232" y="5" width="14" height="12" fill="#c9d9ea"/>\
            <text x="251" y="15">80% range</text></g>

            """
        svg += ValueAxis.gridlines(scale, left: Self.plotLeft, right: Self.plotRight, currency: currency)

        // The band and the dashed line start at the last actual month, where the forecast begins.
        let joinIndex = actual.count - 1
        var upper: [String] = []
        var lower: [String] = []
        var dashed: [String] = []
        if let last = actual.last {
            upper.append(xy(joinIndex, last.net))
            lower.append(xy(joinIndex, last.net))
            dashed.append(xy(joinIndex, last.net))
        }
        for (offset, point) in forecast.enumerated() {
            let index = actual.count + offset
            upper.append(xy(index, point.high ?? point.net))
            lower.append(xy(index, point.low ?? point.net))
            dashed.append(xy(index, point.net))
        }
        svg += "<polygon class=\"band\" points=\"\((upper + lower.reversed()).joined(separator: " "))\" "
        svg += "fill=\"#c9d9ea\"/>\n"
        if actual.count > 1 {
            let solid = actual.enumerated().map { xy($0.offset, $0.element.net) }
            svg += "<polyline class=\"line-actual\" points=\"\(solid.joined(separator: " "))\" fill=\"none\" "
            svg += "stroke=\"#1f4e79\" stroke-width=\"2\"/>\n"
        }
        if dashed.count > 1 {
            svg += "<polyline class=\"line-forecast\" points=\"\(dashed.joined(separator: " "))\" fill=\"none\" "
            svg += "stroke=\"#1f4e79\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>\n"
        }
        for (index, point) in points.enumerated() {
            var title = "\(point.month.displayName) "
            if let low = point.low, let high = point.high {
                title += "forecast net: \(AmountFormatter.signedString(point.net)) "
                title += "(\(AmountFormatter.signedString(low)) to \(AmountFormatter.signedString(high)))"
            } else {
                title += "net: \(AmountFormatter.signedString(point.net))"
            }
            let isForecast = point.low != nil
            svg += "<circle class=\"net-dot\" cx=\"\(n(axis.position(index)))\" "
            svg += "cy=\"\(n(scale.position(point.net.approximateValue)))\" r=\"\(isForecast ? "2" : "3")\" "
            svg += "fill=\"#1f4e79\"><title>\(title)</title></circle>\n"
        }
        if !actual.isEmpty {
            let x = n((axis.position(joinIndex) + axis.position(joinIndex + 1)) / 2)
            svg +=
                "<line class=\"grid\" x1=\"\(x)\" y1=\"\(n(Self.plotTop))\" x2=\"\(x)\" y2=\"\(n(Self.plotBottom))\" "
            svg += "stroke=\"#999\" stroke-width=\"1\" stroke-dasharray=\"2 3\"/>\n"
        }
        svg += axis.labels(y: Self.plotBottom + 16)
        svg += "</svg>"
        return svg
    }
}
