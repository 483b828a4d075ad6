import Foundation
import Ledger
import TOMLKit

extension CSVProfile {
    /// Loads one profile file. Its id is the file name without `.toml`.
    public static func load(path: String) throws(CSVProfileError) -> CSVProfile {
        let bytes: [UInt8]
        do {
            bytes = try FileOutput.read(path)
        } catch {
            throw CSVProfileError(path: path, line: 1, column: 1, message: error.reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CSVProfileError(path: path, line: 1, column: 1, message: "a profile must be UTF-8 text")
        }
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let id = fileName.hasSuffix(".toml") ? String(fileName.dropLast(5)) : fileName
        return try parse(text, id: id, path: path)
    }

    /// Loads every `*.toml` of each folder, in file-name order. A folder that does not exist is
    /// skipped (a workspace without `importers/`); a later folder's profile replaces an earlier
    /// one with the same id, so a workspace can override a shipped profile.
    public static func loadAll(directories: [String]) throws(CSVProfileError) -> [CSVProfile] {
        var profiles: [CSVProfile] = []
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw CSVProfileError(path: directory, line: 1, column: 1, message: "cannot list the folder")
            }
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            for name in names.sorted() where name.hasSuffix(".toml") && !name.hasPrefix(".") {
                let profile = try load(path: prefix + name)
                profiles.removeAll { $0.id == profile.id }
                profiles.append(profile)
            }
        }
        return profiles
    }

    /// Reads profile text; `path` is used in messages only.
    /// Line ends may be LF, CR LF or CR, and a byte order mark may start the file (`TextLines`).
    public static func parse(_ text: String, id: String, path: String) throws(CSVProfileError) -> CSVProfile {
        let text = TextLines.normalised(text)
        if let problem = TOMLHeaderCheck.check(text) {
            throw CSVProfileError(path: path, line: problem.line, column: problem.column, message: problem.message)
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw CSVProfileError(
                path: path, line: error.source.begin.line, column: error.source.begin.column,
                message: error.description)
        } catch {
            throw CSVProfileError(path: path, line: 1, column: 1, message: "\(error)")
        }
        let reader = ProfileTableReader(path: path, positions: TOMLKeyPositions(text: text))
        return try reader.read(table, id: id)
    }
}
