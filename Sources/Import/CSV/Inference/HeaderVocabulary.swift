/// What a header name says its column holds, in the languages bank exports are written in
/// (English, German, French, Dutch, Spanish, Italian, Portuguese, and a few words beyond).
///
/// Names are compared folded: lower case, accents dropped (`Libellé` is `libelle`), runs of
/// spaces, dots and underscores as one space. A name equal to a term is a strong hint; a name that
/// contains a term as a word (`Betrag (EUR)`, `Naam / Omschrijving`) a weaker one. Content always
/// has the last word: a column named `Datum` without dates is not the date column.
enum HeaderVocabulary {
    enum Role: String, CaseIterable, Sendable {
        case bookingDate = "booking date"
        case date
        case valueDate = "value date"
        case amount
        case debit
        case credit
        case indicator = "debit/credit indicator"
        case balance
        case currency
        case payee
        case description
        case memo
        case account
        /// The other party's account number (`Tegenrekening`, `Gegenkonto`).
        case counterpartyAccount = "counterparty account"
        case type
        case category
    }

    /// How strongly a name says a role: exact names beat names that contain the term.
    struct Hint: Sendable, Equatable {
        var role: Role
        var strength: Int
    }

    /// Terms per role, folded. Order matters where one term contains another: a role listed
    /// earlier wins (`valutadatum` is a value date before it is a `datum`).
    static let terms: [(Role, [String])] = [
        (
            .counterpartyAccount,
            [
                "tegenrekening", "tegenrekeningnummer", "tegenrekening iban/bban", "gegenkonto",
                "iban auftraggeber", "iban empfanger", "iban zahlungsempfanger", "counterparty account",
                "counterparty iban", "beneficiary account", "compte contrepartie", "iban contrepartie",
                "cuenta contrapartida", "conto controparte", "iban controparte", "conta contraparte",
            ]
        ),
        (
            .indicator,
            [
                "d/c", "c/d", "dr/cr", "cr/dr", "d/k", "k/d", "s/h", "h/s", "af bij", "af/bij", "bij/af",
                "soll/haben", "debit/credit", "credit/debit", "creditdebet", "debetcredit", "credit debit",
                "debit credit", "debet/credit", "credit/debet", "dc", "cd", "vorzeichen", "sign", "segno", "signo",
                "sinal", "cargo/abono", "dare/avere", "debito/credito",
            ]
        ),
        (
            .valueDate,
            [
                "valuta", "valutadatum", "value date", "wertstellung", "wertstellungsdatum", "valutadatum",
                "date de valeur", "date valeur", "fecha valor", "data valuta", "data valor", "rentedatum",
                "valuta datum", "date value",
            ]
        ),
        (
            .bookingDate,
            [
                "buchungstag", "buchungsdatum", "buchung", "booking date", "posting date", "posted date",
                "boekdatum", "boekingsdatum", "date operation", "date de l'operation", "date comptable",
                "date de comptabilisation", "fecha contable", "fecha operacion", "fecha de operacion",
                "data contabile", "data operazione", "data lancamento", "data movimento", "data do movimento",
                "data contabilistica", "date posted", "дата обработки", "дата обработки операции", "дата проводки",
            ]
        ),
        (
            .date,
            [
                "date", "datum", "fecha", "data", "dato", "transaction date", "trans date", "transactiedatum",
                "date de transaction", "fecha transaccion", "data transazione", "data transacao",
                "umsatzdatum", "belegdatum", "дата", "дата операции",
                "дата совершения операции",
            ]
        ),
        (
            .balance,
            [
                "saldo", "balance", "solde", "kontostand", "running balance", "running bal", "saldo na mutatie",
                "saldo na boeking", "saldo disponible", "saldo contabile", "saldo contable", "balance after",
                "nuevo saldo", "saldo apos", "saldo final", "остаток", "баланс",
            ]
        ),
        (
            .debit,
            [
                "soll", "debit", "debet", "af", "paid out", "withdrawal", "withdrawals", "money out", "outflow",
                "out", "ausgang", "ausgaben", "belastung", "uitgaven", "cargo", "cargos", "debe", "addebiti",
                "addebito", "dare", "uscite", "debito", "saida", "saidas", "debits", "spent", "retrait",
                "retraits", "depense", "depenses", "montant debit", "debit amount", "betrag soll", "расход",
                "списание", "дебет",
            ]
        ),
        (
            .credit,
            [
                "haben", "credit", "bij", "paid in", "deposit", "deposits", "money in", "inflow", "in", "eingang",
                "einnahmen", "gutschrift", "inkomsten", "abono", "abonos", "haber", "accrediti", "accredito",
                "avere", "entrate", "credito", "entrada", "entradas", "credits", "received", "depot", "recette",
                "recettes", "montant credit", "credit amount", "betrag haben", "приход", "поступление",
                "зачисление", "кредит",
            ]
        ),
        (
            .amount,
            [
                "betrag", "amount", "montant", "bedrag", "importe", "importo", "valor", "umsatz", "summe", "suma",
                "transaction amount", "montante", "quantia", "net", "net amount", "gross", "bedrag (eur)",
                "betrag (eur)", "amount (eur)", "сумма", "сумма операции",
            ]
        ),
        (
            .currency,
            [
                "wahrung", "waehrung", "currency", "devise", "monnaie", "valutacode", "munt", "moneda", "divisa",
                "moeda", "ccy", "cur", "curr", "valiuta", "currency code", "валюта",
            ]
        ),
        (
            .payee,
            [
                "payee", "name", "naam", "beneficiary", "empfanger", "auftraggeber/empfanger", "auftraggeber",
                "begunstigter", "zahlungsempfanger", "zahlungspflichtiger", "begunstigter/zahlungspflichtiger",
                "tegenrekeninghouder", "naam tegenpartij", "tegenpartij", "beneficiaire", "tiers", "beneficiario",
                "ordenante", "destinatario", "counterparty", "merchant", "merchant name", "payer", "recipient",
                "nome", "favorecido", "gavejas", "payee name", "counterparty name", "name of counterparty",
                // German exports written without umlauts (`ue` for `ü`).
                "beguenstigter", "beguenstigter/zahlungspflichtiger", "zahlungsempfaenger", "empfaenger",
                "auftraggeber/empfaenger", "zahlungsbeteiligter", "name zahlungsbeteiligter",
            ]
        ),
        (
            .description,
            [
                "description", "omschrijving", "naam / omschrijving", "libelle", "libelle operation",
                "libelle de l'operation", "concepto", "descripcion", "descrizione", "descricao", "text",
                "details", "narrative", "particulars", "transaction description", "remarque", "causale",
                "historico", "detalle", "transaction details", "bezeichnung", "umsatztext", "wording",
                "omschrijving-1", "описание", "описание операции", "назначение платежа",
            ]
        ),
        (
            .memo,
            [
                "verwendungszweck", "memo", "notes", "note", "reference", "referenz", "mededelingen", "mitteilung",
                "communication", "informations complementaires", "observaciones", "referencia", "riferimento",
                "purpose", "remittance information", "paaiskinimai", "zahlungsreferenz", "betreff",
                "omschrijving-2", "additional information", "info",
            ]
        ),
        (
            .account,
            [
                "iban", "kontonummer", "konto", "rekeningnummer", "rekening", "account", "account number",
                "compte", "numero de compte", "cuenta", "conto", "conta", "auftragskonto", "saskaitos nr",
                "account no", "girokonto",
            ]
        ),
        (
            .type,
            [
                "type", "transaction type", "buchungstext", "mutatiesoort", "code", "betaalwijze",
                "type de transaction", "tipo", "tipo operacion", "art", "umsatzart", "transaktionstyp",
                "type transaction", "tipo movimento", "details type",
            ]
        ),
        (.category, ["category", "kategorie", "categorie", "categoria", "rubrik", "rubriek", "категория"]),
    ]

