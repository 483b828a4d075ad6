import ArgumentParser

/// Runs a stage's command and turns every outcome into the exit status all stages share:
/// 0 success, 1 input errors, 2 usage or configuration errors. Every executable enters through it
/// (`exit(StageExit.run(ImportCommand.self))`), and so do the commands' in-process entries.
///
/// argument-parser's own status for a usage error is 64 (`EX_USAGE`); scripts chaining the stages
/// should not need to know which stage uses which convention, so it is mapped to 2 here.
public enum StageExit {
    public static func run<Command: ParsableCommand>(_ type: Command.Type, arguments: [String]? = nil) -> Int32 {
        do {
            var command = try type.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            let status = type.exitCode(for: error)
            let message = type.fullMessage(for: error)
            if status == .success {
                print(message)
                return 0
            }
            StandardError.writeLine(message)
            return status == .validationFailure ? 2 : status.rawValue
        }
    }
}
