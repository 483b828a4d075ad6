/// Walks, in rule order and each once, the rules the literal prefilter found (`candidates`, sorted)
/// merged with the rules that must always be evaluated (`always`, sorted: no literal to filter on).
struct RuleWalk: IteratorProtocol {
    let candidates: [Int32]
    let always: [Int32]
    private var candidateIndex = 0
    private var alwaysIndex = 0
    private var previous: Int32 = -1

    init(candidates: [Int32], always: [Int32]) {
        self.candidates = candidates
        self.always = always
    }

    mutating func next() -> Int32? {
        while true {
            let rule: Int32
            let fromCandidates = candidateIndex < candidates.count
            let fromAlways = alwaysIndex < always.count
            if fromCandidates && (!fromAlways || candidates[candidateIndex] < always[alwaysIndex]) {
                rule = candidates[candidateIndex]
                candidateIndex += 1
            } else if fromAlways {
                rule = always[alwaysIndex]
                alwaysIndex += 1
            } else {
                return nil
            }
            if rule == previous { continue }
            previous = rule
            return rule
        }
    }
}
