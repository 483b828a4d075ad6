-- closebook.sqlite: the categorised ledger as SQLite tables, written by closebook-export.
-- This file is the contract; Sources/Export/SQLite/SQLiteSchema.swift holds the same text (a
-- test keeps them equal). Amounts are integer minor units (amount_minor, exact) beside their
-- decimal text (amount); currencies.exponent says how many decimals a currency's minor unit has.
-- Dates are YYYY-MM-DD text, months YYYY-MM. Figures count posted rows that are neither
-- transfers nor ignored, as the report does; they are in each row's own currency (convert with
-- the rates table where you need one currency).

PRAGMA foreign_keys = ON;

CREATE TABLE currencies (
    code TEXT PRIMARY KEY,                -- ISO 4217, GBP
    exponent INTEGER NOT NULL             -- decimals of the minor unit: 2 for GBP, 0 for JPY
);

CREATE TABLE accounts (
    id TEXT PRIMARY KEY,                  -- the id in closebook.toml: current
    name TEXT NOT NULL,
    kind TEXT NOT NULL,                   -- checking, savings, credit_card, cash, investment, loan, other
    currency TEXT NOT NULL REFERENCES currencies(code),
    book_account TEXT NOT NULL,           -- its name in the journal: Assets:Current
    opening_balance_minor INTEGER,        -- the balance at the start of opening_date, if stated
    opening_date TEXT
);

CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,            -- Food:Groceries
    top TEXT NOT NULL,                    -- Food
    parent TEXT,                          -- Food, NULL at the top
    is_income INTEGER NOT NULL            -- 1 under Income, else 0 (an expense)
);

CREATE TABLE transactions (
    position INTEGER PRIMARY KEY,         -- the row's place in the ledger's order, from 1
    id TEXT NOT NULL,                     -- the transaction id (paste it into overrides.csv), unique
    date TEXT NOT NULL,
    month TEXT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    amount_minor INTEGER NOT NULL,        -- money out negative
    amount TEXT NOT NULL,                 -- the same amount as decimal text: -54.20
    currency TEXT NOT NULL REFERENCES currencies(code),
    payee TEXT NOT NULL,
    memo TEXT NOT NULL,
    category_id INTEGER REFERENCES categories(id),   -- NULL when uncategorised or split
    split_count INTEGER NOT NULL,         -- rows in splits
    category_source TEXT NOT NULL,        -- rule rules/20-food.rules:12, override overrides.csv:7, learned 0.93, transfer, none
    status TEXT NOT NULL CHECK (status IN ('posted', 'pending')),
    is_transfer INTEGER NOT NULL,
    transfer_peer TEXT,                   -- the other leg's id
    is_ignored INTEGER NOT NULL,
    note TEXT,
    source_file TEXT NOT NULL,            -- the inbox file and line it came from
    source_line INTEGER NOT NULL
);

CREATE TABLE splits (
    transaction_id TEXT NOT NULL REFERENCES transactions(id),
    position INTEGER NOT NULL,
    category_id INTEGER NOT NULL REFERENCES categories(id),
    amount_minor INTEGER NOT NULL,
    amount TEXT NOT NULL,
    PRIMARY KEY (transaction_id, position)
);

-- Each account's balance at the end of every month from its opening date to the ledger's last
-- month, as the report computes it: the opening balance plus the posted rows from the opening
-- date on. Accounts without an opening balance have none.
CREATE TABLE month_end_balances (
    account_id TEXT NOT NULL REFERENCES accounts(id),
    month TEXT NOT NULL,
    balance_minor INTEGER NOT NULL,
    currency TEXT NOT NULL REFERENCES currencies(code),
    PRIMARY KEY (account_id, month)
);

-- rates.csv: on date, one unit of currency is worth rate units of base.
CREATE TABLE rates (
    date TEXT NOT NULL,
    currency TEXT NOT NULL,
    rate TEXT NOT NULL,
    base TEXT NOT NULL,
    PRIMARY KEY (date, currency)
);

-- The analysis's cards of every month (build/analysis/YYYY-MM.json), in each file's order. Money
-- in a card is in the analysis's base currency.
CREATE TABLE insights (
    month TEXT NOT NULL,                  -- the month analysed: 2026-10
    position INTEGER NOT NULL,            -- the card's place in the month's list, from 1
    type TEXT NOT NULL,                   -- savingsRate, categoryTrend, ...
    category TEXT NOT NULL,               -- spending, income, budget, recurring, cashFlow, wealth, ...
    title TEXT NOT NULL,
    message TEXT NOT NULL,                -- one sentence with its numbers
    metric_value TEXT NOT NULL,           -- the headline number as decimal text
    metric_unit TEXT NOT NULL,            -- a currency code, or percent, ratio, months, days, count
    severity TEXT NOT NULL CHECK (severity IN ('positive', 'neutral', 'warning', 'critical')),
    PRIMARY KEY (month, position)
);

-- The transactions a card is about.
CREATE TABLE insight_transactions (
    month TEXT NOT NULL,
    position INTEGER NOT NULL,
    transaction_id TEXT NOT NULL REFERENCES transactions(id),
    FOREIGN KEY (month, position) REFERENCES insights(month, position)
);

