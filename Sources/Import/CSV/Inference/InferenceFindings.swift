import Ledger

/// What a layout inference has found to say so far: the reasons it prints with the profile, and
/// how sure it is.
///
/// Each step of `LayoutInference.infer` adds its reasons and may lower the confidence, never
/// raise it: the profile is as sure as its least sure decision.
struct InferenceFindings {
    var reasons: [String] = []
    private(set) var confidence = InferredLayout.Confidence.high

    /// Lowers the confidence to `level`, unless it is that low already.
    mutating func lower(to level: InferredLayout.Confidence) {
        if level == .low || (level == .medium && confidence == .high) { confidence = level }
    }
}
