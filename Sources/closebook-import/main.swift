import Foundation
import Import

exit(ImportCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
