/// How the next text cache file numbers the clean keys, or the displays, of its new entries
/// (`TextCache`): one the run met in the cache it read keeps the number it had there; any other
/// gets the next number above every number of its kind the read cache holds, so that no number
/// comes to name two texts.
struct CacheNumbering {
    /// By the run's number of the text: its number in the file, -1 until it has one.
    private var numbers: [Int32]
    private var next: Int32

    /// `known`: by the run's number of each text, its number in the cache read (-1 for none);
    /// `count`: one above the highest number of the kind that cache holds (0 without one).
    init(known: [Int32], count: Int) {
        numbers = known
        next = Int32(count)
    }

    /// The file's number of the text the run numbers `text`.
    mutating func number(of text: Int32) -> Int32 {
        let index = Int(text)
        numbers.padWithUnset(through: index)
        if numbers[index] < 0 {
            numbers[index] = next
            next += 1
        }
        return numbers[index]
    }
}
