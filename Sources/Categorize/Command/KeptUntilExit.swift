/// Keeps a large value alive until the process ends, so it is never torn down piece by piece.
///
/// Why: the stage exits right after its last write. Releasing a million rows' distinct texts (a
/// string, folded bytes and literal hits each) one by one cost about a twentieth of the stage's
/// instructions, for memory the kernel takes back at once when the process exits. The analysis
/// stage does the same (`Analyze/Command/KeptUntilExit.swift`); stages share no code but the
/// contracts, hence the copy. Use only for values whose last use is near the end of `execute()`.
final class KeptUntilExit<Value> {
    private let value: Value

    private init(_ value: Value) { self.value = value }

    static func keep(_ value: Value) {
        _ = Unmanaged.passRetained(KeptUntilExit(value))
    }
}
