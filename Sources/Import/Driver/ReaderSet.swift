/// The statement readers `closebook-import` sniffs every inbox file with: the formats available.
///
/// Order matters: the first reader whose `recognizes` accepts a file reads it, so readers with a
/// precise signature come before lenient ones; CSV, whose sniffing accepts most text, is last.
public enum ReaderSet {
    /// The standard readers. `profiles` are the folders holding CSV bank profiles (`*.toml`), in
    /// the order they are searched; a profile that does not load is a configuration error.
    public static func standard(profiles: [String]) throws(CSVProfileError) -> [any StatementReader] {
        [OFX2Reader(), OFX1Reader(), QIFReader(), CSVReader(profiles: try CSVProfile.loadAll(directories: profiles))]
    }
}
