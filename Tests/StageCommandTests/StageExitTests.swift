import ArgumentParser
import StageCommand
import Testing

/// The exit statuses every stage shares, whatever argument-parser's own would be: 0 success,
/// 1 input errors, 2 usage errors (argument-parser says 64).
@Suite("Stage exit")
struct StageExitTests {
    /// A stage in miniature: `--fail N` ends it with status N, as a stage ends on input errors.
    struct Probe: ParsableCommand {
        @Option var fail: Int32 = 0
        @Flag var reject = false

        func validate() throws {
            if reject { throw ValidationError("rejected") }
        }

        func run() throws {
            if fail != 0 { throw ExitCode(fail) }
        }
    }

    @Test func successAndHelpAreZero() {
        #expect(StageExit.run(Probe.self, arguments: []) == 0)
        #expect(StageExit.run(Probe.self, arguments: ["--help"]) == 0)
    }

    @Test func aStageEndingOnInputErrorsKeepsItsStatus() {
        #expect(StageExit.run(Probe.self, arguments: ["--fail", "1"]) == 1)
    }

    @Test func usageErrorsAreTwoNotSixtyFour() {
        #expect(StageExit.run(Probe.self, arguments: ["--bogus"]) == 2)
        #expect(StageExit.run(Probe.self, arguments: ["--fail", "one"]) == 2)
        #expect(StageExit.run(Probe.self, arguments: ["--reject"]) == 2)
    }
}
