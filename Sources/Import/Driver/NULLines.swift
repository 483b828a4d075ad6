import Foundation

/// Lines of a text export that hold NUL bytes: one damaged record must not cost the whole file.
///
/// A NUL byte never belongs in a CSV, OFX or QIF text (UTF-16 aside, where every other byte of
/// ASCII text is zero), so a line that holds one is damaged. Its bytes are removed (the line
/// break stays, so later lines keep their numbers) and the driver accounts for it: a skipped
/// record in a CSV file, a warning in the others (whose records span lines: the reader then
/// skips the record if the line gave something it needs). A file where NUL bytes are common is
/// binary, not a damaged export.
enum NULLines {
    enum Outcome: Equatable {
        case clean
        /// The 1-based numbers of the lines whose bytes were removed.
        case blanked([Int])
        /// NUL bytes on `lines` of `of` lines: not a text file.
        case binary(lines: Int, of: Int)
    }

    /// Removes the lines holding a NUL byte from `bytes`, unless the file is UTF-16 or binary.
    /// A file without NUL bytes costs one `memchr` over it.
    static func blank(_ bytes: inout [UInt8]) -> Outcome {
        let first = bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
        guard let first else { return .clean }
        let head = Array(bytes.prefix(512))
        let bom = head.count >= 2 && ((head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF))
        if bom || TextDecoding.looksLikeUTF16(head) != nil { return .clean }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var lines: [Int] = []
        var lineCount = 0
        var start = 0
        // Lines before the first NUL are copied whole.
        var scanFrom = bytes[..<first].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        lineCount = bytes[..<scanFrom].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        result.append(contentsOf: bytes[..<scanFrom])
        start = scanFrom
        while start < bytes.count {
            var end = start
            var hasNUL = false
            while end < bytes.count && bytes[end] != 0x0A {
                if bytes[end] == 0 { hasNUL = true }
                end += 1
            }
            lineCount += 1
            if hasNUL {
                lines.append(lineCount)
                // Keep a carriage return so that CR LF files stay CR LF.
                if end > start && bytes[end - 1] == 0x0D { result.append(0x0D) }
            } else {
                result.append(contentsOf: bytes[start..<end])
            }
            if end < bytes.count { result.append(0x0A) }
            start = end + 1
            scanFrom = start
        }
        let total = lineCount
        if lines.count > max(1, total / 10) { return .binary(lines: lines.count, of: total) }
        bytes = result
        return .blanked(lines)
    }
}
