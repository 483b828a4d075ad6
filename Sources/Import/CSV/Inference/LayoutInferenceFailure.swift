/// Why a file's layout cannot be inferred: a column that matters cannot be decided. The message
/// names the columns in doubt and their candidates; `decision`, when one account setting would
/// settle it, is the `[[accounts]]` entry the refusal offers to paste.
struct LayoutInferenceFailure: Error {
    var line: Int
    var column: Int
    var message: String
    var decision: AccountDecision? = nil
}
