import Analyze

AnalyzeCommand.main()
