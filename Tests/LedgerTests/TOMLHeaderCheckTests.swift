import Foundation
import Ledger
import TestSupport
import Testing

/// Table headers TOMLKit's C++ parser asserts on (found by `make fuzz-coverage`): each is an error
/// naming its line and column, and valid files, with `[` inside strings and arrays, pass.
@Suite("TOML header check")
struct TOMLHeaderCheckTests {
    static let fixtures = RepositoryPaths.root.appendingPathComponent("Tests/LedgerTests/Fixtures")

    @Test(arguments: [
        ("[", 2, 1), ("[#x", 2, 1), ("[[", 2, 1), ("[.a]", 2, 1), ("[=]", 2, 1), ("[é]", 2, 1), ("[,]", 2, 1),
        ("x = 1\n  [ \n", 3, 3), ("a = [}", 2, 6), ("a = [ }", 2, 7), ("a = [[}]]", 2, 7), ("a = [1,}", 2, 8),
        ("a = [#x\n}]", 3, 1), ("a = [\n}\n]", 3, 1), ("a = [{}, }", 2, 10),
    ])
    func headersWithoutANameAreErrors(tail: String, line: Int, column: Int) {
        let problem = TOMLHeaderCheck.check("base_currency = \"GBP\"\n" + tail + "\n")
        #expect(problem?.line == line)
        #expect(problem?.column == column)
    }

    @Test(arguments: [
        "[budgets]\n\"Food\" = \"1.00\"", "[[accounts]]\nid = \"a\"", "[ a ]", "[\"quoted key\"]", "['literal']",
        "[]", "[[ ]]", "a = [\n  [1, 2],\n  [],\n  [ \"x\" ],\n]", "a = \"\"\"\n[\n\"\"\"", "a = '''\n[#\n'''",
        "a = \"[\" # [\n", "# [\n", "a = { b = [\n] }", "a = [{}]", "a = [ { b = [1] }, {} ]", "a = {}",
        "a = [\"}\", '}']",
    ])
    func validTextPasses(text: String) {
        #expect(TOMLHeaderCheck.check(text + "\n") == nil)
    }

    @Test func shippedFilesPass() throws {
        let root = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var paths = [root.appendingPathComponent("Samples/closebook.toml").path]
        let importers = root.appendingPathComponent("Importers").path
        for name in try FileManager.default.contentsOfDirectory(atPath: importers) where name.hasSuffix(".toml") {
            paths.append(importers + "/" + name)
        }
        #expect(paths.count > 5)
        for path in paths {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(TOMLHeaderCheck.check(text) == nil, "\(path)")
        }
    }

    /// The fuzzer's inputs: the Samples' closebook.toml with one header cut down to `[`, and one
    /// mangled into nested arrays holding `}`. Before the check, every stage that read them ended
    /// with SIGABRT.
    @Test(arguments: ["closebook-lone-bracket.toml", "closebook-brace-in-array.toml"])
    func theFuzzFindingsAreConfigErrors(name: String) throws {
        let path = Self.fixtures.appendingPathComponent("fuzz/" + name).path
        let text = String(decoding: try FileOutput.read(path), as: UTF8.self)
        #expect(throws: ConfigError.self) { try WorkspaceConfig.parse(text, path: "closebook.toml") }
    }

    @Test func theErrorNamesTheLine() {
        do {
            _ = try WorkspaceConfig.parse("base_currency = \"GBP\"\n[\n", path: "closebook.toml")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.contains("a table header needs a name"))
        }
    }
}
