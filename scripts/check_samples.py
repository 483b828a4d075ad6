#!/usr/bin/env python3
"""Reads the Samples/ exports back, independently of the generator's model, and checks them.

Usage: scripts/check_samples.py [SAMPLES_DIR]

- the CSV files: header, CRLF, dates, one amount per row, newest first, a running balance that
  agrees to the penny with the opening balance in closebook.toml, identical rows in the overlap,
  and the distinct row count after de-duplication by occurrence;
- the OFX file: well-formed XML, unique FITIDs, NAME <= 32 characters, signs that match TRNTYPE,
  LEDGERBAL = opening balance + transactions;
- the QIF file: record shape and dates;
- the euro account's OFX 1.x (SGML) file: header, unique FITIDs, signs that match TRNTYPE,
  LEDGERBAL = opening balance + transactions; its amounts convert at rates.csv's rate in force on
  their date (a balance: on the month's last day), rounded half to even once;
- EXPECTED.json: every monthly figure is recomputed from the parsed files, overrides.csv and the
  rule files in rules/ (read from disk), with the lines of facts.learnedMerchants (which no rule
  may match) under the category given there, and must agree; so must net worth, with the
  pension's latest valuation in valuations.csv (an account without exports or opening balance);
- determinism: running the generator again gives the same bytes.
"""

from __future__ import annotations

import calendar
import csv
import filecmp
import json
import re
import subprocess
import sys
import tempfile
import tomllib
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from datetime import date
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_samples import RuleSet, Txn, TRANSFER, UNCATEGORIZED  # noqa: E402


def pence(text: str) -> int:
    text = text.replace(",", "")
    negative = text.startswith("-")
    units, _, frac = text.lstrip("-+").partition(".")
    assert len(frac) == 2, text
    value = int(units) * 100 + int(frac)
    return -value if negative else value


def dmy(text: str) -> date:
    assert re.fullmatch(r"\d\d/\d\d/\d{4}", text), text
    return date(int(text[6:]), int(text[3:5]), int(text[:2]))


def check_csv(path: Path, opening: int | None):
    raw = path.read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf"), "no BOM"
    assert raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b""), "CRLF line ends only"
    lines = raw.decode("utf-8").split("\r\n")[:-1]
    assert lines[0] == "Date,Type,Description,Paid Out,Paid In,Balance", lines[0]
    rows = list(csv.reader(lines[1:]))
    parsed = []
    for row in rows:
        assert len(row) == 6, row
        d, kind, desc, out, inn, bal = row
        assert kind in {"DEB", "CR", "DD", "SO", "FPO", "FPI", "BGC", "TFR"}, kind
        assert (out == "") != (inn == ""), row
        for field in (out, inn):
            assert field == "" or re.fullmatch(r"\d+\.\d\d", field), field
        amount = pence(inn) if inn else -pence(out)
        parsed.append((dmy(d), kind, desc, amount, pence(bal)))
    dates = [p[0] for p in parsed]
    assert dates == sorted(dates, reverse=True), f"{path.name}: not newest first"
    oldest_first = list(reversed(parsed))
    balance = opening if opening is not None else oldest_first[0][4] - oldest_first[0][3]
    for d, kind, desc, amount, stated in oldest_first:
        balance += amount
        assert balance == stated, f"{path.name}: balance after {d} {desc} is {balance}, file says {stated}"
    return lines[1:], oldest_first, oldest_first[0][4] - oldest_first[0][3]


def occurrence_keys(rows):
    seen = Counter()
    keys = []
    for d, kind, desc, amount, _ in rows:
        content = (d, amount, " ".join(desc.lower().split()))
        keys.append(content + (seen[content],))
        seen[content] += 1
    return keys


