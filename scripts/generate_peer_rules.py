#!/usr/bin/env python3
"""Writes one set of N categorisation rules in the languages of three tools, for `make bench-peers`.

Usage: scripts/generate_peer_rules.py N OUTDIR

    OUTDIR/closebook/rules/peers.rules  Closebook's rule language: `if payee ~ "a" | "b"`, first match wins
    OUTDIR/hledger.rules                an hledger CSV rules file for the Northwind CSV: `if %description`
                                        blocks, written last rule first (in hledger the last matching
                                        block wins)
    OUTDIR/ledger.dat                   ledger `account` directives with `payee` sub-directives, in rule
                                        order (ledger convert takes the first mapping that matches)

Each rule names one to four merchants of scripts/generate_bench.py, the most popular first, as
case-insensitive substrings of the bank's description: the one kind of rule all three tools read
alike. Deterministic for a given N.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_bench import merchants  # noqa: E402
from generate_bench_rules import CATEGORIES  # noqa: E402

HLEDGER_HEADER = """\
# {count} rules for `make bench-peers` (scripts/generate_peer_rules.py): the Northwind CSV.
skip 1
fields date, type, description, paid_out, paid_in, balance
date-format %d/%m/%Y
currency GBP
account1 assets:current
amount-out %paid_out
amount-in %paid_in
"""


def rules(count: int) -> list[tuple[list[str], str]]:
    rng = random.Random(9000 + count)
    names = list(dict.fromkeys(base.lower() for base, _, _ in merchants(random.Random(2024))))
    names.reverse()  # popped from the end: the most popular first
    invented = (f"merchant {i:05d} zz" for i in range(10**6))
    result = []
    for n in range(count):
        width = 1 + rng.randrange(4)
        alternatives = [names.pop() if names else next(invented) for _ in range(width)]
        result.append((alternatives, CATEGORIES[n % len(CATEGORIES)]))
    return result


def escape(text: str) -> str:
    """The text as a regular expression matching itself (POSIX extended and Perl alike)."""
    return re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", text)


def main() -> None:
    if len(sys.argv) != 3 or not sys.argv[1].isdigit():
        sys.exit("usage: generate_peer_rules.py N OUTDIR   (e.g. generate_peer_rules.py 500 bench-data/peers/rules-500)")
    count = int(sys.argv[1])
    out = Path(sys.argv[2])
    table = rules(count)
    ours = [f"# {count} rules for `make bench-peers` (scripts/generate_peer_rules.py).", ""]
    for alternatives, category in table:
        ours.append("if payee ~ " + " | ".join(f'"{a}"' for a in alternatives))
        ours.append(f"    category {category}")
    (out / "closebook" / "rules").mkdir(parents=True, exist_ok=True)
    (out / "closebook" / "rules" / "peers.rules").write_text("\n".join(ours) + "\n")
    hledger = [HLEDGER_HEADER.format(count=count)]
    for alternatives, category in reversed(table):
        hledger.append("if " + "\n".join(f"%description {escape(a)}" for a in alternatives))
        hledger.append(f" account2 expenses:{category}\n")
    (out / "hledger.rules").write_text("\n".join(hledger))
    ledger = [f"; {count} rules for `make bench-peers` (scripts/generate_peer_rules.py).", ""]
    for alternatives, category in table:
        ledger.append(f"account Expenses:{category}")
        ledger.extend(f"    payee {escape(a)}" for a in alternatives)
        ledger.append("")
    (out / "ledger.dat").write_text("\n".join(ledger))


if __name__ == "__main__":
    main()
