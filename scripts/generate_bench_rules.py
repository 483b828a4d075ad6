#!/usr/bin/env python3
"""Writes N distinct categorisation rules in the base rule syntax, for rule-matching benchmarks.

Usage: scripts/generate_bench_rules.py N OUTFILE   (BENCH_VARIETY=low for the earlier rules)

The rules name merchants that scripts/generate_bench.py uses (so they match real benchmark rows)
and, once those run out, invented ones that match nothing (the matcher still has to rule them
out). With the real variety (the default) they name the most popular merchants first, as a
person writes rules for the shops they use most, so 500 rules categorise most rows; with
BENCH_VARIETY=low they name merchants in a random order, as before. Most rules are literal alternatives (`payee ~ a | b | c`); every tenth uses a regex, every
seventh adds an amount condition, every eleventh tests the memo, every thirteenth an account.
Deterministic for a given N.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_bench import merchants  # noqa: E402

CATEGORIES = [
    "Food:Groceries", "Food:Coffee", "Food:Dining", "Food:Takeaway", "Food:Bakery", "Transport:Public",
    "Transport:Rail", "Transport:Car", "Transport:Taxi", "Bills:Energy", "Bills:Water", "Bills:Phone",
    "Health:Pharmacy", "Health:Dental", "Health:Optician", "Pets:Vet", "Home:Garden", "Home:Hardware",
    "Shopping:General", "Shopping:Clothes", "Shopping:Books", "Shopping:Gifts", "Entertainment:Cinema",
    "Entertainment:Pubs", "Personal:Haircut", "Travel:Holiday", "Gifts:Flowers", "Business:Supplies",
]


def main() -> None:
    if len(sys.argv) != 3 or not sys.argv[1].isdigit():
        sys.exit("usage: generate_bench_rules.py N OUTFILE   (e.g. generate_bench_rules.py 1000 rules/bench.rules)")
    count = int(sys.argv[1])
    rng = random.Random(7000 + count)
    names = list(dict.fromkeys(base.lower() for base, _, _ in merchants(random.Random(2024))))
    if os.environ.get("BENCH_VARIETY", "real") == "low":
        rng.shuffle(names)
    else:
        names.reverse()  # popped from the end: the most popular first
    invented = (f"merchant {i:05d} zz" for i in range(10**6))
    seen = set()
    out = [f"# {count} generated rules for benchmarks (scripts/generate_bench_rules.py {count}).", ""]
    for n in range(count):
        width = 1 + rng.randrange(4)
        alternatives = []
        for _ in range(width):
            alternatives.append(names.pop() if names else next(invented))
        if n % 10 == 9:
            # A regex: the first word, any second word, a fixed third.
            words = alternatives[0].split()
            if len(words) >= 3:
                pattern = f"/^{words[0]} [a-z]+ {words[-1]}/"
            else:
                pattern = f"/^{words[0]}( |$)/"
            terms = [pattern] + [quote(a) for a in alternatives[1:]]
            if tuple(terms) in seen:  # two regexes can coincide; fall back to the literals
                terms = [quote(a) for a in alternatives]
        else:
            terms = [quote(a) for a in alternatives]
        seen.add(tuple(terms))
        condition = "payee ~ " + " | ".join(terms)
        if n % 7 == 6:
            condition += f" and amount < -{rng.choice([5, 10, 20, 50, 100])}"
        if n % 11 == 10:
            condition = f"({condition}) or memo ~ {quote(alternatives[0] + ' zz')}"
        if n % 13 == 12:
            condition += " and account = current"
        out.append(f"if {condition}")
        out.append(f"    category {CATEGORIES[n % len(CATEGORIES)]}")
        if n % 5 == 4:
            out.append(f"    tag bench{n % 3}")
    Path(sys.argv[2]).parent.mkdir(parents=True, exist_ok=True)
    Path(sys.argv[2]).write_text("\n".join(out) + "\n")


def quote(text: str) -> str:
    return f'"{text}"' if " " in text or not text.isalnum() else text


if __name__ == "__main__":
    main()
