/// The one JSON string escaper: `"`, `\` and control characters, nothing else (not `/`, not
/// non-ASCII), control characters as `\n`, `\r`, `\t` or `\u00xx` with lower-case hex digits.
///
/// Why one: the journal's rows, the field-by-field `JSONWriter` and the pretty encoder must spell
/// a string alike, byte for byte (the categorisation splices encoded text into rows it reads in
/// place). They differ in one thing, kept as a choice here: `JSONEncoder`, which the pretty
/// encoder matches, writes backspace and form feed as `\b` and `\f`.
///
/// The hot loop is the journal encoder's, a million rows of text: runs of plain bytes are found
/// eight bytes at a time (`JSONStringBytes`) and copied in one move each.
enum JSONStringEscaper {
    /// The most bytes one byte of text becomes (`\u00xx`): room to ask for before writing.
    static let bytesPerByte = 6

    /// How control characters other than line feed, return and tab are written.
    enum ControlEscapes {
        /// `\u00xx` for all of them, as the journal and `JSONWriter` write them.
        case hexadecimal
        /// `\b` and `\f` for backspace and form feed, `\u00xx` for the rest, as `JSONEncoder`.
        case foundation
    }

    /// Writes the UTF-8 `source` escaped at `cursor`, which has room for `bytesPerByte` bytes per
    /// byte of `source`; returns the end.
    static func write(
        _ source: UnsafeBufferPointer<UInt8>, at cursor: UnsafeMutablePointer<UInt8>,
        controls: ControlEscapes = .hexadecimal
    ) -> UnsafeMutablePointer<UInt8> {
        guard let base = source.baseAddress else { return cursor }
        var out = cursor
        let count = source.count
        var runStart = 0
        while true {
            let index = JSONStringBytes.firstSpecial(base, from: runStart, to: count)
            guard index < count else { break }
            let value = base[index]
            out.update(from: base + runStart, count: index - runStart)
            out += index - runStart
            out[0] = 0x5C
            switch value {
            case 0x22, 0x5C:
                out[1] = value
                out += 2
            case 0x0A:
                out[1] = UInt8(ascii: "n")
                out += 2
            case 0x0D:
                out[1] = UInt8(ascii: "r")
                out += 2
            case 0x09:
                out[1] = UInt8(ascii: "t")
                out += 2
            case 0x08 where controls == .foundation:
                out[1] = UInt8(ascii: "b")
                out += 2
            case 0x0C where controls == .foundation:
                out[1] = UInt8(ascii: "f")
                out += 2
            default:
                out[1] = UInt8(ascii: "u")
                out[2] = 0x30
                out[3] = 0x30
                out[4] = hexDigit(value >> 4)
                out[5] = hexDigit(value & 0xF)
                out += 6
            }
            runStart = index + 1
        }
        out.update(from: base + runStart, count: count - runStart)
        return out + (count - runStart)
    }

    /// Appends the UTF-8 `source` escaped to `bytes`: in one append when it needs no escape, as
    /// most text does.
    static func append(
        _ source: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], controls: ControlEscapes = .hexadecimal
    ) {
        guard let base = source.baseAddress else { return }
        if JSONStringBytes.firstSpecial(base, from: 0, to: source.count) == source.count {
            bytes.append(contentsOf: source)
            return
        }
        let escaped = [UInt8](unsafeUninitializedCapacity: bytesPerByte * source.count) { buffer, count in
            guard let start = buffer.baseAddress else { return }
            count = write(source, at: start, controls: controls) - start
        }
        bytes.append(contentsOf: escaped)
    }

    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x61 + value - 10 }
}
