import Foundation

/// Where a stage's command writes its diagnostics: standard error, a whole line at a time.
///
/// Libraries never print; the commands do, and all alike, so a script reading one stage's messages
/// reads every stage's.
public enum StandardError {
    /// Writes `message` and a line feed.
    public static func writeLine(_ message: String) {
        write(message + "\n")
    }

    /// Writes `text` as it is (a report already made of whole lines).
    public static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
