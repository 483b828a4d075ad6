import Foundation
import Import
import Ledger
import TestSupport
import Testing

@Suite("CSV profiles")
struct CSVProfileLoadingTests {
    typealias Support = CSVTestSupport

    static let shipped =
        (try? FileManager.default.contentsOfDirectory(atPath: CSVTestSupport.importersDirectory))?
        .filter { $0.hasSuffix(".toml") }.sorted() ?? []

    @Test("Every shipped profile loads", arguments: shipped)
    func shippedProfileLoads(name: String) throws {
        let profile = try CSVProfile.load(path: Support.importersDirectory + "/" + name)
        #expect(profile.id + ".toml" == name)
        #expect(!profile.bank.isEmpty)
        // Every profile can be chosen without configuration: by header or by file name.
        #expect(!profile.signature.isEmpty || !profile.fileNames.isEmpty)
    }

    @Test func shippedProfilesAreAllThere() throws {
        #expect(Self.shipped.count == 32)
        #expect(Support.profiles.count == Self.shipped.count)
        #expect(Set(Support.profiles.map(\.id)).count == Support.profiles.count)
    }

    @Test func northwindProfile() throws {
        let profile = try CSVProfile.load(path: Support.importersDirectory + "/northwind-bank.toml")
        #expect(profile.signature == ["Date", "Type", "Description", "Paid Out", "Paid In", "Balance"])
        #expect(profile.amount == .debitCredit(debit: .name("Paid Out"), credit: .name("Paid In")))
        #expect(profile.currency == .fixed(.gbp))
        #expect(profile.order == .newestFirst)
        #expect(profile.encoding == .utf8)
        #expect(profile.delimiter == UInt8(ascii: ","))
        #expect(profile.dateFormat.description == "%d/%m/%Y")
    }

    @Test func aWorkspaceProfileReplacesAShippedOne() throws {
        let folder = try TemporaryFolder.make("closebook-profiles")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileOutput.write(
            """
            name = "My own Northwind"
            bank = "Northwind Bank"
            [columns]
            date = "Date"
            date_format = "%Y-%m-%d"
            [amount]
            column = "Amount"
            """, to: folder.appendingPathComponent("northwind-bank.toml").path)
        let profiles = try CSVProfile.loadAll(directories: [Support.importersDirectory, folder.path, "/no/such/folder"])
        #expect(profiles.count == Self.shipped.count)
        #expect(profiles.first { $0.id == "northwind-bank" }?.name == "My own Northwind")
    }

    // MARK: - Errors name the file, the line, the column and the key

    static func error(_ toml: String) -> String? {
        do {
            _ = try CSVProfile.parse(toml, id: "x", path: "Importers/x.toml")
            return nil
        } catch {
            return error.description
        }
    }

    static let base = """
        name = "X"
        bank = "X Bank"

        [columns]
        date = "Date"
        date_format = "%d/%m/%Y"

        [amount]
        column = "Amount"
        """

