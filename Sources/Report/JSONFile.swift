import Foundation
import Ledger

/// Reads and writes the small JSON files of this stage (analyses in, reports out).
///
/// Foundation's coders are fast enough for files of a few kilobytes; what matters here is that
/// a broken file gets an error naming the file and the field, and that output is byte-stable.
enum JSONFile {
    static func decode<Value: Decodable>(
        _ type: Value.Type, from bytes: [UInt8], path: String
    ) throws(ReportError)
        -> Value
    {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw ReportError(.input, path: path, message: describe(error))
        } catch {
            throw ReportError(.input, path: path, message: "cannot read the JSON (\(error))")
        }
    }

    /// Pretty-printed with sorted keys and a final newline: the same value always gives the same bytes.
    static func encode(_ value: some Encodable) throws(ReportError) -> [UInt8] {
        do {
            return try PrettyJSONEncoder().encode(value) + [0x0A]
        } catch {
            throw ReportError(.input, path: "report.json", message: "cannot encode the report (\(error))")
        }
    }

    /// A sentence for a decoding failure, naming the field as a path (`summary.previous.month`).
    static func describe(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            var text = ""
            for key in path + (last.map { [$0] } ?? []) {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the top level" : "'\(text)'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(field(context.codingPath, key)) is missing"
        case .typeMismatch(let type, let context):
            return "\(field(context.codingPath)) is not \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(field(context.codingPath)) is null, expected \(typeName(type))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "the file is not valid JSON" }
            return "\(field(context.codingPath)) is not valid: \(context.debugDescription)"
        @unknown default:
            return "cannot read the JSON (\(error))"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: type is any Collection.Type ? "an array" : "an object"
        }
    }
}
