import Foundation
import Import
import StageCommand

exit(StageExit.run(ImportCommand.self))