    @Test func unknownKey() {
        let toml = Self.base.replacingAll("date = \"Date\"", with: "date = \"Date\"\n  payeee = \"Payee\"")
        #expect(
            Self.error(toml)
                == "Importers/x.toml:6:3: error: unknown key 'payeee' in [columns] (expected one of date, date_format, date_fallback, payee, payee_fallback, memo, type, category, check_number, account, account_name, status, pending_values, balance, balance_before)"
        )
    }

    @Test func badDateFormat() {
        let toml = Self.base.replacingAll("%d/%m/%Y", with: "%d/%q/%Y")
        #expect(
            Self.error(toml)
                == "Importers/x.toml:6:1: error: 'date_format' in [columns]: '%d/%q/%Y' has the unknown directive '%q' (use %d %m %Y %y %b %H %M %S)"
        )
        let incomplete = Self.base.replacingAll("%d/%m/%Y", with: "%d/%m")
        #expect(
            Self.error(incomplete)
                == "Importers/x.toml:6:1: error: 'date_format' in [columns]: '%d/%m' needs a day (%d), a month (%m or %b) and a year (%Y or %y)"
        )
    }

    @Test func missingPieces() {
        #expect(
            Self.error(Self.base.replacingAll("bank = \"X Bank\"\n", with: ""))
                == "Importers/x.toml:1:1: error: missing 'bank' (the bank's name, reported as the institution)")
        #expect(
            Self.error(Self.base.replacingAll("date = \"Date\"\n", with: ""))
                == "Importers/x.toml:4:1: error: missing 'date' in [columns] (the column holding the booking date)")
        #expect(
            Self.error(Self.base.replacingAll("column = \"Amount\"", with: "debit = \"Out\""))
                == "Importers/x.toml:9:1: error: 'debit' in [amount] needs a 'credit' column too (money in)")
        #expect(
            Self.error(Self.base + "\ndebit = \"Out\"\ncredit = \"In\"")
                == "Importers/x.toml:9:1: error: [amount] takes either 'column' (with an optional 'indicator') or both 'debit' and 'credit'"
        )
    }

    @Test func wrongValues() {
        #expect(
            Self.error(Self.base + "\ncurrency = \"EURO\"")
                == "Importers/x.toml:10:1: error: currency 'EURO' is not an ISO 4217 code such as \"EUR\"")
        #expect(
            Self.error(Self.base + "\ndecimal_mark = \";\"")
                == "Importers/x.toml:10:1: error: decimal_mark ';' must be \".\" or \",\"")
        #expect(
            Self.error(Self.base + "\n[file]\nencoding = \"ebcdic\"")
                == "Importers/x.toml:11:1: error: encoding 'ebcdic' is not known (use utf-8, utf-16, utf-16le, utf-16be, windows-1250, windows-1251, windows-1252, windows-1257, iso-8859-1, iso-8859-15 or auto)"
        )
        #expect(
            Self.error(Self.base + "\n[file]\ndelimiter = \":\"")
                == "Importers/x.toml:11:1: error: delimiter ':' must be \",\", \";\", \"tab\", \"|\" or \"auto\"")
        #expect(
            Self.error(Self.base + "\n[file]\nheader = false")
                == "Importers/x.toml:5:1: error: 'date' in [columns] names the column 'Date', but this profile has header = false; use its number"
        )
        #expect(
            Self.error(Self.base.replacingAll("date = \"Date\"", with: "date = 0"))
                == "Importers/x.toml:5:1: error: 'date' in [columns]: columns are numbered from 1")
    }

    @Test func rowRules() {
        #expect(
            Self.error(Self.base + "\n[[skip]]\ncolumn = \"Type\"\nequals = [\"X\"]")
                == "Importers/x.toml:10:1: error: each [[skip]] needs a 'reason' (shown in the import report)")
        #expect(
            Self.error(Self.base + "\n[[skip]]\ncolumn = \"Type\"\nreason = \"r\"")
                == "Importers/x.toml:11:1: error: each [[skip]] needs exactly one of equals, starts_with, contains or empty = true"
        )
        #expect(
            Self.error(Self.base + "\n[[balance_row]]\ncolumn = \"Type\"\nequals = [\"X\"]\nkind = \"middle\"")
                == "Importers/x.toml:13:1: error: each [[balance_row]] needs kind = \"opening\" or \"closing\"")
    }

    @Test func templates() {
        #expect(
            Self.error(Self.base.replacingAll("date = \"Date\"", with: "date = \"Date\"\npayee = \"{Name\""))
                == "Importers/x.toml:6:1: error: 'payee' in [columns]: template '{Name' has a '{' without a column name and '}'"
        )
    }

    @Test func tomlSyntaxError() {
        let message = Self.error("name = \"X\"\nbank = \n")
        #expect(message?.hasPrefix("Importers/x.toml:2:") == true)
    }
}

@Suite("Shipped profiles choose themselves")
struct ShippedProfileSelectionTests {
    static let withSignature = CSVTestSupport.profiles.filter { !$0.signature.isEmpty }.map(\.id).sorted()

    /// A header made of exactly a profile's signature picks that profile and no other, so no two
    /// shipped profiles tie on their own layouts.
    @Test(arguments: withSignature)
    func headerOfItsOwnSignature(id: String) throws {
        let profile = try #require(CSVTestSupport.profiles.first { $0.id == id })
        let delimiter = profile.delimiter.map { String(UnicodeScalar($0)) } ?? ","
        let header = profile.signature.map { "\"\($0)\"" }.joined(separator: delimiter)
        do {
            let file = try CSVTestSupport.read(header + "\n", profiles: CSVTestSupport.profiles)
            #expect(file.profile == id)
        } catch {
            Issue.record("\(id): \(error)")
        }
    }
}
