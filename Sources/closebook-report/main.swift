import Foundation
import Report

exit(ReportCommand.execute())
