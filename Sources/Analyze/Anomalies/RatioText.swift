/// How many times bigger, in words a reason can use: `12×`, `2.5×`, or `35% above` below double.
enum RatioText {
    /// `amount / usual` as text; `usual` must be positive.
    static func comparison(_ amount: Double, to usual: Double) -> String {
        let ratio = amount / usual
        if ratio >= 10 { return "\(Int(ratio.rounded()))×" }
        if ratio >= 2 {
            let tenths = Int((ratio * 10).rounded())
            return tenths % 10 == 0 ? "\(tenths / 10)×" : "\(tenths / 10).\(tenths % 10)×"
        }
        return "\(Int(((ratio - 1) * 100).rounded()))% above"
    }
}
