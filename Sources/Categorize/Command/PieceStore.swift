import Ledger

/// Byte strings kept end to end, numbered in the order added: pieces of output made once and
/// copied many times, without an array (and its reference count) per piece.
struct PieceStore {
    var bytes: [UInt8] = []
    var ends: [Int] = [0]

    /// Per piece, a hash of its bytes (`ByteKeyedCache.hash`): what a row's identity takes of it.
    var hashes: [UInt64] = []

    mutating func add(_ piece: [UInt8]) -> Int32 {
        bytes += piece
        ends.append(bytes.count)
        hashes.append(piece.withUnsafeBufferPointer { ByteKeyedCache<Int>.hash($0) })
        return Int32(ends.count - 2)
    }

    /// How many bytes piece `piece` has.
    func count(of piece: Int32) -> Int { ends[Int(piece) + 1] - ends[Int(piece)] }

    func append(_ piece: Int32, to output: inout [UInt8]) {
        let start = ends[Int(piece)]
        let end = ends[Int(piece) + 1]
        bytes.withUnsafeBufferPointer { all in
            output.append(contentsOf: UnsafeBufferPointer(rebasing: all[start..<end]))
        }
    }

    func append(_ piece: Int32, to output: inout ByteBuffer) {
        let start = ends[Int(piece)]
        let end = ends[Int(piece) + 1]
        bytes.withUnsafeBufferPointer { all in output.append(UnsafeBufferPointer(rebasing: all[start..<end])) }
    }
}
