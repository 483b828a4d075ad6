import Testing

@testable import Ledger

@Suite struct CSVCellTests {
    static func needsQuotes(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { CSVCell.needsQuotes($0) } }

    /// A comma, a quote, a line feed or a carriage return anywhere in a cell of 20 bytes (two
    /// words of eight and a tail of four) makes it need quotes; a byte one above or below each
    /// one, or beyond ASCII, does not.
    @Test func findsEachSpecialByteAtEveryPlace() {
        let plain = Array("ABCDEFGHIJKLMNOPQRST".utf8)
        #expect(!Self.needsQuotes(plain))
        for special: UInt8 in [0x2C, 0x22, 0x0A, 0x0D] {
            for place in 1..<plain.count {
                var cell = plain
                cell[place] = special
                #expect(Self.needsQuotes(cell), "byte \(special) at \(place)")
            }
        }
        for near: UInt8 in [0x2B, 0x2D, 0x21, 0x23, 0x09, 0x0B, 0x0C, 0x0E, 0x00, 0x80, 0xAC, 0xA2, 0xFF] {
            for place in 1..<plain.count {
                var cell = plain
                cell[place] = near
                #expect(!Self.needsQuotes(cell), "byte \(near) at \(place)")
            }
        }
        #expect(!Self.needsQuotes([]))
        #expect(Self.needsQuotes(Array("=SUM(A1)".utf8)))
        #expect(Self.needsQuotes(Array("-5".utf8)))
    }

    /// The same answer as looking at each byte, for cells of every length up to 40 drawn from
    /// bytes around the special ones.
    @Test func agreesWithAByteByByteLook() {
        let alphabet: [UInt8] = [0x2C, 0x22, 0x0A, 0x0D, 0x41, 0x61, 0x20, 0x2B, 0x2D, 0xC3, 0xA9, 0x09, 0x0B, 0x7F]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<4_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let count = Int(state >> 58) % 41
            var cell: [UInt8] = []
            for index in 0..<count {
                let pick = Int((state >> UInt64(index % 50)) & 0xFF) &+ index &* 7
                // Mostly letters, so that a cell with no special byte at all is common.
                cell.append(pick % 5 == 0 ? alphabet[pick % alphabet.count] : 0x41 + UInt8(pick % 26))
            }
            let expected =
                cell.first.map(CSVCell.startsFormula) == true
                || cell.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            #expect(Self.needsQuotes(cell) == expected, "\(cell)")
        }
    }
}
