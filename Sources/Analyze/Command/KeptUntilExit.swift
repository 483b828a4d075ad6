/// Keeps a large value alive until the process ends, so it is never torn down piece by piece.
///
/// Why: the stage exits right after its last write. Releasing a million-row ledger (every row's
/// strings, one by one) took about a tenth of a second for memory the kernel takes back at once
/// when the process exits. Use only for values whose last use is near the end of `run()`.
final class KeptUntilExit<Value> {
    private let value: Value

    private init(_ value: Value) { self.value = value }

    static func keep(_ value: Value) {
        _ = Unmanaged.passRetained(KeptUntilExit(value))
    }
}
