import Testing

@testable import Import

/// The journal's pieces are written on a second thread (`WriteBehind`); the file must get every
/// piece, whole and in the order it was made, on one core and on two.
@Suite("Writing the journal behind its encoding")
struct WriteBehindTests {
    @Test("a thousand small pieces arrive whole and in order", arguments: [1, 2])
    func smallPieces(cores: Int) {
        var written: [UInt8] = []
        var calls = 0
        // Piece i is i % 7 + 1 bytes, each of them i % 256.
        WriteBehind.run(
            cores: cores,
            write: {
                written.append(contentsOf: $0); calls += 1
            }
        ) { sink in
            var emptied = 0
            for index in 0..<1000 {
                var piece = [UInt8](repeating: UInt8(index % 256), count: index % 7 + 1)
                sink(&piece)
                if piece.isEmpty { emptied += 1 }
            }
            // Each piece is taken, an empty array left in its place.
            #expect(emptied == 1000)
        }
        // 142 whole rounds of 1 + 2 + ... + 7 = 28 bytes, then pieces 994-999 of 1 to 6 bytes.
        #expect(calls == 1000)
        #expect(written.count == 142 * 28 + 21)
        #expect(Array(written.prefix(6)) == [0, 1, 1, 2, 2, 2])
        // Piece 999 (999 % 7 = 5, so six bytes of 999 % 256 = 231) comes last.
        #expect(Array(written.suffix(7)) == [230, 231, 231, 231, 231, 231, 231])
    }

    @Test("pieces larger than the buffers in flight arrive whole, each buffer used again", arguments: [1, 2])
    func largePieces(cores: Int) {
        var written: [UInt8] = []
        // 40 pieces of 100,000 bytes, piece k all k: ten times the four buffers in flight.
        WriteBehind.run(cores: cores, write: { written.append(contentsOf: $0) }) { sink in
            // One array filled again and again, as the journal's writer does.
            var buffer: [UInt8] = []
            for piece in 0..<40 {
                buffer.append(contentsOf: repeatElement(UInt8(piece), count: 100_000))
                sink(&buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        #expect(written.count == 4_000_000)
        #expect(written[0] == 0)
        #expect(written[99_999] == 0)
        #expect(written[100_000] == 1)
        #expect(written[2_050_000] == 20)
        #expect(written[3_999_999] == 39)
    }

    @Test("a journal of no pieces writes nothing and returns", arguments: [1, 2])
    func noPieces(cores: Int) {
        var calls = 0
        WriteBehind.run(cores: cores, write: { _ in calls += 1 }) { _ in }
        #expect(calls == 0)
    }
}
