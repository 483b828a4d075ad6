/// The OFX elements the statement builder acts on; every other element is `.other` and skipped,
/// as OFX §2.3.1 asks of unknown and proprietary tags (`INTU.BID`, `AMEX.UNIVID`...).
enum OFXTag: UInt8, CaseIterable, Sendable {
    case other
    case ofx
    // Sign-on and status
    case sonrs, status, code, severity, message, fi, org, fid
    // Statement responses and their transaction wrappers
    case stmttrnrs, ccstmttrnrs, invstmttrnrs
    case stmtrs, ccstmtrs, invstmtrs
    case curdef, dtasof
    // Account aggregates
    case bankacctfrom, ccacctfrom, invacctfrom
    case bankid, branchid, acctid, accttype, brokerid
    // Transaction lists
    case banktranlist, banktranlistp, invtranlist, dtstart, dtend
    // Bank transactions
    case stmttrn, stmttrnp, trntype, dtposted, dtuser, dttran, trnamt, fitid
    case name, extdname, payee, memo, checknum, category, sic, mcc
    case currency, origcurrency, cursym
    // Balances
    case ledgerbal, availbal, balamt
    // Investment transactions
    case invbanktran, invtran, dttrade, dtsettle, total, secid, uniqueid, uniqueidtype
    case buydebt, buymf, buyopt, buyother, buystock
    case selldebt, sellmf, sellopt, sellother, sellstock
    case income
    case reinvest, transfer, split, closureopt, invexpense, jrnlfund, jrnlsec, margininterest, retofcap
    // Positions, cash balance and securities
    case invposlist, invpos, mktval, invbal, availcash
    case seclist, secinfo, secname, ticker

    /// The element name as OFX writes it.
    var name: String {
        switch self {
        case .other: "?"
        default: String(describing: self).uppercased()
        }
    }

    /// Investment transaction aggregates whose `TOTAL` is a cash movement.
    var isCashInvestmentTransaction: Bool {
        switch self {
        case .buydebt, .buymf, .buyopt, .buyother, .buystock, .selldebt, .sellmf, .sellopt, .sellother, .sellstock,
            .income:
            true
        default: false
        }
    }

    /// Investment transaction aggregates that move securities but no cash we import.
    var isOtherInvestmentTransaction: Bool {
        switch self {
        case .reinvest, .transfer, .split, .closureopt, .invexpense, .jrnlfund, .jrnlsec, .margininterest, .retofcap:
            true
        default: false
        }
    }

    /// Elements that contain other elements; every other known element holds a value.
    var isAggregate: Bool {
        switch self {
        case .other, .ofx, .sonrs, .status, .fi, .stmttrnrs, .ccstmttrnrs, .invstmttrnrs, .stmtrs, .ccstmtrs,
            .invstmtrs,
            .bankacctfrom, .ccacctfrom, .invacctfrom, .banktranlist, .banktranlistp, .invtranlist, .stmttrn, .stmttrnp,
            .payee, .currency, .origcurrency, .ledgerbal, .availbal, .invbanktran, .invtran, .secid, .invposlist,
            .invpos,
            .invbal, .seclist, .secinfo:
            true
        default:
            isCashInvestmentTransaction || isOtherInvestmentTransaction
        }
    }

    /// The three statement responses.
    var isStatement: Bool { self == .stmtrs || self == .ccstmtrs || self == .invstmtrs }
}

/// Maps element names to `OFXTag`s, case-insensitively, without building strings.
///
/// Names are identified by a 64-bit FNV-1a hash of their upper-cased bytes; the table is an
/// open-addressing array probed linearly, so a lookup is one hash and usually one comparison.
/// The SGML tokenizer also uses the hash to match end tags of unknown elements.
struct OFXTagTable: Sendable {
    private var keys: [UInt64]
    private var values: [OFXTag]
    private let mask: Int

    init() {
        let size = 512
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: .other, count: size)
        mask = size - 1
        for tag in OFXTag.allCases where tag != .other {
            let hash = OFXTagTable.hash(Array(tag.name.utf8))
            var slot = Int(truncatingIfNeeded: hash) & mask
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = hash
            values[slot] = tag
        }
    }

    /// The shared table; built once, read-only afterwards.
    static let standard = OFXTagTable()

    /// FNV-1a over the upper-cased bytes; never 0 (0 marks an empty slot).
    @inline(__always)
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = hashStart
        for byte in bytes { hash = combine(hash, byte) }
        return finish(hash)
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = hashStart
        for byte in bytes { hash = combine(hash, byte) }
        return finish(hash)
    }

    /// The hash in steps, for a tokenizer that hashes a name while it finds where it ends:
    /// `finish(combine(combine(hashStart, b0), b1))` is `hash([b0, b1])`.
    static let hashStart: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    static func combine(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        let upper = byte >= 0x61 && byte <= 0x7A ? byte &- 0x20 : byte
        return (hash ^ UInt64(upper)) &* 0x0000_0100_0000_01B3
    }

    @inline(__always)
    static func finish(_ hash: UInt64) -> UInt64 { hash == 0 ? 1 : hash }

    @inline(__always)
    func tag(forHash hash: UInt64) -> OFXTag {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let key = keys[slot]
            if key == hash { return values[slot] }
            if key == 0 { return .other }
            slot = (slot + 1) & mask
        }
    }
}
