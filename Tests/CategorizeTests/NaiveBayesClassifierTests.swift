import Ledger
import Testing

@testable import Categorize

@Suite struct NaiveBayesClassifierTests {
    /// Training A: [x], A: [x], B: [y]. Vocabulary {x, y}, smoothing 1.
    /// P(A) = 2/3, P(x|A) = (2+1)/(2+2) = 3/4; P(B) = 1/3, P(x|B) = (0+1)/(1+2) = 1/3.
    /// Scores for [x]: A = 2/3 · 3/4 = 1/2, B = 1/3 · 1/3 = 1/9; posterior A = (1/2)/(1/2 + 1/9) = 9/11.
    @Test func posteriorWorkedOutByHand() {
        let a = CategoryPath("A")!
        let b = CategoryPath("B")!
        let classifier = NaiveBayesClassifier(examples: [(["x"], a), (["x"], a), (["y"], b)])
        let prediction = classifier.predict(["x"])!
        #expect(prediction.category == a)
        #expect(abs(prediction.confidence - 9.0 / 11.0) < 1e-12)
        // For [y]: A = 2/3 · 1/4 = 1/6, B = 1/3 · 2/3 = 2/9; posterior B = (2/9)/(1/6 + 2/9) = 4/7.
        let other = classifier.predict(["y"])!
        #expect(other.category == b)
        #expect(abs(other.confidence - 4.0 / 7.0) < 1e-12)
        // Unknown features only: no evidence, no prediction.
        #expect(classifier.predict(["z"]) == nil)
    }

    /// Training A: [p:bus, p:hackney], B: [p:tesco]. Vocabulary {p:bus, p:hackney, p:tesco}, smoothing 1.
    /// For [p:little, p:bakehouse, p:hackney] only p:hackney is known:
    /// A = 1/2 · (1+1)/(2+3) = 1/5, B = 1/2 · (0+1)/(1+3) = 1/8; posterior A = (1/5)/(1/5 + 1/8) = 8/13.
    /// One of the three payee words is known, so the confidence is 8/13 · 1/3 = 8/39.
    @Test func confidenceScalesWithTheShareOfKnownPayeeWords() {
        let a = CategoryPath("Transport:Public")!
        let b = CategoryPath("Food:Groceries")!
        let classifier = NaiveBayesClassifier(examples: [(["p:bus", "p:hackney"], a), (["p:tesco"], b)])
        let unknownMerchant = classifier.predict(["p:little", "p:bakehouse", "p:hackney"])!
        #expect(unknownMerchant.category == a)
        #expect(abs(unknownMerchant.confidence - 8.0 / 39.0) < 1e-12)
        // Every word known: the posterior stands. A = 1/2 · 1/5 = 1/10, B = 1/2 · 2/4 = 1/4 -> B = 5/7.
        let knownMerchant = classifier.predict(["p:tesco"])!
        #expect(knownMerchant.category == b)
        #expect(abs(knownMerchant.confidence - 5.0 / 7.0) < 1e-12)
    }

    /// The stage's path: the best category by index, working in a buffer kept between calls.
    /// Same training as `posteriorWorkedOutByHand` (feature ids: x is 0, y is 1): [x] gives A at
    /// 9/11; [y] gives B at 4/7, scaled by a coverage of 1/2 to 2/7; a buffer left longer by the
    /// first call does not change the second.
    @Test func bestCategoryByIndexReusesItsBuffer() {
        let classifier = NaiveBayesClassifier(examples: [
            (["x"], CategoryPath("A")!), (["x"], CategoryPath("A")!), (["y"], CategoryPath("B")!),
        ])
        var scores: [Double] = [7, 7, 7, 7]
        let x = classifier.best(known: [0], hasEvidence: true, coverage: 1, scores: &scores)
        #expect(x?.category == 0)
        #expect(abs((x?.confidence ?? 0) - 9.0 / 11.0) < 1e-12)
        let y = classifier.best(known: [1], hasEvidence: true, coverage: 0.5, scores: &scores)
        #expect(y?.category == 1)
        #expect(abs((y?.confidence ?? 0) - 2.0 / 7.0) < 1e-12)
        #expect(classifier.best(known: [0], hasEvidence: false, coverage: 1, scores: &scores) == nil)
    }

