import Foundation
import Ledger
import Testing

@testable import Import

/// The Samples workspace's Harbor Card export, read in place, checked against
/// `Samples/EXPECTED.json` (which the Samples generator computed).
@Suite struct OFXSamplesTests {
    @Test func harborCard() throws {
        let name = "harbor-card-2024-09-01_2026-11-18.ofx"
        let url = OFXTestSupport.root.appendingPathComponent("Samples/inbox/\(name)")
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(OFX2Reader.recognizes(bytes))
        let file = try OFX2Reader().read(bytes, path: name, context: OFXTestSupport.context)
        #expect(file.format == .ofx2)
        #expect(file.warnings.isEmpty)
        #expect(file.skipped.isEmpty)
        let statement = try file.only
        #expect(
            statement.accountHint
                == AccountHint(
                    institution: "Harbor Card", accountNumber: "4929000011112222", kind: .creditCard,
                    accountType: "CREDITCARD"))
        #expect(statement.currency == .gbp)
        #expect(statement.records.count == 600)  // files.card.transactions
        #expect(statement.coverage == date("2024-09-01")...date("2026-11-18"))
        #expect(statement.records.allSatisfy { $0.fitID != nil && $0.status == .posted })
        // files.card.ledgerBalance; the opening balance -412.37 (openingBalances.card) plus the
        // transactions must come to it.
        let ledger = try #require(statement.balance(.ledger))
        #expect(ledger.amount == money("-554.15", "GBP"))
        #expect(ledger.date == date("2026-11-18"))
        #expect(-41237 + statement.totalMinorUnits == -55415)
        // facts.spendingSpike
        let sofa = try #require(statement.records.first { $0.payee == "SOFOLOGY LTD" })
        #expect(sofa.date == date("2026-03-14"))
        #expect(sofa.amount == money("-2400.00", "GBP"))
        // `&amp;` in the XML is an ampersand in the payee.
        #expect(statement.records.contains { $0.payee == "M&S SIMPLY FOOD 0231" })
    }
}
