extension FigureFile {
    /// Writes a figure file as it goes: the rows, in the ledger's order, a chunk at a time, then
    /// the tables they index (`finishBody`), then, once the ledger is in place, its stamp
    /// (`writeTrailer`).
    ///
    /// Texts, categories, currencies and accounts are added by the caller and named by the numbers
    /// these calls return; it keeps texts distinct (it knows them by its own numbers), and a text
    /// added twice is only stored twice.
    public final class Writer {
        private let output: AtomicFileWriter
        private var texts = ByteBuffer(capacity: 1 << 16)
        private var textCount: UInt32 = 0
        private var categories: [[UInt32]] = []
        private var currencies: [(code: UInt32, exponent: UInt8)] = []
        private var accounts: [UInt32] = []
        private var rows = ByteBuffer(capacity: FigureFile.chunk + 4096)
        /// Bytes of rows already handed to `output`.
        private var flushed = 0
        private var rowCount: UInt64 = 0
        private var checkpoints: [UInt64] = []

        /// Rows between two checkpoints (`FigureFile.checkpointStep` but in tests).
        private let checkpointStep: Int

        public init(output: AtomicFileWriter, checkpointStep: Int = FigureFile.checkpointStep) {
            self.output = output
            self.checkpointStep = max(1, checkpointStep)
            output.write(FigureFile.magic)
        }

        /// Adds a text; returns its number.
        public func addText(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
            Self.append(UInt32(bytes.count), to: &texts)
            texts.append(bytes)
            textCount += 1
            return textCount - 1
        }

        public func addText(_ text: String) -> UInt32 {
            var text = text
            return text.withUTF8 { addText($0) }
        }

        /// Adds a category path by its components' text numbers; returns its number.
        public func addCategory(components: [UInt32]) -> Int32 {
            categories.append(components)
            return Int32(categories.count - 1)
        }

        /// Adds a currency by its code's text number and its exponent; returns its number.
        public func addCurrency(code: UInt32, exponent: Int) -> UInt16 {
            currencies.append((code, UInt8(clamping: exponent)))
            return UInt16(currencies.count - 1)
        }

        /// Adds an account by its id's text number; returns its number.
        public func addAccount(id: UInt32) -> UInt32 {
            accounts.append(id)
            return UInt32(accounts.count - 1)
        }

        /// Appends a row: the id's length (4 bytes) and bytes, the account (4), the date (4: year,
        /// month, day in 2, 1, 1 bytes), the amount in minor units (8), its currency (2), the
        /// payee's text (4), the category (4, -1 for none), flags (1: pending, transfer, ignored),
        /// the category source's kind (1), the count of splits (4) and each split's category (4),
        /// amount (8) and currency (2).
        public func appendRow(
            id: UnsafeBufferPointer<UInt8>, account: UInt32, date: CivilDate, minorUnits: Int64, currency: UInt16,
            payee: UInt32, category: Int32, isPending: Bool, isTransfer: Bool, isIgnored: Bool,
            kind: CategorySource.Kind, splits: [SplitNumbers] = []
        ) {
            if rowCount % UInt64(checkpointStep) == 0 { checkpoints.append(UInt64(flushed + rows.count)) }
            let size = 4 + id.count + 32 + splits.count * 14
            let start = UnsafeMutableRawPointer(rows.room(for: size))
            var at = 0
            func put<T: FixedWidthInteger>(_ value: T) {
                start.storeBytes(of: value.littleEndian, toByteOffset: at, as: T.self)
                at += MemoryLayout<T>.size
            }
            put(UInt32(id.count))
            if let source = id.baseAddress { (start + at).copyMemory(from: source, byteCount: id.count) }
            at += id.count
            put(account)
            put(UInt32(date.year) << 16 | UInt32(date.month) << 8 | UInt32(date.day))
            put(UInt64(bitPattern: minorUnits))
            put(currency)
            put(payee)
            put(UInt32(bitPattern: category))
            put(FigureRow.flags(isPending: isPending, isTransfer: isTransfer, isIgnored: isIgnored))
            put(kind.rawValue)
            put(UInt32(splits.count))
            for split in splits {
                put(UInt32(bitPattern: split.category))
                put(UInt64(bitPattern: split.minorUnits))
                put(split.currency)
            }
            rows.didWrite(upTo: start.assumingMemoryBound(to: UInt8.self) + at)
            rowCount += 1
            if rows.count >= FigureFile.chunk { flushRows() }
        }

        private func flushRows() {
            output.write(rows.bytes)
            flushed += rows.count
            rows.removeAll()
        }

        /// Writes what follows the rows: the tables, the row count, the checkpoints and where the
        /// tables start. Only the ledger's stamp is left (`writeTrailer`).
        public func finishBody() {
            flushRows()
            let tablesOffset = UInt64(FigureFile.magic.count + flushed)
            var tail = ByteBuffer(capacity: 1 << 12)
            Self.append(textCount, to: &tail)
            output.write(tail.bytes)
            output.write(texts.bytes)
            tail.removeAll()
            Self.append(UInt32(categories.count), to: &tail)
            for components in categories {
                Self.append(UInt32(components.count), to: &tail)
                for component in components { Self.append(component, to: &tail) }
            }
            Self.append(UInt32(currencies.count), to: &tail)
            for currency in currencies {
                Self.append(currency.code, to: &tail)
                Self.append(currency.exponent, to: &tail)
            }
            Self.append(UInt32(accounts.count), to: &tail)
            for account in accounts { Self.append(account, to: &tail) }
            Self.append(rowCount, to: &tail)
            for offset in checkpoints { Self.append(offset, to: &tail) }
            Self.append(UInt32(checkpointStep), to: &tail)
            Self.append(UInt32(checkpoints.count), to: &tail)
            Self.append(tablesOffset, to: &tail)
            output.write(tail.bytes)
        }

        /// Writes the trailer: the stamp of the ledger the rows are of, once it is in place.
        public static func writeTrailer(stamp: FileStamp, to output: AtomicFileWriter) {
            var trailer = ByteBuffer(capacity: 64)
            for field in stamp.fields { append(field, to: &trailer) }
            trailer.append(FigureFile.endMagic)
            output.write(trailer.bytes)
        }

        static func append<T: FixedWidthInteger>(_ value: T, to buffer: inout ByteBuffer) {
            withUnsafeBytes(of: value.littleEndian) { buffer.append($0.bindMemory(to: UInt8.self)) }
        }
    }
}
