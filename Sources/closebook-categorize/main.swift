import Categorize

CategorizeCommand.main()
