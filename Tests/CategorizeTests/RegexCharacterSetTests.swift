import Testing

@testable import Categorize

@Suite struct RegexCharacterSetTests {
    /// The ASCII shortcut agrees with the character path on every ASCII byte: `a` holds `A` and `a`
    /// only; `;` holds `;` only; the Greek question mark (U+037E, canonically `;`) takes the long
    /// way and holds `;` too, as `Regex` has it.
    @Test func oneASCIICharacterMemberHoldsItsBytesAsTheCharacterPathDoes() {
        let a = RegexCharacterSet.Member.character("a")
        let semicolon = RegexCharacterSet.Member.character(";")
        let greek = RegexCharacterSet.Member.character("\u{037E}")
        #expect((0..<128).filter { RegexCharacterSet.holds(a, byte: UInt8($0)) } == [0x41, 0x61])
        #expect((0..<128).filter { RegexCharacterSet.holds(semicolon, byte: UInt8($0)) } == [0x3B])
        #expect((0..<128).filter { RegexCharacterSet.holds(greek, byte: UInt8($0)) } == [0x3B])
        for member in [a, semicolon, greek, .character("k"), .word, .range("a", "f")] {
            for byte in UInt8(0)..<0x80 {
                #expect(
                    RegexCharacterSet.holds(member, byte: byte)
                        == RegexCharacterSet.holds(member, Character(Unicode.Scalar(byte))))
            }
        }
    }
}
