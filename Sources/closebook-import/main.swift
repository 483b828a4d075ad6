import Foundation
import Import
import StageCommand

ProcessHeap.keepFreedMemory()
exit(StageExit.run(ImportCommand.self))
