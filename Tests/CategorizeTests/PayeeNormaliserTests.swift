import Testing

@testable import Categorize

@Suite struct PayeeNormaliserTests {
    let normaliser = PayeeNormaliser()

    /// Payee strings quoted from the developer corpus (/work/shared/corpus), and UK bank styles.
    @Test(arguments: [
        // ofx/beangulp__ofxdownload.ofx (American Express), NAME fields.
        ("SPOTIFY USA         28770130901", "Spotify", "spotify"),
        ("GOAT TOWN 1200000549NEW YORK   ", "Goat Town", "goat town"),
        ("AMC VILLAGE 7 #2110 NEW YORK   ", "Amc Village 7", "amc village 7"),
        ("CAFE MOGADOR 0048   NEW YORK   ", "Cafe Mogador", "cafe mogador"),
        ("SUNSHINE CINEMA 5429NEW YORK   ", "Sunshine Cinema", "sunshine cinema"),
        ("WHOLEFDS HOU 10236 02124201320", "Wholefds Hou", "wholefds hou"),
        ("MACY'S / #003 HERALD S / NEW YORK   ", "Macy's", "macy's"),
        ("PAPYRUS #2302 000002NEW YORK   ", "Papyrus", "papyrus"),
        ("LES CAFES 400 LAFAYENEW YORK   ", "Les Cafes", "les cafes"),
        // ofx/ofxparse__bank_medium.ofx and ofx/ledger-autosync__apostrophe.ofx.
        ("MCDONALD'S #112", "Mcdonald's", "mcdonald's"),
        ("Joe's Bald Hairstyles", "Joe's Bald Hairstyles", "joe's bald hairstyles"),
        ("TRADER JOE'S #541 QPS", "Trader Joe's", "trader joe's"),
        // ofx/ofxparse__suncorp.ofx memo, and ofx/ofxparse__fidelity-savings.ofx.
        (
            "EFTPOS WDL HANDYWAY ALDI STORE   GEELONG WEST VICAU", "Handyway Aldi Store Geelong West Vicau",
            "handyway aldi store geelong west vicau"
        ),
        ("Check Paid #0000001001", "Check Paid", "check paid"),
        ("TRANSFERRED FROM     VS X10-08144", "Transferred From VS", "transferred from vs"),
        // ofx/ledger-autosync__checking.ofx.
        (
            "AUTOMATIC WITHDRAWAL, ELECTRIC BILL WEB(S )", "Automatic Withdrawal Electric Bill Web",
            "automatic withdrawal electric bill web"
        ),
        // csv/ofxstatement-austrian__easybank-giro.csv and csv/ofxstatement-dutch__ing_ok_Mutatiesoort_Extra_Unquoted.csv.
        ("Amazon *Mktplce EU-AT (01234567890 01234)", "Amazon Mktplce EU-AT", "amazon mktplce eu-at"),
        ("AUTOMAT 01234567 K1 27.07.UM 18.57", "Automat", "automat"),
        ("PAULISSEN G J L M (NL99ASNB9999999999)", "Paulissen G J L M", "paulissen g j l m"),
        // UK card and bank payee styles.
        ("TESCO STORES 3297 LONDON GB", "Tesco", "tesco"),
        ("TESCO STORE 1123", "Tesco", "tesco"),
        ("CARD PAYMENT TO TESCO STORES 3297 ON 12 OCT", "Tesco", "tesco"),
        ("VISA DEBIT SAINSBURYS S/MKTS 0412 12/10", "Sainsburys S/Mkts", "sainsburys s/mkts"),
        ("POS 4929********2222 BP EXPRESS", "BP Express", "bp express"),
        ("DD NETFLIX.COM", "Netflix", "netflix"),
        ("PAYPAL *NETFLIX 4029357733", "Netflix", "netflix"),
        ("AMZN MKTP US*2K3L45", "Amzn Mktp", "amzn mktp"),
        ("FPO BRAMBLE BS", "Bramble BS", "bramble bs"),
        ("12OCT24 COSTA COFFEE", "Costa Coffee", "costa coffee"),
        ("****", "****", "****"),
        // Prefixes one after another, a processor before a star, letters beyond ASCII.
        ("DIRECT DEBIT CARD PAYMENT TO ACME 1234", "Acme", "acme"),
        ("SQ *BLUE BOTTLE 0042", "Blue Bottle", "blue bottle"),
        ("CAF\u{C9} NOIR 1234 PARIS", "Caf\u{E9} Noir", "caf\u{E9} noir"),
    ])
    func normalises(_ raw: String, _ display: String, _ key: String) {
        let clean = normaliser.normalise(raw)
        #expect(clean.display == display)
        #expect(clean.key == key)
        // The bytes the ahead thread keeps are the key's and the display's, one after the other.
        var scratch = PayeeNormaliser.Scratch()
        var bytes: [UInt8] = [1, 2]
        var ends: [Int] = []
        normaliser.normalise(raw, scratch: &scratch, appendingTo: &bytes, ends: &ends)
        #expect(bytes == [1, 2] + Array(key.utf8) + Array(display.utf8))
        #expect(ends == [2 + key.utf8.count, 2 + key.utf8.count + display.utf8.count])
    }

    @Test func twoTescoSpellingsAreOneMerchant() {
        #expect(
            normaliser.normalise("TESCO STORES 3297 LONDON GB").key == normaliser.normalise("TESCO STORE 1123").key)
    }
}
