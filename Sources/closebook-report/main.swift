import Foundation
import Report
import StageCommand

exit(StageExit.run(ReportCommand.self))
