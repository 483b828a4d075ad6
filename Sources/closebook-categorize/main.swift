import Categorize
import Foundation
import Ledger

exit(StageExit.run(CategorizeCommand.self))
