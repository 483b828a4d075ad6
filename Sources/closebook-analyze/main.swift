import Analyze
import Foundation
import StageCommand

exit(StageExit.run(AnalyzeCommand.self))
