/// The `Encoder` behind `PrettyJSONEncoder`: it turns a value into a `JSONNode`.
///
/// Values of the standard scalar types are converted directly. Anything else encodes itself
/// into a child encoder, whose containers fill the node it hands back.
final class JSONTreeEncoder: Encoder {
    /// Where this value sits: its parent's encoder and its key there. The coding path is only
    /// needed for errors, so it is put together from these when asked for, not copied into every
    /// nested value.
    private let parent: JSONTreeEncoder?
    private let key: (any CodingKey)?
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What the value has written so far; nil until it asks for a container.
    var node: JSONNode?

    init(parent: JSONTreeEncoder?, key: (any CodingKey)?) {
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var encoder: JSONTreeEncoder? = self
        while let current = encoder {
            if let key = current.key { path.append(key) }
            encoder = current.parent
        }
        return path.reversed()
    }

    /// The node of `value`, the member `key` of the value `parent` encodes (nil at the top).
    static func node<Value: Encodable>(
        for value: Value, parent: JSONTreeEncoder?, key: (any CodingKey)?
    ) throws -> JSONNode {
        // Comparing types is cheap; a failed dynamic cast per value is not.
        if Value.self == String.self, let text = value as? String { return .string(text) }
        if Value.self == Int.self, let integer = value as? Int { return .number(String(integer)) }
        if Value.self == Double.self, let real = value as? Double {
            return try number(real, { (parent?.codingPath ?? []) + (key.map { [$0] } ?? []) })
        }
        if Value.self == Bool.self, let flag = value as? Bool { return .bool(flag) }
        let encoder = JSONTreeEncoder(parent: parent, key: key)
        try value.encode(to: encoder)
        if let node = encoder.node { return node }
        // As `JSONEncoder`: nothing at all is an error, a member that wrote nothing an empty object.
        guard parent != nil || key != nil else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        return .object(JSONObjectBox())
    }

    /// A finite floating-point number as `JSONEncoder` writes it: its shortest description, with
    /// a trailing `.0` dropped.
    static func number<Number: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: Number, _ codingPath: () -> [any CodingKey]
    ) throws -> JSONNode {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath(), debugDescription: "\(value) is not valid JSON"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: JSONObjectBox
        if case .object(let existing) = node {
            box = existing
        } else {
            box = JSONObjectBox()
            node = .object(box)
        }
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(box: box, encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: JSONArrayBox
        if case .array(let existing) = node {
            box = existing
        } else {
            box = JSONArrayBox()
            node = .array(box)
        }
        return JSONUnkeyedContainer(box: box, encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(encoder: self)
    }
}

/// A key for an element of an array, in coding paths.
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// The key `super`, in coding paths.
struct JSONSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { guard stringValue == "super" else { return nil } }
    init?(intValue: Int) { nil }
}

struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONObjectBox
    /// The encoder of the object, for coding paths.
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func add(_ key: Key, _ node: JSONNode) { box.members.append((key.stringValue, node)) }

    /// An encoder for the member `key`, placed in the object by the caller.
    private func child(_ key: Key) -> JSONTreeEncoder { JSONTreeEncoder(parent: encoder, key: key) }

    mutating func encodeNil(forKey key: Key) throws { add(key, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(key, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        add(key, try JSONTreeEncoder.number(value, { child(key).codingPath }))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        add(key, try JSONTreeEncoder.number(value, { child(key).codingPath }))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key, .number(String(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key, .number(String(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key, .number(String(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key, .number(String(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, .number(String(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key, .number(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key, .number(String(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key, .number(String(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key, .number(String(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, .number(String(value))) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        add(key, try JSONTreeEncoder.node(for: value, parent: encoder, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectBox()
        add(key, .object(nested))
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(box: nested, encoder: child(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        add(key, .array(nested))
        return JSONUnkeyedContainer(box: nested, encoder: child(key))
    }

    mutating func superEncoder() -> any Encoder {
        let superEncoder = JSONTreeEncoder(parent: encoder, key: JSONSuperKey())
        box.members.append(("super", .deferred(superEncoder)))
        return superEncoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let superEncoder = child(key)
        add(key, .deferred(superEncoder))
        return superEncoder
    }
}

struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let box: JSONArrayBox
    /// The encoder of the array, for coding paths.
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { box.items.count }

    private func add(_ node: JSONNode) { box.items.append(node) }

    /// An encoder for the next element, placed in the array by the caller.
    private func child() -> JSONTreeEncoder { JSONTreeEncoder(parent: encoder, key: JSONIndexKey(count)) }

    mutating func encodeNil() throws { add(.null) }
    mutating func encode(_ value: Bool) throws { add(.bool(value)) }
    mutating func encode(_ value: String) throws { add(.string(value)) }
    mutating func encode(_ value: Double) throws { add(try JSONTreeEncoder.number(value, { child().codingPath })) }
    mutating func encode(_ value: Float) throws { add(try JSONTreeEncoder.number(value, { child().codingPath })) }
    mutating func encode(_ value: Int) throws { add(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { add(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { add(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { add(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { add(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { add(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { add(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { add(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { add(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { add(.number(String(value))) }
    mutating func encode(_ value: some Encodable) throws {
        add(try JSONTreeEncoder.node(for: value, parent: encoder, key: JSONIndexKey(count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectBox()
        let element = child()
        add(.object(nested))
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(box: nested, encoder: element))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        let element = child()
        add(.array(nested))
        return JSONUnkeyedContainer(box: nested, encoder: element)
    }

    mutating func superEncoder() -> any Encoder {
        let element = child()
        add(.deferred(element))
        return element
    }
}

struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ node: JSONNode) { encoder.node = node }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try JSONTreeEncoder.number(value, { codingPath })) }
    mutating func encode(_ value: Float) throws { set(try JSONTreeEncoder.number(value, { codingPath })) }
    mutating func encode(_ value: Int) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { set(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { set(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { set(.number(String(value))) }
    mutating func encode(_ value: some Encodable) throws {
        // The value takes this encoder's place: a struct wrapping one value encodes as that value.
        let inner = try JSONTreeEncoder.node(for: value, parent: encoder, key: nil)
        set(inner)
    }
}