    /// `terms`, folded as header names are.
    static let foldedTerms: [(Role, Set<String>)] = terms.map { ($0.0, Set($0.1.map(fold))) }

    /// The roles `name` hints at, strongest first.
    static func hints(for name: String) -> [Hint] {
        let folded = fold(name)
        guard !folded.isEmpty else { return [] }
        var hints: [Hint] = []
        for (role, words) in foldedTerms {
            if words.contains(folded) {
                hints.append(Hint(role: role, strength: 2))
            }
        }
        if hints.isEmpty {
            let runs = wordRuns(folded)
            for (role, words) in containedTerms where runs.contains(where: words.contains) {
                hints.append(Hint(role: role, strength: 1))
            }
        }
        return hints
    }

    /// `foldedTerms` of three or more characters: the terms a name may contain as words.
    static let containedTerms: [(Role, Set<String>)] = foldedTerms.map { role, words in
        (role, words.filter { $0.count >= 3 })
    }

    /// The most words in one term.
    static let longestTerm = foldedTerms.flatMap(\.1).map { $0.split(separator: " ").count }.max() ?? 1

    /// Every run of consecutive words in `folded` (one space between words, none at the ends) of
    /// up to `longestTerm` words, as written: a term is contained as a word exactly when it is one
    /// of these. (Looking each term up as a run is a few set lookups per name, where searching the
    /// name for every term took a quarter of a second over the rows inference reads.)
    private static func wordRuns(_ folded: String) -> [String] {
        var starts: [String.Index] = [folded.startIndex]
        var ends: [String.Index] = []
        for index in folded.indices where folded[index] == " " {
            ends.append(index)
            starts.append(folded.index(after: index))
        }
        ends.append(folded.endIndex)
        var runs: [String] = []
        for first in starts.indices {
            for last in first..<min(ends.count, first + longestTerm) {
                runs.append(String(folded[starts[first]..<ends[last]]))
            }
        }
        return runs
    }

    /// The strongest hint for `role` that `name` gives, 0 when none.
    static func strength(of role: Role, in name: String?) -> Int {
        guard let name else { return 0 }
        return hints(for: name).first { $0.role == role }?.strength ?? 0
    }

    /// Lower case without accents; `.`, `_`, `-` and runs of spaces become one space, brackets
    /// and colons are spaces.
    static func fold(_ name: String) -> String {
        var output = ""
        var lastSpace = true
        for scalar in name.lowercased().unicodeScalars {
            let mapped: String
            switch scalar {
            case "à", "á", "â", "ã", "å", "ą": mapped = "a"
            case "ä": mapped = "a"
            case "ç", "č": mapped = "c"
            case "è", "é", "ê", "ë", "ė", "ę": mapped = "e"
            case "ì", "í", "î", "ï", "į": mapped = "i"
            case "ñ": mapped = "n"
            case "ò", "ó", "ô", "õ": mapped = "o"
            case "ö": mapped = "o"
            case "ù", "ú", "û", "ų", "ū": mapped = "u"
            case "ü": mapped = "u"
            case "ß": mapped = "ss"
            case "š": mapped = "s"
            case "ž": mapped = "z"
            case "\u{FEFF}": mapped = ""
            case ".", "_", " ", "\t", "(", ")", ":", "[", "]", "-", "#":
                mapped = " "
            default: mapped = String(scalar)
            }
            if mapped == " " {
                if !lastSpace { output += " " }
                lastSpace = true
            } else if !mapped.isEmpty {
                output += mapped
                lastSpace = false
            }
        }
        while output.hasSuffix(" ") { output.removeLast() }
        return output
    }
}
