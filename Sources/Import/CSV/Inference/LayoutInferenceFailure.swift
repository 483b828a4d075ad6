/// Why a file's layout cannot be inferred: a column that matters cannot be decided. The message
/// names the columns in doubt and their candidates.
struct LayoutInferenceFailure: Error {
    var line: Int
    var column: Int
    var message: String
}
