import Foundation

extension WorkspaceConfig {
    /// Loads `closebook.toml` from a workspace folder; a missing file means defaults.
    public static func load(workspace: String) throws(ConfigError) -> WorkspaceConfig {
        let path = (workspace as NSString).appendingPathComponent("closebook.toml")
        guard FileManager.default.fileExists(atPath: path) else { return WorkspaceConfig() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(path: path, line: 1, column: 1, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(path: path, line: 1, column: 1, message: "closebook.toml must be UTF-8 text")
        }
        return try parse(text, path: path)
    }
}
