import CSQLite
import Foundation

/// A SQLite database file being written: the one Swift file that speaks to libsqlite3.
///
/// Why the system library and not GRDB: the export only creates tables and inserts rows through a
/// handful of prepared statements, which the C API does with no per-row allocation; a query
/// builder or record protocols would cost time at a million rows and bring a package with them.
/// The connection and every statement are owned here and closed in `deinit`.
final class SQLiteDatabase {
    /// A prepared statement, re-used for every row: bind, `run`, and it is reset for the next.
    final class Statement {
        private let handle: OpaquePointer
        private let database: SQLiteDatabase

        fileprivate init(_ handle: OpaquePointer, database: SQLiteDatabase) {
            self.handle = handle
            self.database = database
        }

        deinit {
            sqlite3_finalize(handle)
        }

        func bind(_ index: Int32, _ value: Int64) {
            sqlite3_bind_int64(handle, index, value)
        }

        func bind(_ index: Int32, _ value: Double) {
            sqlite3_bind_double(handle, index, value)
        }

        func bind(_ index: Int32, _ value: Int) {
            sqlite3_bind_int64(handle, index, Int64(value))
        }

        func bind(_ index: Int32, _ value: Bool) {
            sqlite3_bind_int(handle, index, value ? 1 : 0)
        }

        /// Text, or NULL for nil.
        func bind(_ index: Int32, _ value: String?) {
            guard var text = value else {
                sqlite3_bind_null(handle, index)
                return
            }
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) {
                    _ = sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), closebook_sqlite_transient())
                }
            }
        }

        /// Text given as UTF-8 bytes.
        func bind(_ index: Int32, bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    _ = sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), closebook_sqlite_transient())
                }
            }
        }

        func bindNull(_ index: Int32) {
            sqlite3_bind_null(handle, index)
        }

        /// Runs the statement once and resets it.
        func run() throws(SQLiteDatabase.Failure) {
            let status = sqlite3_step(handle)
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            guard status == SQLITE_DONE || status == SQLITE_ROW else { throw database.failure(status) }
        }
    }

    /// What SQLite said went wrong.
    struct Failure: Error {
        let message: String
    }

    private var handle: OpaquePointer?

    /// Creates (or truncates the existing) database file at `path`.
    init(creating path: String) throws(Failure) {
        unlink(path)
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let failure = self.failure(status)
            sqlite3_close(handle)
            handle = nil
            throw failure
        }
    }

    deinit {
        sqlite3_close(handle)
    }

    /// Runs one or more statements that return nothing.
    func execute(_ sql: String) throws(Failure) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(message)
            throw Failure(message: text)
        }
    }

    func prepare(_ sql: String) throws(Failure) -> Statement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(status) }
        return Statement(statement, database: self)
    }

    /// Closes the file; after this the object must not be used.
    func close() throws(Failure) {
        let status = sqlite3_close(handle)
        guard status == SQLITE_OK else { throw failure(status) }
        handle = nil
    }

    fileprivate func failure(_ status: Int32) -> Failure {
        if let handle, let text = sqlite3_errmsg(handle) { return Failure(message: String(cString: text)) }
        return Failure(message: String(cString: sqlite3_errstr(status)))
    }
}