    @Test func tiesGoToTheEarlierCategory() {
        let classifier = NaiveBayesClassifier(examples: [(["x"], CategoryPath("B")!), (["x"], CategoryPath("A")!)])
        #expect(classifier.predict(["x"])?.category == CategoryPath("A"))
        #expect(classifier.predict(["x"])?.confidence == 0.5)
    }

    @Test func features() {
        let features = FeatureExtractor.features(
            cleanKey: "trader joe's", memo: "Ref 12345 groceries", amount: Money(minorUnits: -5_873, currency: .usd),
            account: "card")
        #expect(
            features == ["k:trader joe's", "p:trader", "p:joe's", "m:ref", "m:groceries", "a:6", "s:-", "acct:card"])
    }

    /// A synthetic year of a household's spending: 24 merchants in 10 categories, payees written
    /// the way banks write them (prefixes, store numbers, cities, dates). Every fifth transaction
    /// is held out; the classifier is trained on the rest through the normaliser and features.
    @Test func heldOutAccuracyOnASyntheticLedger() {
        let merchants: [(String, String, Int64)] = [
            ("TESCO STORES", "Food:Groceries", 4_500), ("SAINSBURYS S/MKT", "Food:Groceries", 3_800),
            ("ALDI", "Food:Groceries", 2_900), ("LIDL GB", "Food:Groceries", 2_100),
            ("COSTA COFFEE", "Food:Coffee", 350), ("PRET A MANGER", "Food:Coffee", 620),
            ("STARBUCKS", "Food:Coffee", 410), ("SHELL", "Transport:Fuel", 6_000),
            ("BP EXPRESS", "Transport:Fuel", 5_500),
            ("TFL TRAVEL CH", "Transport:Public", 280), ("TRAINLINE", "Transport:Public", 4_200),
            ("NETFLIX.COM", "Fun:Streaming", 1_099), ("SPOTIFY", "Fun:Streaming", 999),
            ("ODEON CINEMAS", "Fun:Going Out", 1_500), ("WETHERSPOON", "Fun:Going Out", 2_400),
            ("BRITISH GAS", "Bills:Energy", 8_500), ("OCTOPUS ENERGY", "Bills:Energy", 9_200),
            ("THAMES WATER", "Bills:Water", 3_400), ("VODAFONE", "Bills:Phone", 2_000),
            ("EE LIMITED", "Bills:Phone", 1_800),
            ("BOOTS", "Health:Pharmacy", 1_250), ("SUPERDRUG", "Health:Pharmacy", 900),
            ("AMAZON MKTPLACE", "Shopping:Online", 2_599), ("EBAY", "Shopping:Online", 1_750),
        ]
        let prefixes = ["", "CARD PAYMENT TO ", "VISA DEBIT ", "POS ", "DD "]
        let cities = ["LONDON GB", "LEEDS", "BRISTOL GB", "", "MANCHESTER"]
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let normaliser = PayeeNormaliser()
        var training: [(features: [String], category: CategoryPath)] = []
        var held: [(features: [String], category: CategoryPath)] = []
        for index in 0..<1_200 {
            let (name, category, cents) = merchants[next(merchants.count)]
            let payee =
                prefixes[next(prefixes.count)] + name + " " + String(1000 + next(9000)) + " "
                + cities[next(cities.count)]
            let amount = Money(minorUnits: -(cents + Int64(next(400)) - 200), currency: .gbp)
            let features = FeatureExtractor.features(
                cleanKey: normaliser.normalise(payee).key, memo: "", amount: amount, account: "current")
            if index % 5 == 0 {
                held.append((features, CategoryPath(category)!))
            } else {
                training.append((features, CategoryPath(category)!))
            }
        }
        let classifier = NaiveBayesClassifier(examples: training)
        let correct = held.filter { classifier.predict($0.features)?.category == $0.category }.count
        let accuracy = Double(correct) / Double(held.count)
        #expect(held.count == 240)
        #expect(accuracy >= 0.99, "held-out accuracy \(accuracy)")
    }
}
