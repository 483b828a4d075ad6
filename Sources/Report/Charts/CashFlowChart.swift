import Ledger

/// Where the month's money came from and where it went, as a Sankey diagram: income sources on
/// the left flow into the month's money in the middle, which flows out to the spending groups and
/// to what was saved on the right.
///
/// Band widths share one scale, so every band is as thick as its amount and the middle bar is as
/// tall as the bands on either side: income (plus, in a deficit month, what was drawn from
/// savings) equals spending plus what was saved. The largest sources and groups are drawn one by
/// one and the rest gathered as `Other income` and `Other spending`, so the diagram stays legible;
/// the tables list them all. Every node has a `<title>` with its amount and share, and the chart's
/// `<desc>` says the totals in words. Category names are user text: escaped.
public struct CashFlowChart: Sendable {
    public var income: [MonthReport.CategoryLine]
    public var spending: [MonthReport.CategoryLine]
    public var currency: Currency
    /// How many sources and groups to draw one by one before gathering the rest.
    public var sourceLimit: Int
    public var groupLimit: Int

    public init(
        income: [MonthReport.CategoryLine], spending: [MonthReport.CategoryLine], currency: Currency,
        sourceLimit: Int = 4, groupLimit: Int = 7
    ) {
        self.income = income
        self.spending = spending
        self.currency = currency
        self.sourceLimit = sourceLimit
        self.groupLimit = groupLimit
    }

    static let width = 480.0
    /// The height of the bands all together, whatever the amounts.
    static let flowHeight = 220.0
    /// Room for a node's two lines of label: nodes are at least this far apart.
    static let slot = 30.0
    static let gap = 6.0
    static let top = 24.0
    static let nodeWidth = 8.0
    static let leftX = 118.0
    static let middleX = 236.0
    static let rightX = 354.0
    static let labelLimit = 16

    /// One node of a side column.
    struct Node: Equatable {
        enum Kind: String { case income, deficit, spending, saved }
        var label: String
        var amount: Money
        var kind: Kind
        /// Top of the node and its height (its band's thickness).
        var y: Double = 0
        var height: Double = 0
    }

    /// The laid-out diagram: both columns, the middle bar and the scale; nil without money to show.
    struct Layout {
        var sources: [Node]
        var targets: [Node]
        /// Top and height of the middle bar.
        var middleY: Double
        var middleHeight: Double
        var total: Money
        var height: Double
    }

    var layout: Layout? {
        var sources = Self.gathered(income, limit: sourceLimit, other: "Other income", kind: .income)
        var targets = Self.gathered(spending, limit: groupLimit, other: "Other spending", kind: .spending)
        let incomeTotal = sum(sources)
        let spendingTotal = sum(targets)
        if let difference = incomeTotal.subtracting(spendingTotal), !difference.isZero {
            if difference.isPositive {
                targets.append(Node(label: "Saved", amount: difference, kind: .saved))
            } else if let drawn = difference.negated {
                sources.append(Node(label: "From savings", amount: drawn, kind: .deficit))
            }
        }
        let total = sum(sources)
        guard total.isPositive, !targets.isEmpty || !sources.isEmpty else { return nil }
        let scale = Self.flowHeight / total.approximateValue
        func place(_ nodes: inout [Node]) -> Double {
            var y = Self.top
            for index in nodes.indices {
                let height = max(nodes[index].amount.approximateValue * scale, 1)
                nodes[index].y = y
                nodes[index].height = height
                y += max(height, Self.slot) + Self.gap
            }
            return y - Self.gap
        }
        let leftBottom = place(&sources)
        let rightBottom = place(&targets)
        let columns = max(leftBottom, rightBottom) - Self.top
        // The middle bar is centred on the taller column.
        let middleHeight = Self.flowHeight
        let middleY = Self.top + max(0, (columns - middleHeight) / 2)
        return Layout(
            sources: sources, targets: targets, middleY: middleY, middleHeight: middleHeight, total: total,
            height: max(leftBottom, rightBottom, middleY + middleHeight) + 6)
    }

