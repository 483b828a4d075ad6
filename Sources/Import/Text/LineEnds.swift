/// Line feeds and carriage returns in a stretch of text, counted eight bytes at a time: where a
/// reader starting in the middle of a file needs the line it starts on.
enum LineEnds {
    /// How many of the `count` bytes at `start` are line feeds, and how many carriage returns.
    static func tally(in start: UnsafePointer<UInt8>, count: Int) -> (lineFeeds: Int, returns: Int) {
        let feeds = UInt64(0x0A) &* 0x0101_0101_0101_0101
        let returns = UInt64(0x0D) &* 0x0101_0101_0101_0101
        var lineFeeds = 0
        var carriageReturns = 0
        var offset = 0
        while offset + 8 <= count {
            let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
            lineFeeds &+= zeroBytes(word ^ feeds)
            carriageReturns &+= zeroBytes(word ^ returns)
            offset += 8
        }
        while offset < count {
            if start[offset] == 0x0A { lineFeeds += 1 }
            if start[offset] == 0x0D { carriageReturns += 1 }
            offset += 1
        }
        return (lineFeeds, carriageReturns)
    }

    /// How many carriage returns among the `count` bytes at `start` have a line feed after them
    /// (that line feed also within the `count` bytes).
    static func pairs(in start: UnsafePointer<UInt8>, count: Int) -> Int {
        let returns = UInt64(0x0D) &* 0x0101_0101_0101_0101
        let feeds = UInt64(0x0A) &* 0x0101_0101_0101_0101
        var total = 0
        var offset = 1
        while offset + 8 <= count {
            let here = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
            let before = UnsafeRawPointer(start + offset - 1).loadUnaligned(as: UInt64.self)
            total &+= zeroBytes((here ^ feeds) | (before ^ returns))
            offset += 8
        }
        while offset < count {
            if start[offset] == 0x0A && start[offset - 1] == 0x0D { total += 1 }
            offset += 1
        }
        return total
    }

    /// How many of `word`'s eight bytes are zero (exactly: no borrow runs from one byte to the next).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> Int {
        let low = UInt64(0x7F7F_7F7F_7F7F_7F7F)
        return (~(((word & low) &+ low) | word | low)).nonzeroBitCount
    }
}
