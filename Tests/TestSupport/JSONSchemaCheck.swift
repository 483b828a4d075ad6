import Foundation
import Testing

/// Checks JSON documents against one of the shipped JSON Schemas (`Schemas/*.schema.json`, draft
/// 2020-12) with Python's `jsonschema`, the reference implementation, rather than a checker of ours
/// that reads only the keywords it knows.
///
/// `make test` installs `jsonschema` when it is missing. Without it (or without python3)
/// `available(_:)` records a known issue that says how to install it, rather than passing in silence.
package struct JSONSchemaCheck: Sendable {
    /// The message of the known issue recorded when the checker cannot run.
    package static let installHint =
        "Python's jsonschema is not installed: `make test` installs it (python3 -m pip install jsonschema)"

    /// The schema's path.
    package let schema: URL
    let python: String

    /// The check of `Schemas/NAME` (`analysis.schema.json`), or nil when python3 with `jsonschema`
    /// is not installed; then a known issue saying how to install it is recorded, so a test that
    /// returns on nil never passes in silence.
    package static func available(
        _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> JSONSchemaCheck? {
        if let python = ExternalTool.find("python3"), canImport(python: python) {
            return JSONSchemaCheck(schema: RepositoryPaths.schema(name), python: python)
        }
        withKnownIssue(Comment(rawValue: installHint), sourceLocation: sourceLocation) {
            Issue.record("the JSON was not checked against \(name)")
        }
        return nil
    }

    /// Whether `python` imports `jsonschema`.
    static func canImport(python: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import jsonschema"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// The problems of each document, in order, as `$.path.to[0].field: message` sorted by path;
    /// empty lists when all conform.
    package func problems(_ documents: [Data]) throws -> [[String]] {
        // One JSON array of the documents in a file, so one Python start checks them all.
        var batch = Data("[".utf8)
        for (index, document) in documents.enumerated() {
            if index > 0 { batch.append(contentsOf: Array(",".utf8)) }
            batch.append(document)
        }
        batch.append(contentsOf: Array("]".utf8))
        let folder = try TemporaryFolder.make("schema", in: "closebook-schema-checks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("documents.json")
        try batch.write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.script, schema.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CheckFailed(message: text) }
        var problems = [[String]](repeating: [], count: documents.count)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, let index = Int(parts[0]), problems.indices.contains(index) else {
                throw CheckFailed(message: text)
            }
            problems[index].append(String(parts[1]))
        }
        return problems
    }

    /// The problems of one document's JSON text.
    package func problems(_ document: Data) throws -> [String] {
        try problems([document])[0]
    }

    /// The problems of a document as `JSONSerialization` reads it (for tests that break one on purpose).
    package func problems(of value: Any) throws -> [String] {
        try problems(try JSONSerialization.data(withJSONObject: value))
    }

    /// The checker did not run to the end: a schema that is not valid, or a document that is not JSON.
    package struct CheckFailed: Error, CustomStringConvertible {
        package var message: String
        package var description: String { "the JSON Schema check failed:\n\(message)" }
    }

    /// Validates the schema itself, then each document of the array in the file named second; prints
    /// `INDEX<TAB>PATH: MESSAGE` per problem, in the order of the paths.
    static let script = """
        import json, sys
        import jsonschema
        with open(sys.argv[1], encoding="utf-8") as file:
            schema = json.load(file)
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        with open(sys.argv[2], encoding="utf-8") as file:
            documents = json.load(file)
        for index, document in enumerate(documents):
            def order(error):
                return ([str(part) for part in error.absolute_path], error.message)
            for error in sorted(validator.iter_errors(document), key=order):
                path = "$" + "".join("[%d]" % p if isinstance(p, int) else "." + p for p in error.absolute_path)
                print("%d\\t%s: %s" % (index, path, error.message))
        """
}
