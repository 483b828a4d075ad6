import Ledger

/// OFX amounts (`TRNAMT`, `BALAMT`, `TOTAL`, `MKTVAL`) as exact `Money`.
///
/// OFX allows a point or a comma as the decimal mark and no grouping; files also carry a leading
/// `+`, zero padding (`-00000000001500.0000`) and more decimals than the currency has. When both a
/// point and a comma appear, the last one is the decimal mark and the other groups thousands
/// (`-1.006,60`, `+1,006.60`), as ofxparse reads them; spaces may group too (`+1 006,60`).
enum OFXAmount {
    enum Failure: Error, Equatable {
        case notANumber
        case tooLarge
    }

    /// The amount, and whether digits beyond the currency's minor unit had to be rounded (half to even).
    static func parse(
        _ text: UnsafeBufferPointer<UInt8>, currency: Currency
    ) -> Result<(money: Money, rounded: Bool), Failure> {
        let text = OFXBytes.trimmed(text)
        var plain = !text.isEmpty
        var points = 0
        for byte in text {
            switch byte {
            case 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: "+"): continue
            case UInt8(ascii: "."): points += 1
            default: plain = false
            }
            if !plain { break }
        }
        if plain && points <= 1 {
            if let money = parsePlain(text, currency: currency) { return .success((money, false)) }
            return parseCanonical(text, currency: currency)
        }
        guard let canonical = canonicalize(text) else { return .failure(.notANumber) }
        return canonical.withUnsafeBufferPointer { parseCanonical($0, currency: currency) }
    }

    /// The common case, `[+-]digits[.digits]` with no more decimals than the currency has and at
    /// most 18 digits in all, computed directly; nil sends anything else through `Money.parse`.
    @inline(__always)
    private static func parsePlain(_ text: UnsafeBufferPointer<UInt8>, currency: Currency) -> Money? {
        var index = 0
        var negative = false
        if let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        var units: Int64 = 0
        var integerDigits = 0
        while index < text.count, text[index] &- 0x30 < 10 {
            units = units &* 10 &+ Int64(text[index] &- 0x30)
            integerDigits += 1
            index += 1
        }
        guard integerDigits + currency.exponent <= 18 else { return nil }
        var decimals = 0
        if index < text.count {
            guard text[index] == UInt8(ascii: "."), integerDigits > 0 || index + 1 < text.count else { return nil }
            index += 1
            while index < text.count, text[index] &- 0x30 < 10 {
                guard decimals < currency.exponent else { return nil }
                units = units &* 10 &+ Int64(text[index] &- 0x30)
                decimals += 1
                index += 1
            }
            guard index == text.count else { return nil }
        }
        guard integerDigits + decimals > 0 else { return nil }
        var scale = currency.exponent - decimals
        guard scale >= 0, currency.exponent <= 4 else { return nil }
        while scale > 0 {
            units = units &* 10
            scale -= 1
        }
        return Money(minorUnits: negative ? -units : units, currency: currency)
    }

    private static func parseCanonical(
        _ text: UnsafeBufferPointer<UInt8>, currency: Currency
    ) -> Result<(money: Money, rounded: Bool), Failure> {
        do throws(MoneyParseError) {
            return .success((try Money.parse(text, currency: currency, style: .point, excess: .reject), false))
        } catch .tooManyDecimals {
            do throws(MoneyParseError) {
                let money = try Money.parse(text, currency: currency, style: .point, excess: .roundHalfEven)
                return .success((money, true))
            } catch .overflow {
                return .failure(.tooLarge)
            } catch {
                return .failure(.notANumber)
            }
        } catch .overflow {
            return .failure(.tooLarge)
        } catch {
            return .failure(.notANumber)
        }
    }

    /// Rewrites a decimal-comma or grouped amount as `[sign]digits[.digits]`, or nil if it is not one.
    private static func canonicalize(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var decimalMark: UInt8 = UInt8(ascii: ".")
        for byte in text.reversed() where byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
            decimalMark = byte
            break
        }
        let groupingMark: UInt8 = decimalMark == UInt8(ascii: ".") ? UInt8(ascii: ",") : UInt8(ascii: ".")
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var digits = 0
        var inFraction = false
        var index = 0
        while index < text.count {
            let byte = text[index]
            switch byte {
            case 0x30...0x39:
                output.append(byte)
                digits += 1
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard output.isEmpty else { return nil }
                output.append(byte)
            case decimalMark:
                guard !inFraction else { return nil }
                inFraction = true
                output.append(UInt8(ascii: "."))
            case groupingMark, UInt8(ascii: " "):
                // Grouping only inside the integer part, and followed by a group of exactly three digits.
                guard !inFraction, digits > 0 else { return nil }
                var groupDigits = 0
                while index + 1 + groupDigits < text.count, text[index + 1 + groupDigits] &- 0x30 < 10 {
                    groupDigits += 1
                }
                guard groupDigits == 3 else { return nil }
            default:
                return nil
            }
            index += 1
        }
        return digits > 0 ? output : nil
    }
}
