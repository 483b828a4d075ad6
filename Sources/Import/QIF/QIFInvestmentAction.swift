/// What an investment entry's action (`N` line of a `!Type:Invst` entry) does to the account's cash.
///
/// Closebook keeps investment accounts as cash accounts: a buy takes cash out, a sale or a
/// dividend brings it in. Actions ending in `X` settle through another account (`L[Checking]`),
/// so no cash moves in this one; share movements and reinvestments move no cash at all.
enum QIFInvestmentAction {
    /// Cash comes in: the amount is positive whatever sign the file writes.
    case cashIn
    /// Cash goes out: the amount is negative.
    case cashOut
    /// The amount is signed as written (`Cash`, and actions this reader does not know).
    case signedAsWritten
    /// No cash moves in this account; the reason says why.
    case noCash(String)

    init(_ action: String) {
        let folded = action.lowercased()
        switch folded {
        case "sell", "div", "intinc", "cglong", "cgmid", "cgshort", "miscinc", "rtrncap", "xin", "shtsell":
            self = .cashIn
        case "buy", "xout", "miscexp", "margint", "cvrshrt":
            self = .cashOut
        case "cash", "":
            self = .signedAsWritten
        case "buyx", "sellx", "divx", "intincx", "cglongx", "cgmidx", "cgshortx", "miscincx", "miscexpx",
            "margintx", "rtrncapx", "shtsellx", "cvrshrtx":
            self = .noCash(
                "investment action '\(action)' settles through another account, so no cash moves in this one")
        case "reinvdiv", "reinvint", "reinvlg", "reinvmd", "reinvsh", "shrsin", "shrsout", "stksplit", "reminder",
            "grant", "vest", "exercise", "expire":
            self = .noCash("investment action '\(action)' moves shares, not cash")
        default:
            self = .signedAsWritten
        }
    }
}
