import Ledger

/// A stated balance as a tool checks it: at the end of `stated.date`, the account holds `amount`.
///
/// `amount` is the stated balance plus what a tool counts by then that the statement does not: a
/// statement's balance leaves pending rows out, but hledger, ledger and beancount assert against
/// every posting whatever its flag; and beancount books a transfer's second leg on the
/// transaction's (the first leg's) date, earlier than its own. Without pending rows and such legs
/// the two are equal.
public struct BalanceAssertion: Hashable, Sendable {
    public var stated: StatedBalance
    public var amount: Money

    public init(stated: StatedBalance, amount: Money) {
        self.stated = stated
        self.amount = amount
    }
}
