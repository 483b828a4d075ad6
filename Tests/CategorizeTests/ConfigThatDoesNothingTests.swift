import Categorize
import Foundation
import Ledger
import TestSupport
import Testing

/// Configuration that would do nothing is said: a budget or bucket of a category nothing assigns
/// (at its line, with the near miss), and rule files that are not read.
@Suite struct ConfigThatDoesNothingTests {
    static let config = """
        base_currency = "GBP"

        [budgets]
        "Food:Coffe" = "45.00"
        "Food" = "400.00"
        "Bills:Energy" = "90.00"

        [plan.buckets]
        "Holidays" = "discretionary"
        """

    @Test func budgetsAndBucketsOfNoCategoryAreWarnedAtTheirLine() throws {
        let config = try WorkspaceConfig.parse(Self.config, path: "closebook.toml")
        let rules = Fixture.rules(
            """
            if payee ~ costa
                category Food:Coffee
            if payee ~ edf
                split Bills:Energy 50%, Bills:Water 50%
            """)
        let warnings = BudgetCategoryCheck.warnings(
            config: config, rules: rules, overrides: nil, configText: Self.config)
        // `Food` is the group above Food:Coffee, and Bills:Energy a split's part: both known.
        #expect(
            warnings == [
                "closebook.toml:4:1: warning: the budget 'Food:Coffe' names a category that no rule, split or "
                    + "override assigns, so no transaction counts towards it (did you mean 'Food:Coffee'?)",
                "closebook.toml:9:1: warning: the bucket 'Holidays' names a category that no rule, split or "
                    + "override assigns, so no transaction counts towards it",
            ])
    }

    @Test func anOverridesCategoryIsKnown() throws {
        let config = try WorkspaceConfig.parse("[budgets]\n\"Gifts\" = \"20.00\"\n", path: "closebook.toml")
        let overrides = try OverrideTable.parse("id,category\ncurrent/abc-0,Gifts\n", path: "overrides.csv")
        #expect(BudgetCategoryCheck.warnings(config: config, rules: [], overrides: overrides, configText: nil).isEmpty)
    }

    @Test func ruleFilesThatAreNotReadAreNamed() throws {
        let workspace = try TemporaryFolder.make("rules")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let rules = workspace.appendingPathComponent("rules")
        try FileManager.default.createDirectory(
            at: rules.appendingPathComponent("old"), withIntermediateDirectories: true)
        for name in ["10-food.rules", "20-bills.rule", "30-fun.rules.txt", "README.md", ".40-hidden.rule"] {
            try Data("if payee ~ x\n    category A:B\n".utf8).write(to: rules.appendingPathComponent(name))
        }
        let set = try RuleSet.load(workspace: workspace.path)
        #expect(set.files == ["rules/10-food.rules"])
        #expect(
            set.unread == [
                "rules/20-bills.rule: warning: not read: only files named *.rules are rule files; rename it 20-bills.rules",
                "rules/30-fun.rules.txt: warning: not read: only files named *.rules are rule files; rename it 30-fun.rules",
                "rules/old/: warning: sub-folders of rules/ are not read; move its rule files up into rules/",
            ])
    }
}
