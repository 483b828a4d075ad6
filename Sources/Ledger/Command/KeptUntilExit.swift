/// Keeps a large value alive until the process ends, so it is never torn down piece by piece.
///
/// Why: a stage exits right after its last write. Releasing a million-row ledger (every row's
/// strings, one by one) took the analysis about a tenth of a second, and releasing a million rows'
/// distinct texts about a twentieth of categorisation's instructions, for memory the kernel takes
/// back at once when the process exits. Use only in a stage's command, for values whose last use
/// is near its end; code run in-process (tests, other callers) must free what it makes.
public final class KeptUntilExit<Value> {
    private let value: Value

    private init(_ value: Value) { self.value = value }

    public static func keep(_ value: Value) {
        _ = Unmanaged.passRetained(KeptUntilExit(value))
    }
}
