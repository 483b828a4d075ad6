import Analyze
import Foundation
import Ledger

exit(StageExit.run(AnalyzeCommand.self))
