import Ledger

/// The SQLite file's category ids, looked up for each row without hashing its path.
///
/// Why: rows come in the ledger's order (date, account, id), so the category changes at most rows
/// (about 960,000 times at a million rows) and hashing a path, an array of strings, at each change
/// cost more than the row's own binding. The ledger's decoder gives rows with the same path the
/// same array storage, so a path's storage address finds its id with one pointer's hash; a path
/// with storage not seen before is looked up by value once and its storage remembered. Ids are
/// the same either way: the address only finds an answer the path's value gave.
struct CategoryNumbers {
    private let ids: [CategoryPath: Int]
    private var byStorage: [UnsafeRawPointer: Int] = [:]

    init(_ ids: [CategoryPath: Int]) {
        self.ids = ids
    }

    /// The id of `path`, 0 when it has none.
    mutating func id(of path: CategoryPath) -> Int {
        let storage = CategoryNumbers.storage(of: path)
        if let id = byStorage[storage] { return id }
        let id = ids[path] ?? 0
        byStorage[storage] = id
        return id
    }

    /// Where the path's components are kept: the same for every row the decoder gave this path.
    /// The rows hold their paths for as long as the file is written, so no address is reused.
    static func storage(of path: CategoryPath) -> UnsafeRawPointer {
        path.components.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!) }
    }
}
