import Ledger

extension CSVRowMapper {
    /// Appends the text of `source` to the record being made in group `group`; returns its length.
    mutating func appendText(
        _ source: CSVLayout.Text?, _ cell: (Int) -> UnsafeBufferPointer<UInt8>, to group: Int
    ) -> UInt32 {
        guard let source else { return 0 }
        if case .column(let index) = source, !collapseSpaces {
            return groups[group].records.appendText(trim(cell(index)))
        }
        fillScratch(source, cell)
        if case .template = source {
            return groups[group].records.appendText(String(decoding: textScratch, as: UTF8.self).csvTrimmed)
        }
        return textScratch.withUnsafeBufferPointer { groups[group].records.appendText($0) }
    }

    /// `appendText`, for a text that is absent when empty.
    mutating func optionalText(
        _ source: CSVLayout.Text, _ cell: (Int) -> UnsafeBufferPointer<UInt8>, to group: Int
    ) -> UInt32 {
        let length = appendText(source, cell, to: group)
        return length == 0 ? RecordTable.TextLengths.absent : length
    }

    /// The text of a source: cells trimmed of spaces and the profile's trim characters, runs of
    /// spaces collapsed when the profile says so.
    mutating func text(_ source: CSVLayout.Text?, _ cell: (Int) -> UnsafeBufferPointer<UInt8>) -> String {
        guard let source else { return "" }
        if case .column(let index) = source, !collapseSpaces { return interner.text(trim(cell(index))) }
        fillScratch(source, cell)
        if case .template = source { return String(decoding: textScratch, as: UTF8.self).csvTrimmed }
        return textScratch.withUnsafeBufferPointer { interner.text($0) }
    }

    /// Puts the text of `source` (before a template's trimming) in `textScratch`.
    mutating func fillScratch(_ source: CSVLayout.Text, _ cell: (Int) -> UnsafeBufferPointer<UInt8>) {
        textScratch.removeAll(keepingCapacity: true)
        switch source {
        case .column(let index):
            appendCollapsed(trim(cell(index)))
        case .joined(let indices):
            for index in indices {
                let part = trim(cell(index))
                if part.isEmpty { continue }
                if !textScratch.isEmpty { textScratch.append(contentsOf: joinBytes) }
                appendCollapsed(part)
            }
        case .template(let parts):
            _ = render(parts, cell)
        }
    }

    /// Appends `parts`; returns false when a cell in them was empty (so an optional part is dropped).
    mutating func render(_ parts: [CSVLayout.Part], _ cell: (Int) -> UnsafeBufferPointer<UInt8>) -> Bool {
        var complete = true
        for part in parts {
            switch part {
            case .literal(let bytes):
                textScratch.append(contentsOf: bytes)
            case .cell(let index):
                let value = trim(cell(index))
                if value.isEmpty { complete = false }
                appendCollapsed(value)
            case .optional(let inner):
                let mark = textScratch.count
                if !render(inner, cell) { textScratch.removeSubrange(mark...) }
            }
        }
        return complete
    }

    mutating func appendCollapsed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard collapseSpaces else {
            textScratch.append(contentsOf: bytes)
            return
        }
        var previousSpace = false
        for byte in bytes {
            let space = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            if space {
                if !previousSpace { textScratch.append(0x20) }
            } else {
                textScratch.append(byte)
            }
            previousSpace = space
        }
    }

    @inline(__always)
    func trim(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let extra = trimBytes
        var start = 0
        var end = bytes.count
        func trimmable(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || (!extra.isEmpty && extra.contains(byte))
        }
        while start < end && trimmable(bytes[start]) { start += 1 }
        while end > start && trimmable(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
