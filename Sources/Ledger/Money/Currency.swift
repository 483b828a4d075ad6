/// An ISO 4217 currency: its three-letter code and how many decimal places its minor unit has.
///
/// The exponent decides how decimal text maps to integer minor units: `12.5` is 1250 cents in EUR,
/// 13 yen in JPY (rejected, because it is not exact), and 12500 fils in KWD.
public struct Currency: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The upper-case ISO 4217 code, for example `EUR`.
    public let code: String
    /// The number of decimal places of the minor unit (2 for EUR, 0 for JPY, 3 for KWD).
    public let exponent: Int

    /// Makes a currency from an ISO code, with the exponent ISO 4217 gives it (2 when not listed).
    /// Returns nil unless `code` is three ASCII letters.
    public init?(code: String) {
        let upper = code.uppercased()
        guard upper.utf8.count == 3, upper.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) else { return nil }
        self.code = upper
        self.exponent = Currency.exponents[upper] ?? 2
    }

    /// Makes a currency with an explicit exponent, for codes ISO 4217 does not list.
    public init(code: String, exponent: Int) {
        self.code = code
        self.exponent = exponent
    }

    public var description: String { code }

    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code < rhs.code }

    /// Currencies whose minor unit is not hundredths (ISO 4217 list, current codes).
    static let exponents: [String: Int] = [
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
        "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "CLF": 4, "UYW": 4,
    ]

    /// ISO 4217 codes with two decimal places: the active list (amendment 177, 2024), plus codes
    /// withdrawn since 2020 that older exports still carry (HRK, SLL, ANG, CUC, ZWL). Funds and
    /// metals without a minor unit (XAU, XDR, XXX ...) are not money an account holds.
    static let hundredths: Set<String> = [
        "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BMD",
        "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHE", "CHF", "CHW", "CNY",
        "COP", "COU", "CRC", "CUC", "CUP", "CVE", "CZK", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD",
        "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GTQ", "GYD", "HKD", "HNL", "HRK", "HTG", "HUF", "IDR", "ILS",
        "INR", "IRR", "JMD", "KES", "KGS", "KHR", "KPW", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "MAD",
        "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR", "MZN", "NAD",
        "NGN", "NIO", "NOK", "NPR", "NZD", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "QAR", "RON", "RSD", "RUB",
        "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SLL", "SOS", "SRD", "SSP", "STN", "SVC", "SYP",
        "SZL", "THB", "TJS", "TMT", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "USD", "USN", "UYU", "UZS", "VED",
        "VES", "WST", "XCD", "XCG", "YER", "ZAR", "ZMW", "ZWG", "ZWL",
    ]

    /// Makes a currency from a code ISO 4217 lists (case-insensitive), with its exponent; nil
    /// for any other code. Configuration is checked with this: `base_currency = "XYZ"` would
    /// give a report of zeros and an account in `QQQ` would skip every row.
    public init?(isoCode: String) {
        guard let currency = Currency(code: isoCode), currency.isISO4217 else { return nil }
        self = currency
    }

    /// True when ISO 4217 lists the code.
    public var isISO4217: Bool { Currency.exponents[code] != nil || Currency.hundredths.contains(code) }

    /// The power of ten that turns major units into minor units.
    public var scale: Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

extension Currency {
    public static let eur = Currency(code: "EUR", exponent: 2)
    public static let usd = Currency(code: "USD", exponent: 2)
    public static let gbp = Currency(code: "GBP", exponent: 2)
}
