#!/usr/bin/env python3
"""How much of a workspace's spending the starter rule pack categorises, and how much of that in
the right top-level group, measured against a reference ledger of the same journal.

    scripts/starter-coverage.py REFERENCE_LEDGER STARTER_LEDGER [RATES_CSV]

REFERENCE_LEDGER is the workspace's ledger with its own rules and overrides (the right answers);
STARTER_LEDGER the same journal categorised with no rules/ and no overrides.csv, so only the
starter pack (its merchant rules, `starter …`, and its mapping of the export's own categories,
`export …`) and transfer pairing decide. Spending is money out that the reference ledger counts
(not a transfer, not ignored), in the base currency through RATES_CSV (date,currency,rate: the rate
from each date on). The right answer for a row is the reference's category when a user rule or an
override gave it; rows the reference left to the learned classifier or uncategorised have none and
are counted apart.
"""
import csv
import json
import sys
from decimal import Decimal


def rows(path):
    with open(path) as file:
        for line in file:
            record = json.loads(line)
            if "id" in record:
                yield record


def rate_table(path):
    table = {}
    if path:
        with open(path) as file:
            for entry in csv.DictReader(file):
                table.setdefault(entry["currency"], []).append((entry["date"], Decimal(entry["rate"])))
    for series in table.values():
        series.sort()
    return table


def in_base(record, rates):
    amount = Decimal(record["amount"])
    series = rates.get(record["currency"])
    if not series:
        return amount
    rate = series[0][1]
    for day, value in series:
        if day <= record["date"]:
            rate = value
    return amount * rate


def main():
    reference = {r["id"]: r for r in rows(sys.argv[1])}
    starter = {r["id"]: r for r in rows(sys.argv[2])}
    rates = rate_table(sys.argv[3] if len(sys.argv) > 3 else None)
    spending = covered = right = wrong = unjudged = Decimal(0)
    count = covered_count = wrong_rows = 0
    mistakes = []
    for key, ref in reference.items():
        amount = in_base(ref, rates)
        if amount >= 0 or ref.get("transfer") or ref.get("ignored"):
            continue
        money = -amount
        spending += money
        count += 1
        row = starter[key]
        # The pack's merchant rules and its mapping of the export's own categories alike.
        if not str(row.get("categorySource", "")).startswith(("starter ", "export ")):
            continue
        covered += money
        covered_count += 1
        source = str(ref.get("categorySource", ""))
        if not (source.startswith("rule ") or source.startswith("override ")) or not ref.get("category"):
            unjudged += money
            continue
        if ref["category"].split(":")[0] == row["category"].split(":")[0]:
            right += money
        else:
            wrong += money
            wrong_rows += 1
            mistakes.append((ref["payee"], ref["category"], row["category"]))
    judged = right + wrong
    print(f"spending: {count} rows, {spending:.2f}")
    print(f"starter-categorised: {covered_count} rows, {covered:.2f} ({100 * covered / spending:.1f}% of spending)")
    print(f"  with a reference answer: {judged:.2f}; right top-level group {right:.2f}"
          f" ({100 * right / judged if judged else 0:.1f}%), wrong {wrong:.2f} in {wrong_rows} rows")
    print(f"  without a reference answer (learned or uncategorised there): {unjudged:.2f}")
    for payee, expected, given in sorted(set(mistakes)):
        print(f"  wrong: {payee}: {given} (reference {expected})")


main()
