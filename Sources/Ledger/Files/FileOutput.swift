import Foundation

/// Reads and writes whole files so that a reader never sees half a file.
///
/// Every output goes to a temporary file beside its destination and is renamed into place, so a
/// crash or a full disk leaves the previous file, never a truncated one.
public enum FileOutput {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): error: \(reason)" }
    }

    /// Writes `bytes` to `path` atomically, creating parent folders.
    public static func write(_ bytes: some Sequence<UInt8>, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw Failure(path: path, reason: "cannot write the file (\(error.localizedDescription))")
        }
    }

    public static func write(_ text: String, to path: String) throws(Failure) {
        try write(Array(text.utf8), to: path)
    }

    /// Reads a whole file as bytes.
    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw Failure(path: path, reason: "no such file")
            }
            throw Failure(
                path: path, reason: isDirectory.boolValue ? "is a folder, not a file" : "cannot read the file")
        }
        return Array(data)
    }
}
