#!/usr/bin/env python3
"""Checks that Closebook, hledger and ledger put the same rows in the same categories (`make bench-peers`).

Usage: scripts/peer_check.py NORTHWIND_CSV CLOSEBOOK_LEDGER HLEDGER_PRINT LEDGER_CONVERT

Each tool's output becomes a multiset of (date, description as exported, category or none), and
the three must be equal. Closebook's rows count as categorised only when a rule set the category
(the peers have no learned fallback); a row's description is read from the export at the line the
ledger row names. Prints one line of agreement, or the first differences and exits 1.
"""

from __future__ import annotations

import csv
import json
import sys
from collections import Counter


def category(account: str) -> str | None:
    lowered = account.lower()
    for prefix in ("expenses:", "income:"):
        if lowered.startswith(prefix):
            account = account[len(prefix):]
            break
    return None if account.lower() == "unknown" else account


def ours(export: str, ledger: str) -> Counter:
    with open(export, newline="", encoding="utf-8") as f:
        lines = {number: row for number, row in enumerate(csv.reader(f), start=1)}
    result = Counter()
    with open(ledger, encoding="utf-8") as f:
        next(f)  # the header record
        for text in f:
            row = json.loads(text)
            chosen = row.get("category") if row.get("categorySource", "").startswith("rule ") else None
            result[(row["date"], lines[row["line"]][2], chosen)] += 1
    return result


def hledger(path: str) -> Counter:
    result = Counter()
    for block in open(path, encoding="utf-8").read().split("\n\n"):
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        date, description = lines[0].split(" ", 1)
        account = lines[2].split()[0]
        result[(date, description, category(account))] += 1
    return result


def ledger(path: str) -> Counter:
    result = Counter()
    for block in open(path, encoding="utf-8").read().split("\n\n"):
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        date, _, description = lines[0].split(" ", 2)
        account = lines[1].split()[0]
        result[(date.replace("/", "-"), description, category(account))] += 1
    return result


def main() -> None:
    if len(sys.argv) != 5:
        sys.exit(__doc__.split("\n\n")[1])
    reference = ours(sys.argv[1], sys.argv[2])
    failed = False
    for name, counts in (("hledger", hledger(sys.argv[3])), ("ledger", ledger(sys.argv[4]))):
        if counts == reference:
            continue
        failed = True
        extra, missing = counts - reference, reference - counts
        print(f"{name} differs from closebook on {sum(missing.values())} rows, e.g.:")
        for (key, _), (other, _) in zip(list(missing.items())[:5], list(extra.items())[:5]):
            print(f"  closebook {key}\n  {name:9} {other}")
    categorised = sum(n for (_, _, chosen), n in reference.items() if chosen)
    total = sum(reference.values())
    if failed:
        sys.exit(1)
    print(f"same categories in all three: {total} rows, {categorised} categorised by rules")


if __name__ == "__main__":
    main()
