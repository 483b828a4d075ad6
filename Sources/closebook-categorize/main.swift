import Categorize
import Foundation
import StageCommand

exit(StageExit.run(CategorizeCommand.self))
