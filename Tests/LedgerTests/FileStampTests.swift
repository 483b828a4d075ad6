import Ledger
import Testing

@Suite("File stamps")
struct FileStampTests {
    static func stamp(size: UInt64 = 100, modified: Int64 = 7, changed: Int64 = 7, inode: UInt64 = 42) -> FileStamp {
        FileStamp(
            size: size, modifiedSeconds: 1_700_000_000, modifiedNanoseconds: modified, changedSeconds: 1_700_000_000,
            changedNanoseconds: changed, inode: inode, device: 2049)
    }

    @Test("the same write: another change time is the same file renamed; another size, time or inode is not")
    func sameWrite() {
        let written = Self.stamp()
        #expect(written.isSameWrite(as: Self.stamp(changed: 9)))
        #expect(written != Self.stamp(changed: 9))
        #expect(!written.isSameWrite(as: Self.stamp(size: 101)))
        #expect(!written.isSameWrite(as: Self.stamp(modified: 8)))
        #expect(!written.isSameWrite(as: Self.stamp(inode: 43)))
    }
}
