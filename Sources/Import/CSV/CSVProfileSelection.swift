import Ledger

/// Chooses the profile for a CSV file, and finds its header line.
///
/// Order: the profile the account names; else the header signature that matches best among the
/// first 64 records (all of its names present; more names is better; a header with no other
/// columns is better still; equal best scores are an error); else a file-name pattern; else a
/// layout inferred from the file itself (`LayoutInference`); else the file is rejected. Only the first 64 KiB are decoded and tokenized for this, once per
/// encoding and delimiter the profiles use.
struct CSVProfileSelection {
    var profile: CSVProfile
    /// The index among the file's non-empty records of the header line; nil for headerless layouts.
    var headerRecord: Int?
    /// Set when no profile matched and the layout was inferred from the file.
    var inferred: InferredLayout?

    static let recordsSearched = 64
    static let headBytes = 64 * 1024

    static func choose(
        profiles: [CSVProfile], bytes: [UInt8], path: String, requested: String?,
        context: InferenceContext = InferenceContext()
    ) throws(ImportDiagnostic) -> CSVProfileSelection {
        let head = CSVProfileSelection.head(of: bytes)
        if let requested {
            guard let profile = profiles.first(where: { $0.id == requested }) else {
                let known = profiles.map(\.id).sorted().joined(separator: ", ")
                throw ImportDiagnostic(
                    path: path, line: 1, column: 1,
                    message:
                        "the account's profile '\(requested)' is not a loaded CSV profile (known: \(known.isEmpty ? "none" : known)); add Importers/\(requested).toml or fix profile in closebook.toml"
                )
            }
            guard profile.hasHeader else { return CSVProfileSelection(profile: profile, headerRecord: nil) }
            let records = headRecords(head, encoding: profile.encoding, delimiter: profile.delimiter)
            if !profile.signature.isEmpty {
                if let match = CSVProfileSelection.match(profile, records: records) {
                    return CSVProfileSelection(profile: profile, headerRecord: match.record)
                }
                let names = profile.signature.joined(separator: ", ")
                throw ImportDiagnostic(
                    path: path, line: 1, column: 1,
                    message:
                        "no header line with the columns of profile '\(profile.id)' (\(names)) in the first \(recordsSearched) lines; is this the right profile for the file?"
                )
            }
            let index = records.firstIndex { $0.line > profile.skipLines } ?? 0
            return CSVProfileSelection(profile: profile, headerRecord: index)
        }

        // By header signature.
        var best: [(profile: CSVProfile, score: Int, record: Int, line: Int)] = []
        var cache: [String: [HeadRecord]] = [:]
        for profile in profiles where profile.hasHeader && !profile.signature.isEmpty {
            let key = "\(profile.encoding?.rawValue ?? "auto")|\(profile.delimiter.map(String.init) ?? "sniff")"
            let records: [HeadRecord]
            if let cached = cache[key] {
                records = cached
            } else {
                records = headRecords(head, encoding: profile.encoding, delimiter: profile.delimiter)
                cache[key] = records
            }
            guard let match = CSVProfileSelection.match(profile, records: records) else { continue }
            if let current = best.first?.score, match.score < current { continue }
            if let current = best.first?.score, match.score > current { best.removeAll() }
            best.append((profile, match.score, match.record, records[match.record].line))
        }
        if best.count > 1 {
            let names = best.map { "'\($0.profile.id)' (\($0.profile.path))" }
            throw ImportDiagnostic(
                path: path, line: best[0].line, column: 1,
                message:
                    "the header matches CSV profiles \(names[0]) and \(names[1]) equally well; make one signature more specific, or set profile = \"NAME\" for the account in closebook.toml"
            )
        }
        if let chosen = best.first { return CSVProfileSelection(profile: chosen.profile, headerRecord: chosen.record) }

        // By file name.
        let byName = profiles.filter { profile in
            profile.fileNames.contains { FileNamePattern.matches($0, path: path) }
        }
        if byName.count > 1 {
            let names = byName.prefix(2).map { "'\($0.id)' (\($0.path))" }
            throw ImportDiagnostic(
                path: path, line: 1, column: 1,
                message:
                    "the file name matches CSV profiles \(names[0]) and \(names[1]); make one file_names pattern more specific, or set profile = \"NAME\" for the account in closebook.toml"
            )
        }
        if let profile = byName.first {
            if !profile.hasHeader { return CSVProfileSelection(profile: profile, headerRecord: nil) }
            let records = headRecords(head, encoding: profile.encoding, delimiter: profile.delimiter)
            let index = records.firstIndex { $0.line > profile.skipLines } ?? 0
            return CSVProfileSelection(profile: profile, headerRecord: index)
        }

        // No profile: infer the layout. The profile used is the one its printed TOML loads as, so
        // saving it under importers/ reads the file the same way.
        do throws(LayoutInferenceFailure) {
            var inferred = try LayoutInference.infer(bytes, path: path, context: context)
            if let loaded = try? CSVProfile.parse(inferred.toml, id: inferred.profile.id, path: path) {
                inferred.profile = loaded
            }
            return CSVProfileSelection(
                profile: inferred.profile, headerRecord: inferred.headerRecord, inferred: inferred)
        } catch {
            // Only a line that reads as a bank export's header is quoted (`RejectedHeader`): a file
            // no profile knows may not be a bank export at all, and the message goes into reports.
            let quoted = RejectedHeader.find(head).map { " Its header (line \($0.line)) reads: \($0.text)." } ?? ""
            // When one account line settles it, the entry to paste, with that line marked.
            // Otherwise the profile the file's cells suggest, with each guess marked.
            let entry =
                error.decision.map {
                    $0.offer(fileName: LayoutInference.fileName(path), accountID: context.accountID) + "\nOr add"
                }
                ?? ProfileDraft(head: head, path: path).map {
                    " To read it, save this as importers/\(LayoutInference.inferredID(path)).toml and check the lines marked DECIDE:\n"
                        + $0.toml + "\nOr add"
                } ?? " Add"
            throw ImportDiagnostic(
                path: path, line: error.line, column: error.column,
                message:
                    "no CSV profile matches this file, and its layout cannot be inferred: \(error.message).\(quoted)\(entry) a profile for its layout to Importers/ or the workspace's importers/ (see Importers/README.md), or set profile = \"NAME\" for its account in closebook.toml"
            )
        }
    }