    /// The diagram, or an empty string when the month had neither income nor spending.
    public var svg: String {
        guard let layout else { return "" }
        let n = SVGNumber.string
        let incomeTotal = sum(layout.sources.filter { $0.kind == .income })
        let spendingTotal = sum(layout.targets.filter { $0.kind == .spending })
        var summary =
            "\(AmountFormatter.string(incomeTotal)) came in from \(Self.count(income.count, "source")) and "
            + "\(AmountFormatter.string(spendingTotal)) went out to \(Self.count(spending.count, "group"))"
        if let saved = layout.targets.first(where: { $0.kind == .saved }) {
            summary += "; \(AmountFormatter.string(saved.amount)) was saved."
        } else if let drawn = layout.sources.first(where: { $0.kind == .deficit }) {
            summary += "; \(AmountFormatter.string(drawn.amount)) more went out than came in."
        } else {
            summary += "."
        }
        var svg = """
            <svg class="chart chart-cashflow" viewBox="0 0 \(n(Self.width)) \(n(layout.height))" role="img" \
            aria-labelledby="cashflow-title cashflow-desc" font-family="system-ui, sans-serif" font-size="12" \
            xmlns="http://www.w3.org/2000/svg">
            <title id="cashflow-title">Where the money came from and went</title>
            <desc id="cashflow-desc">\(TextEscaping.xml(summary))</desc>

            """
        // Bands first, so the nodes are drawn over their ends.
        var offset = layout.middleY
        for node in layout.sources {
            svg += Self.band(
                from: Self.leftX + Self.nodeWidth, node.y, to: Self.middleX, offset, height: node.height,
                kind: node.kind)
            offset += node.height
        }
        offset = layout.middleY
        for node in layout.targets {
            svg += Self.band(
                from: Self.middleX + Self.nodeWidth, offset, to: Self.rightX, node.y, height: node.height,
                kind: node.kind)
            offset += node.height
        }
        svg += "<rect class=\"node-total\" x=\"\(n(Self.middleX))\" y=\"\(n(layout.middleY))\" "
        svg += "width=\"\(n(Self.nodeWidth))\" height=\"\(n(layout.middleHeight))\" fill=\"#1f4e79\">"
        svg += "<title>The month's money: \(AmountFormatter.string(layout.total))</title></rect>\n"
        svg += "<text class=\"label\" x=\"\(n(Self.middleX + Self.nodeWidth / 2))\" y=\"\(n(layout.middleY - 8))\" "
        svg += "text-anchor=\"middle\" fill=\"#333\">\(AmountFormatter.string(layout.total))</text>\n"
        for node in layout.sources {
            svg += Self.node(node, x: Self.leftX, labelX: Self.leftX - 4, anchor: "end", total: layout.total)
        }
        for node in layout.targets {
            svg += Self.node(
                node, x: Self.rightX, labelX: Self.rightX + Self.nodeWidth + 4, anchor: "start", total: layout.total)
        }
        svg += "</svg>"
        return svg
    }

    static let colours: [Node.Kind: String] = [
        .income: "#2e7d5b", .deficit: "#8a5a00", .spending: "#c0504d", .saved: "#17703f",
    ]

    static func band(
        from x0: Double, _ y0: Double, to x1: Double, _ y1: Double, height: Double, kind: Node.Kind
    ) -> String {
        let n = SVGNumber.string
        let middle = (x0 + x1) / 2
        var path = "M\(n(x0)) \(n(y0))C\(n(middle)) \(n(y0)) \(n(middle)) \(n(y1)) \(n(x1)) \(n(y1))"
        path += "L\(n(x1)) \(n(y1 + height))C\(n(middle)) \(n(y1 + height)) \(n(middle)) \(n(y0 + height)) "
        path += "\(n(x0)) \(n(y0 + height))Z"
        return "<path class=\"flow flow-\(kind.rawValue)\" d=\"\(path)\" fill=\"\(colours[kind] ?? "#888")\" "
            + "fill-opacity=\"0.35\"/>\n"
    }

    static func node(_ node: Node, x: Double, labelX: Double, anchor: String, total: Money) -> String {
        let n = SVGNumber.string
        let amount = AmountFormatter.string(node.amount)
        let share =
            total.isPositive ? PercentFormatter.string(node.amount.approximateValue / total.approximateValue) : ""
        let middle = node.y + node.height / 2
        var svg = "<rect class=\"node node-\(node.kind.rawValue)\" x=\"\(n(x))\" y=\"\(n(node.y))\" "
        svg += "width=\"\(n(nodeWidth))\" height=\"\(n(node.height))\" fill=\"\(colours[node.kind] ?? "#888")\">"
        svg += "<title>\(TextEscaping.xml(node.label)): \(amount), \(share)</title></rect>\n"
        svg +=
            "<text class=\"label\" x=\"\(n(labelX))\" y=\"\(n(middle - 1))\" text-anchor=\"\(anchor)\" fill=\"#333\">"
        svg += "\(TextEscaping.xml(shortened(node.label)))</text>\n"
        svg += "<text class=\"value\" x=\"\(n(labelX))\" y=\"\(n(middle + 12))\" text-anchor=\"\(anchor)\" "
        svg += "fill=\"#333\">\(amount)</text>\n"
        return svg
    }

    /// The lines with money, the first `limit - 1` one by one and the rest as one `other` node
    /// (all of them when they are no more than `limit`).
    static func gathered(
        _ lines: [MonthReport.CategoryLine], limit: Int, other: String, kind: Node.Kind
    ) -> [Node] {
        let positive = lines.filter { $0.amount.isPositive }.sorted { $0.amount.minorUnits > $1.amount.minorUnits }
        guard positive.count > limit else {
            return positive.map { Node(label: $0.category, amount: $0.amount, kind: kind) }
        }
        var nodes = positive.prefix(max(limit - 1, 0)).map { Node(label: $0.category, amount: $0.amount, kind: kind) }
        let zero = Money(minorUnits: 0, currency: positive[0].amount.currency)
        let rest = positive.dropFirst(max(limit - 1, 0)).reduce(zero) { $0.adding($1.amount) ?? $0 }
        nodes.append(Node(label: other, amount: rest, kind: kind))
        return nodes
    }

    func sum(_ nodes: [Node]) -> Money {
        nodes.reduce(Money(minorUnits: 0, currency: currency)) { $0.adding($1.amount) ?? $0 }
    }

    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// The name cut to `labelLimit` characters with an ellipsis.
    static func shortened(_ name: String) -> String {
        name.count <= labelLimit ? name : String(name.prefix(labelLimit - 1)) + "…"
    }
}
