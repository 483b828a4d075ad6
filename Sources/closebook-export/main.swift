import Export
import Foundation
import Ledger

exit(StageExit.run(ExportCommand.self))