    struct HeadRecord {
        var line: Int
        var cells: [String]
        var folded: Set<String>
    }

    /// The best signature match of `profile` among `records`: its score and record index.
    static func match(_ profile: CSVProfile, records: [HeadRecord]) -> (score: Int, record: Int)? {
        let signature = profile.signature.map { CSVLayout.fold($0) }
        for (index, record) in records.enumerated() where signature.allSatisfy({ record.folded.contains($0) }) {
            let others = record.folded.subtracting(signature).subtracting([""])
            return (signature.count * 2 + (others.isEmpty ? 1 : 0), index)
        }
        return nil
    }

    /// The first 64 KiB, cut after a line end (and after the zero byte of a UTF-16 LE line feed).
    static func head(of bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > headBytes else { return bytes }
        var end = headBytes
        while end > 0 && bytes[end - 1] != 0x0A { end -= 1 }
        if end == 0 { return Array(bytes.prefix(headBytes)) }
        if end < bytes.count && bytes[end] == 0 { end += 1 }
        return Array(bytes[..<end])
    }

    static func headRecords(_ head: [UInt8], encoding: TextEncoding?, delimiter: UInt8?) -> [HeadRecord] {
        let decoded = TextDecoding.decode(head, declared: encoding)
        return decoded.bytes.withUnsafeBufferPointer { text in
            var tokenizer = CSVTokenizer(text: text, delimiter: delimiter ?? DelimiterSniffer.sniff(text))
            var fields: [CSVField] = []
            var records: [HeadRecord] = []
            while records.count < recordsSearched, let head = tokenizer.next(into: &fields) {
                let cells = fields.map { String(decoding: tokenizer.bytes($0), as: UTF8.self) }
                records.append(HeadRecord(line: head.line, cells: cells, folded: Set(cells.map { CSVLayout.fold($0) })))
            }
            return records
        }
    }
}