def check_ofx(path: Path, opening: int):
    text = path.read_text("utf-8")
    assert text.startswith('<?xml version="1.0"'), "XML declaration first"
    assert '<?OFX OFXHEADER="200" VERSION="220"' in text.splitlines()[1]
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == "OFX"
    assert root.findtext("SIGNONMSGSRSV1/SONRS/FI/ORG") == "Harbor Card"
    stmt = root.find("CREDITCARDMSGSRSV1/CCSTMTTRNRS/CCSTMTRS")
    assert stmt.findtext("CURDEF") == "GBP"
    assert stmt.findtext("CCACCTFROM/ACCTID") == "4929000011112222"
    records = []
    fitids = set()
    for trn in stmt.iter("STMTTRN"):
        kind = trn.findtext("TRNTYPE")
        posted = trn.findtext("DTPOSTED")
        assert re.fullmatch(r"\d{8}120000\[0:GMT\]", posted), posted
        amount = pence(trn.findtext("TRNAMT"))
        assert (kind == "DEBIT") == (amount < 0) and kind in ("DEBIT", "CREDIT"), (kind, amount)
        fitid = trn.findtext("FITID")
        assert fitid not in fitids, fitid
        fitids.add(fitid)
        name = trn.findtext("NAME")
        assert 0 < len(name) <= 32, name
        records.append((date(int(posted[:4]), int(posted[4:6]), int(posted[6:8])), amount, name,
                        trn.findtext("MEMO"), fitid))
    ledger = pence(stmt.findtext("LEDGERBAL/BALAMT"))
    assert opening + sum(r[1] for r in records) == ledger, "LEDGERBAL"
    start = stmt.findtext("BANKTRANLIST/DTSTART")[:8]
    end = stmt.findtext("BANKTRANLIST/DTEND")[:8]
    assert all(start <= r[0].strftime("%Y%m%d") <= end for r in records)
    return records, ledger


def check_qif(path: Path):
    raw = path.read_text("utf-8")
    lines = raw.splitlines()
    assert lines[0] == "!Type:Bank"
    records = []
    current: dict[str, str] = {}
    for line in lines[1:]:
        if line == "^":
            assert set(current) >= {"D", "T", "P"}, current
            records.append((dmy(current["D"]), pence(current["T"]), current["P"], current.get("M")))
            current = {}
        else:
            assert line[0] in "DTPM", line
            current[line[0]] = line[1:]
    assert not current
    assert [r[0] for r in records] == sorted(r[0] for r in records)
    return records


def check_ofx1(path: Path, opening: int, currency: str):
    """The OFX 1.x (SGML) download: leaf elements have no closing tags, one transaction a line."""
    text = path.read_bytes().decode("ascii")
    header, _, body = text.partition("\r\n\r\n")
    assert header.split("\r\n")[:3] == ["OFXHEADER:100", "DATA:OFXSGML", "VERSION:102"], header
    assert f"<CURDEF>{currency}\r\n" in body
    records = []
    fitids = set()
    pattern = r"<STMTTRN><TRNTYPE>(\w+)<DTPOSTED>(\d{8})<TRNAMT>(-?\d+\.\d\d)<FITID>(\w+)<NAME>([^<\r\n]+)</STMTTRN>"
    for kind, posted, amount, fitid, name in re.findall(pattern, body):
        value = pence(amount)
        assert (kind == "DEBIT") == (value < 0) and kind in ("DEBIT", "CREDIT"), (kind, value)
        assert fitid not in fitids, fitid
        fitids.add(fitid)
        records.append((date(int(posted[:4]), int(posted[4:6]), int(posted[6:8])), value, name, fitid))
    assert len(records) == body.count("<STMTTRN>"), "a transaction line is not in the expected shape"
    ledger = pence(re.search(r"<LEDGERBAL><BALAMT>(-?\d+\.\d\d)", body).group(1))
    assert opening + sum(r[1] for r in records) == ledger, "LEDGERBAL"
    return records


def rate_table(path: Path) -> dict[str, list[tuple[date, Decimal]]]:
    """rates.csv: per currency, (from date, one unit in the base currency), oldest first."""
    table = defaultdict(list)
    for row in csv.DictReader(path.open(newline="")):
        table[row["currency"]].append((date.fromisoformat(row["date"]), Decimal(row["rate"])))
    return {k: sorted(v) for k, v in table.items()}


