import Testing

@testable import Categorize

@Suite struct RowTextsTests {
    /// One per distinct combination of texts, about one per row on real bank text: eight 32-bit
    /// numbers (the key's four, payee, memo, decision, pending), 32 bytes. With its plan and last
    /// list of rules in every one it was 56.
    @Test func holdsNumbersOnly() {
        #expect(MemoryLayout<RowTextsKey>.size == 16)
        #expect(MemoryLayout<RowTexts>.stride == 32)
    }
}
