/// Writes a POSIX ustar archive whose bytes depend only on the files put in it.
///
/// Entries are written in byte order of their names, whatever order they were added in; every
/// member is a regular file with mode 0644, owner `root` (uid and gid 0) and one fixed
/// modification time chosen by the caller. The archive ends with two zero blocks, as POSIX asks.
public struct TarWriter: Sendable {
    /// One regular file to store.
    public struct Entry: Sendable, Equatable {
        /// Path inside the archive, `/`-separated and relative (`2026-10/index.html`).
        public var name: String
        public var contents: [UInt8]

        public init(name: String, contents: [UInt8]) {
            self.name = name
            self.contents = contents
        }
    }

    /// Why a file cannot be stored in a ustar archive.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case nameTooLong(String)
        case fileTooLarge(String)

        public var description: String {
            switch self {
            case .nameTooLong(let name): "'\(name)' is too long for a ustar archive (100 bytes, or 155 + 100 at a '/')"
            case .fileTooLarge(let name): "'\(name)' is larger than the 8 GiB a ustar header can state"
            }
        }
    }

    public static let blockSize = 512

    /// Modification time of every member, in seconds since 1970-01-01T00:00:00Z.
    public var modificationTime: Int64
    private var entries: [Entry] = []

    public init(modificationTime: Int64) {
        self.modificationTime = modificationTime
    }

    public mutating func add(_ entry: Entry) {
        entries.append(entry)
    }

    public mutating func add(name: String, contents: [UInt8]) {
        add(Entry(name: name, contents: contents))
    }

    /// The whole archive.
    public func archive() throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        let sorted = entries.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        var size = 2 * Self.blockSize
        for entry in sorted { size += Self.blockSize + Self.padded(entry.contents.count) }
        output.reserveCapacity(size)
        for entry in sorted {
            output += try header(for: entry)
            output += entry.contents
            output += [UInt8](repeating: 0, count: Self.padded(entry.contents.count) - entry.contents.count)
        }
        output += [UInt8](repeating: 0, count: 2 * Self.blockSize)
        return output
    }

    /// `count` rounded up to whole blocks.
    static func padded(_ count: Int) -> Int {
        (count + blockSize - 1) / blockSize * blockSize
    }

    /// The 512-byte ustar header of one entry.
    func header(for entry: Entry) throws(Failure) -> [UInt8] {
        let (prefix, name) = try Self.split(entry.name)
        guard entry.contents.count < 0o77777777777 else { throw .fileTooLarge(entry.name) }
        var block = [UInt8](repeating: 0, count: Self.blockSize)
        func put(_ bytes: some Collection<UInt8>, at offset: Int) {
            for (index, byte) in bytes.enumerated() { block[offset + index] = byte }
        }
        put(name, at: 0)
        put(Self.octal(0o644, width: 8), at: 100)  // mode
        put(Self.octal(0, width: 8), at: 108)  // uid
        put(Self.octal(0, width: 8), at: 116)  // gid
        put(Self.octal(Int64(entry.contents.count), width: 12), at: 124)  // size
        put(Self.octal(max(modificationTime, 0), width: 12), at: 136)  // mtime
        put([UInt8](repeating: 0x20, count: 8), at: 148)  // checksum counts as spaces
        block[156] = UInt8(ascii: "0")  // regular file
        put(Array("ustar".utf8) + [0], at: 257)  // magic
        put(Array("00".utf8), at: 263)  // version
        put(Array("root".utf8), at: 265)  // uname
        put(Array("root".utf8), at: 297)  // gname
        put(Self.octal(0, width: 8), at: 329)  // devmajor
        put(Self.octal(0, width: 8), at: 337)  // devminor
        put(prefix, at: 345)
        let checksum = block.reduce(0) { $0 + Int64($1) }
        // Six octal digits, a NUL and a space: the form every tar writes and reads.
        put(Self.octal(checksum, width: 7) + [0x20], at: 148)
        return block
    }

    /// A name as ustar stores it: up to 100 bytes, or a prefix of up to 155 bytes cut at a `/`.
    static func split(_ path: String) throws(Failure) -> (prefix: [UInt8], name: [UInt8]) {
        let bytes = Array(path.utf8)
        if bytes.count <= 100 { return ([], bytes) }
        for index in bytes.indices.reversed() where bytes[index] == UInt8(ascii: "/") {
            let prefix = Array(bytes[..<index])
            let name = Array(bytes[(index + 1)...])
            if prefix.count <= 155 && name.count <= 100 && !name.isEmpty { return (prefix, name) }
        }
        throw .nameTooLong(path)
    }

    /// `value` in octal, zero-padded to `width - 1` digits and ended by a NUL.
    static func octal(_ value: Int64, width: Int) -> [UInt8] {
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: width - 1)
        var rest = value
        var index = width - 2
        while rest > 0 && index >= 0 {
            digits[index] = UInt8(ascii: "0") + UInt8(rest & 7)
            rest >>= 3
            index -= 1
        }
        return digits + [0]
    }
}
