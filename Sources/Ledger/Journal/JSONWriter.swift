/// Appends JSON to a byte buffer, for row schemas too hot for `JSONEncoder`.
///
/// Keys are written in the order the caller gives, so output is byte-for-byte reproducible.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray(key: String) {
        writeKey(key)
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Ends a line of JSON Lines output.
    public mutating func newline() {
        bytes.append(0x0A)
        needsComma = false
    }

    public mutating func string(_ key: String, _ value: String) {
        writeKey(key)
        appendQuoted(value)
    }

    /// A bare string element inside an array.
    public mutating func element(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    public mutating func integer(_ key: String, _ value: Int) {
        writeKey(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    public mutating func bool(_ key: String, _ value: Bool) {
        writeKey(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Appends bytes that are already valid JSON.
    public mutating func raw(_ key: String, _ json: some Sequence<UInt8>) {
        writeKey(key)
        bytes.append(contentsOf: json)
    }

    /// A key written as JSON once (quoted, escaped, its colon after it), for writers that give the
    /// same keys on every line: `writeKey` escapes a `String` key anew on each call.
    public struct Key: Sendable {
        let bytes: [UInt8]

        public init(_ key: String) {
            var writer = JSONWriter()
            writer.appendQuoted(key)
            writer.bytes.append(UInt8(ascii: ":"))
            bytes = writer.bytes
        }
    }

    public mutating func string(_ key: Key, _ value: String) {
        separate()
        bytes.append(contentsOf: key.bytes)
        needsComma = true
        appendQuoted(value)
    }

    /// `raw(_:_:)` with a written key and an array of bytes: the generic one is not specialised
    /// across modules, and appends byte by byte through the sequence's witnesses.
    public mutating func raw(_ key: Key, _ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: key.bytes)
        needsComma = true
        bytes.append(contentsOf: json)
    }

    /// Appends a value another encoder writes straight into the buffer (`JournalCodec.encodeRow`).
    mutating func appendValue(_ write: (inout [UInt8]) -> Void) {
        separate()
        write(&bytes)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func writeKey(_ key: String) {
        separate()
        appendQuoted(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = true
    }

    private mutating func appendQuoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        let done: Void? = value.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
        if done == nil { appendEscaped(Array(value.utf8)) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Through the one escaper (`JSONStringEscaper`), which appends plain text in one go.
    private mutating func appendEscaped(_ source: UnsafeBufferPointer<UInt8>) {
        JSONStringEscaper.append(source, to: &bytes)
    }

    private mutating func appendEscaped(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { appendEscaped($0) }
    }
}
