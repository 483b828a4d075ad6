/// The names banks and money apps give their spending categories, in the languages bank exports
/// are written in, for finding a category column that no header names.
///
/// Why a list and not only statistics: a column whose few values repeat down the rows may as well
/// be a status (`Completed`/`Pending`), a booking state or a city; read as the export's category,
/// it would feed the starter pack's mapping nonsense. A column is taken for categories only when
/// most of its cells are names like these. Names are compared folded (`HeaderVocabulary.fold`).
enum CategoryVocabulary {
    /// How much of a column's filled cells must be category names.
    static let minimumShare = 0.5
    /// A category column has at least this many filled cells, so that repetition means something.
    static let minimumCells = 6
    /// At most one distinct value per this many filled cells: categories repeat, payees less so.
    static let cellsPerValue = 2
    /// Category names are short; longer cells are descriptions.
    static let maximumAverageLength = 32

    static let names: Set<String> = Set(
        [
            // English (Monzo, Mint, Chase, Amex, Revolut, YNAB, Monefy and the like)
            "groceries", "food", "food & drink", "food and drink", "eating out", "restaurants", "restaurant",
            "dining", "coffee shops", "fast food", "shopping", "clothing", "clothes", "entertainment", "transport",
            "transportation", "travel", "holidays", "bills", "bills & utilities", "utilities", "gas & fuel", "fuel",
            "health", "healthcare", "health & fitness", "pharmacy", "personal care", "general", "home",
            "household", "rent", "mortgage", "mortgage & rent", "insurance", "income", "salary", "transfers",
            "transfer", "cash", "atm", "cash & atm", "fees", "fees & charges", "charges", "education", "gifts",
            "gifts & donations", "charity", "subscriptions", "taxi", "car", "auto & transport", "pets", "sports",
            "kids", "family", "savings", "expenses", "personal", "leisure", "hotel", "air travel", "parking",
            "mobile phone", "internet", "phone", "merchandise & supplies", "business services", "other",
            // German
            "lebensmittel", "einkaufen", "essen & trinken", "essen und trinken", "freizeit", "reisen", "verkehr",
            "mobilitat", "tanken", "wohnen", "miete", "versicherung", "versicherungen", "gesundheit", "bargeld",
            "gehalt", "einkommen", "einnahmen", "sparen", "abonnements", "haushalt", "kleidung", "bildung",
            "gebuhren", "restaurant & cafe", "lebenshaltung", "sonstiges",
            // French
            "alimentation", "courses", "restauration", "loisirs", "transports", "voyages", "logement", "loyer",
            "assurance", "assurances", "sante", "achats", "retrait", "retraits", "especes", "salaire", "revenus",
            "abonnements", "carburant", "energie", "vetements", "divers", "frais bancaires",
            // Dutch
            "boodschappen", "uit eten", "horeca", "vervoer", "reizen", "wonen", "huur", "verzekering",
            "verzekeringen", "gezondheid", "winkelen", "kleding", "contant", "salaris", "inkomsten",
            "abonnementen", "brandstof", "vrije tijd", "overig", "vaste lasten",
            // Spanish
            "supermercado", "alimentacion", "restaurantes", "ocio", "transporte", "viajes", "vivienda", "alquiler",
            "seguros", "salud", "compras", "ropa", "efectivo", "nomina", "ingresos", "suscripciones",
            "combustible", "facturas", "otros",
            // Italian
            "spesa", "alimentari", "ristoranti", "svago", "tempo libero", "trasporti", "viaggi", "casa", "affitto",
            "assicurazioni", "salute", "acquisti", "abbigliamento", "contanti", "stipendio", "entrate",
            "abbonamenti", "carburante", "bollette", "altro",
        ].map(HeaderVocabulary.fold))

    /// True when `cell` is a category name, or begins or ends with one (`Travel-Airline`,
    /// `Food:Groceries`, `Merchandise & Supplies-Groceries`: folding makes `-` and `:` spaces).
    static func isCategory(_ cell: String) -> Bool {
        let folded = HeaderVocabulary.fold(cell)
        if names.contains(folded) { return true }
        let words = folded.split(separator: " ")
        guard words.count > 1 else { return false }
        for length in 1...min(3, words.count - 1) {
            if names.contains(words.prefix(length).joined(separator: " ")) { return true }
            if names.contains(words.suffix(length).joined(separator: " ")) { return true }
        }
        return false
    }

    /// True when `column`, which no header names for any role, holds categories: enough cells, few
    /// values repeated down the rows, short lettered cells, most of them category names.
    static func holdsCategories(_ column: ColumnEvidence) -> Bool {
        guard column.hints.isEmpty, column.filled >= minimumCells, column.distinct.count >= 2,
            column.distinct.count < ColumnEvidence.distinctLimit,
            column.distinct.count * cellsPerValue <= column.filled,
            column.lettered * 10 >= column.filled * 9,
            column.totalLength <= column.filled * maximumAverageLength
        else { return false }
        let named = column.distinct.reduce(0) { sum, entry in sum + (isCategory(entry.key) ? entry.value : 0) }
        return Double(named) >= minimumShare * Double(column.filled)
    }
}
