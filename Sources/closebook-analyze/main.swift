import Analyze
import Foundation
import StageCommand

ProcessHeap.keepFreedMemory()
exit(StageExit.run(AnalyzeCommand.self))
