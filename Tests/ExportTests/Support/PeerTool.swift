import Foundation
import TestSupport
import Testing

/// Runs one of the plain-text accounting tools the exports are for (hledger, ledger, bean-check):
/// the exports are read by the real tool in the tests, never by a parser of ours.
/// `make test` installs them when missing (`make peers`).
enum PeerTool {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The tool's path on the PATH (or pip's user folder), or nil.
    static func find(_ name: String) -> String? { ExternalTool.find(name) }

    /// Runs `name` with `arguments`; records an issue (and returns nil) when it is not installed.
    /// Standard error goes to a file, so a chatty tool cannot fill a pipe and stall.
    static func run(_ name: String, _ arguments: [String]) throws -> Output? {
        guard let tool = find(name) else {
            Issue.record("\(name) is not installed: `make peers` (part of `make test`) installs it")
            return nil
        }
        let folder = try TemporaryFolder.make("peer")
        let errorPath = folder.appendingPathComponent("standard-error.txt")
        _ = FileManager.default.createFile(atPath: errorPath.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorPath)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? Data(contentsOf: errorPath)) ?? Data()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: data, as: UTF8.self),
            standardError: String(decoding: errors, as: UTF8.self))
    }

    /// `hledger balance` as account -> amounts (`"54.20 GBP"`), one entry per commodity.
    static func hledgerBalances(_ file: String, _ extra: [String] = []) throws -> [String: Set<String>]? {
        guard let output = try run("hledger", ["-f", file, "balance", "--flat", "-N", "-O", "csv"] + extra) else {
            return nil
        }
        #expect(output.status == 0, "hledger balance: \(output.standardError)")
        var balances: [String: Set<String>] = [:]
        for line in output.standardOutput.split(separator: "\n").dropFirst() {
            let cells = line.dropFirst().dropLast().components(separatedBy: "\",\"")
            guard cells.count == 2 else { continue }
            balances[cells[0]] = Set(cells[1].components(separatedBy: ", "))
        }
        return balances
    }

    /// `ledger balance` as account -> amounts, one entry per commodity, amounts written with the
    /// commodity's declared decimals by `decimals`.
    static func ledgerBalances(_ file: String, commodities: [String: Int]) throws -> [String: Set<String>]? {
        var balances: [String: Set<String>] = [:]
        for (code, decimals) in commodities.sorted(by: { $0.key < $1.key }) {
            let arguments = [
                "-f", file, "balance", "--flat", "--no-total", "--limit", "commodity == \"\(code)\"",
                "--format", "%(account)\t%(quantity(scrub(display_total)))\n",
            ]
            guard let output = try run("ledger", arguments) else { return nil }
            #expect(output.status == 0, "ledger balance: \(output.standardError)")
            for line in output.standardOutput.split(separator: "\n") {
                let cells = line.split(separator: "\t").map(String.init)
                guard cells.count == 2, let value = Decimal(string: cells[1]) else { continue }
                balances[cells[0], default: []].insert("\(fixed(value, decimals)) \(code)")
            }
        }
        return balances
    }

    /// `54.2` with 2 decimals: `54.20`.
    static func fixed(_ value: Decimal, _ decimals: Int) -> String {
        var rounded = Decimal()
        var input = value
        NSDecimalRound(&rounded, &input, decimals, .plain)
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.minimumFractionDigits = decimals
        formatter.maximumFractionDigits = decimals
        formatter.usesGroupingSeparator = false
        return formatter.string(from: rounded as NSDecimalNumber) ?? "\(rounded)"
    }

    /// `bean-query`'s answer to `query` (CSV output) as rows of trimmed cells, header left out.
    static func beanQuery(_ file: String, _ query: String) throws -> [[String]]? {
        guard let output = try run("bean-query", ["-f", "csv", file, query]) else { return nil }
        #expect(output.status == 0, "bean-query: \(output.standardError)")
        // bean-query ends its CSV lines with CR LF, one `Character` in Swift: split on either.
        return output.standardOutput.split(whereSeparator: \.isNewline).dropFirst().map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// Every account's total per currency from `bean-query`, as `"54.20 GBP"` with `decimals` places.
    static func beancountBalances(
        _ file: String, decimals: Int = 2, flag: String? = nil
    ) throws -> [String: Set<
        String
    >]? {
        let filter = flag.map { " WHERE flag = '\($0)'" } ?? ""
        let query = "SELECT account, currency, sum(number) AS total\(filter) GROUP BY account, currency"
        guard let rows = try beanQuery(file, query) else { return nil }
        var balances: [String: Set<String>] = [:]
        for row in rows where row.count == 3 {
            guard let value = Decimal(string: row[2]), value != 0 else { continue }
            balances[row[0], default: []].insert("\(fixed(value, decimals)) \(row[1])")
        }
        return balances
    }
}
