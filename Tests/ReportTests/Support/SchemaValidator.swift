import Foundation

/// Checks JSON against the part of JSON Schema `report.schema.json` uses: `type`, `required`,
/// `properties`, `additionalProperties: false`, `items`, `$ref` to `#/$defs/…`, `enum`, `const`,
/// `pattern` and `minimum` (no `boolean`: report.json has none). Anything else in a schema is an error, so the check never passes by
/// ignoring a keyword.
struct SchemaValidator {
    let root: [String: Any]

    init(schema: Data) throws {
        root = try JSONSerialization.jsonObject(with: schema) as! [String: Any]
    }

    static let known: Set<String> = [
        "$schema", "$id", "$defs", "$ref", "title", "description", "type", "required", "properties",
        "additionalProperties", "items", "enum", "const", "pattern", "minimum",
    ]

    /// Problems found, as `path: what`; empty when the value conforms.
    func validate(_ value: Any) -> [String] {
        var problems: [String] = []
        check(value, against: root, at: "$", into: &problems)
        return problems
    }

    private func check(_ value: Any, against schema: [String: Any], at path: String, into problems: inout [String]) {
        for key in schema.keys where !Self.known.contains(key) {
            problems.append("\(path): the schema uses '\(key)', which this checker does not know")
        }
        if let reference = schema["$ref"] as? String {
            let name = String(reference.dropFirst("#/$defs/".count))
            guard reference.hasPrefix("#/$defs/"), let definitions = root["$defs"] as? [String: Any],
                let target = definitions[name] as? [String: Any]
            else {
                problems.append("\(path): unknown $ref \(reference)")
                return
            }
            check(value, against: target, at: path, into: &problems)
        }
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [type as! String]
            if !types.contains(where: { Self.matches(value, type: $0) }) {
                problems.append("\(path): expected \(types.joined(separator: " or ")), found \(Self.describe(value))")
                return
            }
        }
        if let constant = schema["const"], !Self.equal(value, constant) {
            problems.append("\(path): expected the constant \(constant)")
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal(value, $0) }) {
            problems.append("\(path): \(value) is not one of \(options)")
        }
        if let pattern = schema["pattern"] as? String, let text = value as? String {
            if text.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(path): '\(text)' does not match \(pattern)")
            }
        }
        if let minimum = schema["minimum"] as? Double, let number = value as? NSNumber, number.doubleValue < minimum {
            problems.append("\(path): \(number) is below \(minimum)")
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                problems.append("\(path): '\(name)' is required")
            }
            for (name, member) in object {
                if let propertySchema = properties[name] as? [String: Any] {
                    check(member, against: propertySchema, at: "\(path).\(name)", into: &problems)
                } else if (schema["additionalProperties"] as? Bool) == false {
                    problems.append("\(path): '\(name)' is not in the schema")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() {
                check(element, against: items, at: "\(path)[\(index)]", into: &problems)
            }
        }
    }

    private static func matches(_ value: Any, type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "null": return value is NSNull
        case "number": return value is NSNumber
        case "integer":
            guard let number = value as? NSNumber else { return false }
            return number.doubleValue.rounded() == number.doubleValue
        default: return false
        }
    }

    private static func equal(_ value: Any, _ other: Any) -> Bool {
        if let a = value as? String, let b = other as? String { return a == b }
        if let a = value as? NSNumber, let b = other as? NSNumber { return a == b }
        return false
    }

    private static func describe(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        case is NSNull: "null"
        default: "\(value)"
        }
    }
}
