/// Replaces names (payees, account names, masked numbers) wherever they appear in free text.
///
/// The analysis writes sentences such as `Streamflix now charges £12.99`; a redacted report keeps
/// the sentence and says `Recurring payment 2 now charges £12.99` instead. A name matches as a whole
/// word (the characters either side are not letters or digits) and regardless of case, the longest
/// name first, so `Harbor Gym` goes before `Harbor`. Text that replaced a name is never searched again.
struct NameMask: Sendable {
    /// One name and what stands in for it, both as characters, the name folded to lower case.
    private struct Entry: Sendable {
        var name: [Character]
        var replacement: String
    }

    private var entries: [Entry] = []
    /// The entries by the folded first character of their name, longest name first.
    private var byFirst: [Character: [Int]] = [:]

    init() {}

    /// Masks `name` with `replacement` (written in lower case, as it reads in mid-sentence; it is
    /// capitalised at the start of a sentence). Empty names and names already masked are ignored.
    mutating func add(_ name: String, as replacement: String) {
        let folded = Self.fold(name)
        guard let first = folded.first, !entries.contains(where: { $0.name == folded }) else { return }
        entries.append(Entry(name: folded, replacement: replacement))
        byFirst[first, default: []].append(entries.count - 1)
        byFirst[first]?.sort { entries[$0].name.count > entries[$1].name.count }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// `text` with every masked name replaced.
    func apply(_ text: String) -> String {
        guard !entries.isEmpty, !text.isEmpty else { return text }
        let characters = Array(text)
        let folded = characters.map(Self.fold)
        var result = ""
        var index = 0
        var changed = false
        while index < characters.count {
            if index == 0 || !Self.isWordCharacter(characters[index - 1]),
                let candidates = byFirst[folded[index]],
                let match = candidates.first(where: { matches(entries[$0].name, in: folded, at: index) })
            {
                let replacement = entries[match].replacement
                result += Self.startsSentence(characters, at: index) ? Self.capitalized(replacement) : replacement
                index += entries[match].name.count
                changed = true
                continue
            }
            result.append(characters[index])
            index += 1
        }
        return changed ? result : text
    }

    private func matches(_ name: [Character], in folded: [Character], at start: Int) -> Bool {
        let end = start + name.count
        guard end <= folded.count, Array(folded[start..<end]) == name else { return false }
        return end == folded.count || !Self.isWordCharacter(folded[end])
    }

    /// Each character in lower case, one for one, so positions in the folded text are positions in the text.
    private static func fold(_ text: String) -> [Character] { text.map(fold) }

    private static func fold(_ character: Character) -> Character {
        let lower = character.lowercased()
        return lower.count == 1 ? Character(lower) : character
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// At the start of the text, or after `. `, `! `, `? ` or a new line.
    private static func startsSentence(_ characters: [Character], at index: Int) -> Bool {
        var position = index - 1
        while position >= 0, characters[position] == " " { position -= 1 }
        guard position >= 0 else { return true }
        if characters[position] == "\n" { return true }
        return position < index - 1 && [".", "!", "?"].contains(characters[position])
    }

    static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
