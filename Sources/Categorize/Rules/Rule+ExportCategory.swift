extension Rule {
    /// True when the rule puts the export's own category into the category tree: every text it
    /// tests is `bankCategory`, tested for what it is (not `!=`/`!~`), and it tests at least one.
    ///
    /// Why: a category the bank's export named is the bank's judgement, not a guess of the starter
    /// pack's from the payee, and the report counts the two apart. A condition that also reads the
    /// payee or memo is a merchant rule, whatever else it tests.
    public var mapsExportCategory: Bool {
        var readsBankCategory = false
        var readsOther = false
        func walk(_ condition: Condition, negated: Bool) {
            switch condition {
            case .text(let test):
                if test.field == .bankCategory && !test.negated && !negated {
                    readsBankCategory = true
                } else {
                    readsOther = true
                }
            case .not(let inner): walk(inner, negated: !negated)
            case .and(let lhs, let rhs), .or(let lhs, let rhs):
                walk(lhs, negated: negated)
                walk(rhs, negated: negated)
            case .amount, .date, .day, .account, .currency, .sign: break
            }
        }
        walk(condition, negated: false)
        return readsBankCategory && !readsOther
    }
}
