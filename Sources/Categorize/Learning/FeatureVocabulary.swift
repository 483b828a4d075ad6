/// Gives every classifier feature text (`p:tesco`, `a:4`, `acct:card`) a small integer id, and
/// remembers which ones are payee features (the evidence a prediction must rest on).
struct FeatureVocabulary {
    private var ids: [String: Int32] = [:]
    private(set) var isPayee: [Bool] = []
    /// Payee words (`p:`) only: how many of a payee's words were seen in training says how much
    /// of the merchant the classifier actually knows.
    private(set) var isPayeeWord: [Bool] = []

    mutating func id(_ feature: String) -> Int32 {
        if let id = ids[feature] { return id }
        let id = Int32(isPayee.count)
        ids[feature] = id
        isPayee.append(FeatureExtractor.isPayeeFeature(feature))
        isPayeeWord.append(FeatureExtractor.isPayeeWordFeature(feature))
        return id
    }

    mutating func ids(_ features: [String]) -> [Int32] { features.map { id($0) } }
}
