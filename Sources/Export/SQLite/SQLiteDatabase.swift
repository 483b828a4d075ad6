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
    ///
    /// Text is copied into the statement's own scratch buffer and bound as `SQLITE_STATIC`, which
    /// SQLite reads in place until the row is run: bound `SQLITE_TRANSIENT`, each of a row's ten
    /// texts cost SQLite a `malloc`, a copy and a `free`, thirty million calls at a million rows.
    /// A row whose texts outgrow the buffer has the rest bound `SQLITE_TRANSIENT`, as before.
    final class Statement {
        /// Bytes of text a row can bind in place (a ledger row's texts are a few hundred).
        static let scratchCapacity = 16 * 1024

        private let handle: OpaquePointer
        private let database: SQLiteDatabase
        private let scratch = UnsafeMutablePointer<CChar>.allocate(capacity: Statement.scratchCapacity)
        /// Bytes of `scratch` bound since the last `run`.
        private var scratchUsed = 0

        fileprivate init(_ handle: OpaquePointer, database: SQLiteDatabase) {
            self.handle = handle
            self.database = database
        }

        deinit {
            sqlite3_finalize(handle)
            scratch.deallocate()
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
            text.withUTF8 { bindText(index, UnsafeRawBufferPointer($0)) }
        }

        /// Text read where it lies, in a row the caller holds in place: passing the string itself
        /// copies it out of the row, a retain and a release at each of a row's texts.
        func bind(_ index: Int32, textAt text: UnsafePointer<String>) {
            let bound: Void? = text.pointee.utf8.withContiguousStorageIfAvailable {
                bindText(index, UnsafeRawBufferPointer($0))
            }
            if bound == nil { bind(index, text.pointee) }
        }

        /// Text given as UTF-8 bytes: the first `count` of them, or all.
        func bind(_ index: Int32, bytes: [UInt8], count: Int? = nil) {
            bytes.withUnsafeBytes { bindText(index, UnsafeRawBufferPointer(rebasing: $0.prefix(count ?? $0.count))) }
        }

        /// Binds `text` from the scratch buffer when it fits, else as a copy SQLite makes.
        private func bindText(_ index: Int32, _ text: UnsafeRawBufferPointer) {
            let count = text.count
            guard scratchUsed + count <= Statement.scratchCapacity else {
                _ = sqlite3_bind_text(
                    handle, index, text.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(count),
                    closebook_sqlite_transient())
                return
            }
            let start = scratch + scratchUsed
            if let source = text.baseAddress {
                UnsafeMutableRawPointer(start).copyMemory(from: source, byteCount: count)
            }
            scratchUsed += count
            _ = sqlite3_bind_text(handle, index, start, Int32(count), closebook_sqlite_static())
        }

        func bindNull(_ index: Int32) {
            sqlite3_bind_null(handle, index)
        }

        /// Runs the statement once and resets it. Its parameters are cleared to NULL unless the
        /// caller binds every one of them before each run (`clearing: false`): clearing walks
        /// every parameter again, a few hundred instructions a row at twenty of them.
        func run(clearing: Bool = true) throws(SQLiteDatabase.Failure) {
            let status = sqlite3_step(handle)
            sqlite3_reset(handle)
            // Clearing also drops the pointers into `scratch`; a caller that does not clear binds
            // every parameter again, which replaces them before the next run reads any.
            if clearing { sqlite3_clear_bindings(handle) }
            scratchUsed = 0
            guard status == SQLITE_DONE || status == SQLITE_ROW else { throw database.failure(status) }
        }
    }

    /// What SQLite said went wrong.
    struct Failure: Error {
        let message: String
    }

    private var handle: OpaquePointer?

    /// Set up once, before the process's first database: SQLite counts the memory it holds behind
    /// a process-wide mutex on every allocation and free (about 2.5% of the time of a million-row
    /// file went to taking and releasing it), and nothing here reads the count.
    private static let memoryCountStopped = closebook_sqlite_stop_counting_memory() == SQLITE_OK

    /// Creates (or truncates the existing) database file at `path`.
    init(creating path: String) throws(Failure) {
        _ = SQLiteDatabase.memoryCountStopped
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
