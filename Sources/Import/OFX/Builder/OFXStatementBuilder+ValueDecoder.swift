import Ledger

extension OFXStatementBuilder {
    /// Turns raw value bytes (UTF-8: `OFXDocument` decodes the file first) into text: trimmed, and
    /// for SGML, where values may carry `&amp;` and the like, with character references replaced.
    struct ValueDecoder {
        let decodesEntities: Bool

        @inline(__always)
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            let trimmed = OFXBytes.trimmed(bytes)
            if trimmed.isEmpty { return "" }
            let string = String(decoding: trimmed, as: UTF8.self)
            guard decodesEntities, trimmed.contains(UInt8(ascii: "&")) else { return string }
            return OFXBytes.decodingEntities(string)
        }

        /// A value kept as written (amounts), trimmed; ASCII in any valid file.
        @inline(__always)
        func raw(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            String(decoding: OFXBytes.trimmed(bytes), as: UTF8.self)
        }

        @inline(__always)
        func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

        /// Upper-cased text (`Credit` -> `CREDIT`), without Unicode case mapping when the value is ASCII.
        @inline(__always)
        func upperCased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            let trimmed = OFXBytes.trimmed(bytes)
            guard trimmed.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "&") }) else { return text(bytes).uppercased() }
            return String(unsafeUninitializedCapacity: trimmed.count) { buffer in
                for (index, byte) in trimmed.enumerated() {
                    buffer[index] = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
                }
                return trimmed.count
            }
        }

        func currency(_ value: UnsafeBufferPointer<UInt8>) -> Currency? {
            let code = text(value)
            return code.isEmpty ? nil : Currency(code: code)
        }
    }
}