def in_base(amount: int, currency: str, day: date, base: str, rates) -> int:
    if currency == base:
        return amount
    rate = [r for d, r in rates[currency] if d <= day][-1]
    return int((Decimal(amount) * rate).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "Samples"
    config = tomllib.loads((root / "closebook.toml").read_text())
    accounts = {a["id"]: a for a in config["accounts"]}
    # Accounts without exports (the pension, valued by hand in valuations.csv) have no opening balance.
    opening = {k: pence(a["opening_balance"]) for k, a in accounts.items() if "opening_balance" in a}
    expected = json.loads((root / "EXPECTED.json").read_text())
    inbox = root / "inbox"

    # Current account: two overlapping CSV exports.
    csv_files = sorted(inbox.glob("northwind-current-*.csv"))
    assert len(csv_files) == 2
    lines1, rows1, start1 = check_csv(csv_files[0], opening["current"])
    lines2, rows2, start2 = check_csv(csv_files[1], None)
    overlap_from, overlap_to = date(2025, 11, 15), date(2025, 12, 31)
    in_overlap1 = [line for line, r in zip(lines1, reversed(rows1)) if overlap_from <= r[0] <= overlap_to]
    in_overlap2 = [line for line, r in zip(lines2, reversed(rows2)) if overlap_from <= r[0] <= overlap_to]
    assert in_overlap1 and in_overlap1 == in_overlap2, "overlap rows differ"
    before_overlap = [r for r in rows1 if r[0] < overlap_from]
    assert start2 == before_overlap[-1][4], "second export does not continue the first's balance"
    keys = set(occurrence_keys(rows1)) | set(occurrence_keys(rows2))
    files = expected["files"]["current"]
    assert files["csvFiles"][csv_files[0].name]["rows"] == len(rows1)
    assert files["csvFiles"][csv_files[1].name]["rows"] == len(rows2)
    assert files["overlap"]["rowsInBothFiles"] == len(in_overlap1)
    assert files["distinctRows"] == len(keys), (files["distinctRows"], len(keys))
    same_day = Counter((r[0], r[2], r[3]) for r in rows1)
    coffee = files["identicalRowsOnOneDay"]
    assert same_day[(date.fromisoformat(coffee["date"]), coffee["description"], -pence(coffee["paidOut"]))] == 2
    current = {}
    for r, k in zip(rows1, occurrence_keys(rows1)):
        current[k] = r
    for r, k in zip(rows2, occurrence_keys(rows2)):
        current.setdefault(k, r)

    card, ledger = check_ofx(next(inbox.glob("harbor-card-*.ofx")), opening["card"])
    assert expected["files"]["card"]["ledgerBalance"]["minorUnits"] == ledger
    savings = check_qif(next(inbox.glob("bramble-savings-*.qif")))
    base = config["base_currency"]
    currency = {k: a.get("currency", base) for k, a in accounts.items()}
    opened = {k: date.fromisoformat(a["opening_date"]) for k, a in accounts.items() if "opening_date" in a}
    euro = check_ofx1(next(inbox.glob("tagus-euro-*.ofx")), opening["euro"], currency["euro"])
    assert len(euro) == expected["files"]["euro"]["transactions"]
    rates = rate_table(root / "rates.csv")
    assert {d.isoformat(): str(r) for d, r in rates["EUR"]} == expected["files"]["euro"]["rates"]
    valuations = defaultdict(list)
    for row in csv.DictReader((root / "valuations.csv").open(newline="")):
        valuations[row["account"]].append((date.fromisoformat(row["date"]), pence(row["value"])))
    # An account valued by hand has no exports and no opening balance; every other one has both.
    assert set(valuations) == set(accounts) - set(opening), sorted(valuations)

    # Recompute the figures from the parsed files and the rule files on disk.
    rules = RuleSet({p.name: p.read_text() for p in sorted((root / "rules").glob("*.rules"))})
    txns = [Txn("current", r[0], r[3], r[2], None, r[1], "", 0) for r in current.values()]
    txns += [Txn("card", d, a, n, m, "", "", 0, fitid=f) for d, a, n, m, f in card]
    txns += [Txn("savings", d, a, p, m, "", "", 0) for d, a, p, m in savings]
    txns += [Txn("euro", d, a, n, None, "", "", 0, fitid=f) for d, a, n, f in euro]
    overrides = {row["id"]: row for row in csv.DictReader((root / "overrides.csv").open(newline=""))}
    assert sorted(overrides) == sorted(o["id"] for o in expected["facts"]["overrides"]), overrides
    learned = {(m["account"], m["payee"]): m for m in expected["facts"]["learnedMerchants"]}
    learned_count = Counter()
    for t in txns:
        t.category = rules.categorize(t)
        override = overrides.get(f"card/{t.fitid}") if t.account == "card" else None
        if override is not None:
            assert t.category == UNCATEGORIZED, f"a rule matches {t.payee!r}: the override would hide it"
            facts = next(o for o in expected["facts"]["overrides"] if o["id"] == override["id"])
            assert override == {k: facts[k] for k in override}, (override, facts)
            t.category = override["category"]
            continue
        merchant = learned.get((t.account, t.payee))
        if merchant is not None:
            assert t.category == UNCATEGORIZED, f"a rule matches {t.payee!r}: nothing left to learn"
            t.category = merchant["category"]
            learned_count[(t.account, t.payee)] += 1
    assert {k: m["count"] for k, m in learned.items()} == dict(learned_count), learned_count
    by_month = defaultdict(list)
    for t in txns:
        by_month[f"{t.day.year}-{t.day.month:02d}"].append(t)
    for month, figures in expected["months"].items():
        income_by, expense_by, counts = Counter(), Counter(), Counter()
        for t in by_month[month]:
            counts[t.account] += 1
            if t.category == TRANSFER:
                continue
            amount = in_base(t.amount, currency[t.account], t.day, base, rates)
            (income_by if t.category.startswith("Income:") else expense_by)[t.category] += amount
        income = sum(income_by.values())
        expenses = -sum(expense_by.values())
        assert figures["income"]["minorUnits"] == income, month
        assert figures["expenses"]["minorUnits"] == expenses, month
        assert figures["net"]["minorUnits"] == income - expenses, month
        assert {k: v["minorUnits"] for k, v in figures["expensesByCategory"].items()} == {
            k: -v for k, v in expense_by.items()}, month
        assert {k: v["minorUnits"] for k, v in figures["incomeByCategory"].items()} == dict(income_by), month
        assert figures["transactionCount"] == {a: counts[a] for a in accounts}, month
        year, number = int(month[:4]), int(month[5:])
        last = date(year, number, calendar.monthrange(year, number)[1])
        worth = {}
        open_accounts = [a for a in opening if opened[a] <= last]
        assert sorted(figures["closingBalance"]) == sorted(open_accounts), month
        for account in open_accounts:
            balance = opening[account] + sum(t.amount for t in txns if t.account == account and t.day <= last)
            assert figures["closingBalance"][account]["minorUnits"] == balance, (month, account)
            worth[account] = in_base(balance, currency[account], last, base, rates)
        for account, values in valuations.items():
            known = [v for d, v in sorted(values) if d <= last]
            if known:
                worth[account] = known[-1]
        net_worth = figures["netWorth"]
        assert {k: v["minorUnits"] for k, v in net_worth["accountsInBase"].items()} == worth, month
        assert net_worth["total"]["minorUnits"] == sum(worth.values()), month
    uncategorized = sorted({t.payee for t in txns if t.category == UNCATEGORIZED})
    assert uncategorized == expected["facts"]["uncategorizedMerchants"], uncategorized

    # Determinism: a second run writes the same bytes.
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, str(Path(__file__).resolve().parent / "generate_samples.py"), tmp], check=True)
        for path in sorted(Path(tmp).rglob("*")):
            if path.is_file():
                other = root / path.relative_to(tmp)
                assert other.exists() and filecmp.cmp(path, other, shallow=False), f"{other} differs from a fresh run"

    size = sum(p.stat().st_size for p in inbox.iterdir())
    assert size < 1_000_000, size
    print(f"Samples OK: {len(rows1)} + {len(rows2)} CSV rows ({len(keys)} distinct, {len(in_overlap1)} in the "
          f"overlap), {len(card)} OFX 2, {len(savings)} QIF, {len(euro)} OFX 1 transactions, inbox {size // 1024} KB; "
          f"{len(expected['months'])} months agree with EXPECTED.json")


if __name__ == "__main__":
    main()
