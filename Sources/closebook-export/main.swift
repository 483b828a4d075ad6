import Export
import Foundation
import StageCommand

exit(StageExit.run(ExportCommand.self))