-- Recurring payments and income (subscriptions, rent, a salary) as each month's analysis saw them
-- at its month end.
CREATE TABLE recurring_series (
    month TEXT NOT NULL,
    position INTEGER NOT NULL,            -- the series' place in the month's list, from 1
    payee TEXT NOT NULL,
    category TEXT NOT NULL,
    account_id TEXT REFERENCES accounts(id),
    cadence TEXT NOT NULL,                -- weekly, fortnightly, monthly, quarterly, yearly, ...
    amount_minor INTEGER NOT NULL,        -- the current amount, money out negative, in currency
    amount TEXT NOT NULL,
    currency TEXT NOT NULL REFERENCES currencies(code),
    monthly_amount TEXT,                  -- per month in the base currency; NULL when no rate converts it
    first_date TEXT NOT NULL,
    last_date TEXT NOT NULL,
    next_date TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active', 'missed', 'ended')),
    expected_date TEXT,                   -- the first expected date that did not come (missed, ended)
    occurrences INTEGER NOT NULL,
    PRIMARY KEY (month, position)
);

-- The transactions of a series (at most its last 24), oldest first.
CREATE TABLE recurring_transactions (
    month TEXT NOT NULL,
    position INTEGER NOT NULL,
    transaction_id TEXT NOT NULL REFERENCES transactions(id),
    FOREIGN KEY (month, position) REFERENCES recurring_series(month, position)
);

-- What in each month does not look like the rest of the history.
CREATE TABLE anomalies (
    month TEXT NOT NULL,
    position INTEGER NOT NULL,            -- its place in the month's list (riskiest first), from 1
    kind TEXT NOT NULL,                   -- unusualAmount, doubleCharge, newPayeeLargeAmount, newCurrency, ...
    date TEXT NOT NULL,
    payee TEXT NOT NULL,
    category TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,        -- signed, in currency (the analysis's base currency)
    amount TEXT NOT NULL,
    currency TEXT NOT NULL REFERENCES currencies(code),
    risk REAL NOT NULL,                   -- 0 to 1
    severity TEXT,                        -- critical or warning
    reason TEXT NOT NULL,
    PRIMARY KEY (month, position)
);

-- The transactions an anomaly is about.
CREATE TABLE anomaly_transactions (
    month TEXT NOT NULL,
    position INTEGER NOT NULL,
    transaction_id TEXT NOT NULL REFERENCES transactions(id),
    FOREIGN KEY (month, position) REFERENCES anomalies(month, position)
);

CREATE UNIQUE INDEX transactions_by_id ON transactions(id);
CREATE INDEX transactions_by_month ON transactions(month, category_id);
CREATE INDEX transactions_by_account ON transactions(account_id, date);
-- Categorised rows only: a query naming a category never reads the uncategorised and split rows
-- (`category_id = ?` and a join on it use this index), and leaving them out makes it cheaper to build.
CREATE INDEX transactions_by_category ON transactions(category_id) WHERE category_id IS NOT NULL;
CREATE INDEX splits_by_category ON splits(category_id);
CREATE INDEX insights_by_type ON insights(type, month);
CREATE INDEX insight_transactions_by_card ON insight_transactions(month, position);
CREATE INDEX insight_transactions_by_transaction ON insight_transactions(transaction_id);
CREATE INDEX recurring_series_by_account ON recurring_series(account_id, month);
CREATE INDEX recurring_transactions_by_series ON recurring_transactions(month, position);
CREATE INDEX recurring_transactions_by_transaction ON recurring_transactions(transaction_id);
CREATE INDEX anomalies_by_date ON anomalies(date);
CREATE INDEX anomaly_transactions_by_anomaly ON anomaly_transactions(month, position);
CREATE INDEX anomaly_transactions_by_transaction ON anomaly_transactions(transaction_id);

-- Every amount the figures count, one line per row or split part, with its category.
CREATE VIEW category_flows AS
    SELECT t.month, t.currency, COALESCE(c.path, 'Uncategorized') AS category,
        CASE WHEN c.id IS NULL THEN t.amount_minor > 0 ELSE c.is_income END AS is_income, t.amount_minor
    FROM transactions t LEFT JOIN categories c ON c.id = t.category_id
    WHERE t.status = 'posted' AND t.is_transfer = 0 AND t.is_ignored = 0 AND t.split_count = 0
    UNION ALL
    SELECT t.month, t.currency, c.path, c.is_income, s.amount_minor
    FROM splits s JOIN transactions t ON t.id = s.transaction_id JOIN categories c ON c.id = s.category_id
    WHERE t.status = 'posted' AND t.is_transfer = 0 AND t.is_ignored = 0;

-- Spending by month and category: money out as a positive amount, as the report shows it.
CREATE VIEW spending_by_month AS
    SELECT month, category, currency, -SUM(amount_minor) AS amount_minor, COUNT(*) AS parts
    FROM category_flows WHERE NOT is_income GROUP BY month, category, currency;

-- Income by month and category: money in.
CREATE VIEW income_by_month AS
    SELECT month, category, currency, SUM(amount_minor) AS amount_minor, COUNT(*) AS parts
    FROM category_flows WHERE is_income GROUP BY month, category, currency;

-- Net worth by month: every account's month-end balance added up, per currency.
CREATE VIEW net_worth_by_month AS
    SELECT month, currency, SUM(balance_minor) AS amount_minor
    FROM month_end_balances GROUP BY month, currency;
