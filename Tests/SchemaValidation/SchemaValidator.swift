import Foundation

/// Checks JSON against the part of JSON Schema (draft 2020-12) that the shipped schemas use:
/// `type`, `required`, `properties`, `additionalProperties: false`, `items`, `$ref` to
/// `#/$defs/…`, `enum`, `const`, `pattern`, `minimum`, `dependentRequired` and `if`/`then`.
/// Anything else in a schema is a problem, so the check never passes by ignoring a keyword.
///
/// Shared by the tests of every stage that ships a schema (`Schemas/report.schema.json`,
/// `Schemas/analysis.schema.json`, `Schemas/import-report.schema.json`), so all are held to the
/// same reading of the standard.
package struct SchemaValidator {
    /// The schema is not a JSON object.
    package struct NotASchema: Error {}

    let root: [String: Any]

    package init(schema: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: schema) as? [String: Any] else { throw NotASchema() }
        self.root = root
    }

    static let known: Set<String> = [
        "$schema", "$id", "$defs", "$ref", "title", "description", "type", "required", "properties",
        "additionalProperties", "items", "enum", "const", "pattern", "minimum", "maximum", "maxItems", "minLength",
        "dependentRequired", "if", "then",
    ]

    /// Problems found, as `path: what`; empty when the value conforms.
    package func validate(_ value: Any) -> [String] {
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
            let types = (type as? [String]) ?? [type as? String].compactMap { $0 }
            if types.isEmpty { problems.append("\(path): the schema's type is neither a string nor strings") }
            if !types.isEmpty && !types.contains(where: { Self.matches(value, type: $0) }) {
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
        if let minimum = (schema["minimum"] as? NSNumber)?.doubleValue, !Self.isBoolean(value),
            let number = value as? NSNumber, number.doubleValue < minimum
        {
            problems.append("\(path): \(number) is below \(minimum)")
        }
        if let maximum = (schema["maximum"] as? NSNumber)?.doubleValue, !Self.isBoolean(value),
            let number = value as? NSNumber, number.doubleValue > maximum
        {
            problems.append("\(path): \(number) is above \(maximum)")
        }
        if let most = (schema["maxItems"] as? NSNumber)?.intValue, let array = value as? [Any], array.count > most {
            problems.append("\(path): \(array.count) items, more than \(most)")
        }
        if let least = (schema["minLength"] as? NSNumber)?.intValue, let text = value as? String, text.count < least {
            problems.append("\(path): '\(text)' is shorter than \(least)")
        }
        if let condition = schema["if"] as? [String: Any], let consequence = schema["then"] as? [String: Any] {
            var unmet: [String] = []
            check(value, against: condition, at: path, into: &unmet)
            if unmet.isEmpty { check(value, against: consequence, at: path, into: &problems) }
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                problems.append("\(path): '\(name)' is required")
            }
            let dependencies = schema["dependentRequired"] as? [String: [String]] ?? [:]
            for (trigger, names) in dependencies.sorted(by: { $0.key < $1.key }) where object[trigger] != nil {
                for name in names where object[name] == nil {
                    problems.append("\(path): '\(name)' is required when '\(trigger)' is present")
                }
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

    /// JSONSerialization gives `true` and `false` as `NSNumber`s of a class of their own; `1` is
    /// also `as? Bool`, so the class is what tells a boolean from a number.
    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return type(of: number) == booleanClass
    }

    private static func matches(_ value: Any, type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "null": return value is NSNull
        case "boolean": return isBoolean(value)
        case "number": return value is NSNumber && !isBoolean(value)
        case "integer":
            guard let number = value as? NSNumber, !isBoolean(value) else { return false }
            return number.doubleValue.rounded() == number.doubleValue
        default: return false
        }
    }

    private static func equal(_ value: Any, _ other: Any) -> Bool {
        if let a = value as? String, let b = other as? String { return a == b }
        if isBoolean(value) != isBoolean(other) { return false }
        if let a = value as? NSNumber, let b = other as? NSNumber { return a == b }
        return false
    }

    private static func describe(_ value: Any) -> String {
        switch value {
        case is String: "a string"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        case is NSNull: "null"
        default: isBoolean(value) ? "\(value as? Bool == true)" : "\(value)"
        }
    }
}
