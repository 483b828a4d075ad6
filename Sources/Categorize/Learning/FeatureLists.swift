/// Lists of feature ids, one after another in one array: list `n` is `ids[ends[n]..<ends[n + 1]]`.
///
/// Why not an array of arrays: the learned fallback copies a payee key's and a memo's features
/// for every example and every guess (about two per row), and each inner array read that way was
/// retained and released, a write to the list's own memory; one array allocated per list also
/// left the heap in as many pieces.
struct FeatureLists: Equatable {
    private var ids: [Int32] = []
    private var ends: [Int] = [0]

    /// The number of lists.
    var count: Int { ends.count - 1 }

    /// Adds a list: the ids `fill` appends to the array it is given.
    mutating func append(_ fill: (inout [Int32]) -> Void) {
        fill(&ids)
        ends.append(ids.count)
    }

    /// Adds a list of `list`'s ids.
    mutating func append(_ list: [Int32]) {
        append { $0.append(contentsOf: list) }
    }

    /// Appends list `index` to `target`.
    func appendList(_ index: Int, to target: inout [Int32]) {
        ids.withUnsafeBufferPointer { ids in
            ends.withUnsafeBufferPointer { ends in
                target.append(contentsOf: UnsafeBufferPointer(rebasing: ids[ends[index]..<ends[index + 1]]))
            }
        }
    }
}

extension FeatureLists {
    /// One list, empty: the memo features' start (memo 0 is the empty memo).
    static var oneEmpty: FeatureLists {
        var lists = FeatureLists()
        lists.append([])
        return lists
    }
}
