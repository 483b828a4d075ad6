#!/usr/bin/env python3
"""Writes synthetic bank exports for benchmarks: SIZE transactions in four formats.

Usage: scripts/generate_bench.py SIZE OUTDIR [--variety real|low] [--seed N]
       (BENCH_VARIETY and BENCH_SEED in the environment do the same)

Creates four workspaces, each with one big file in inbox/, a closebook.toml naming one account,
and rules/ copied from Samples/rules:

    OUTDIR/csv-SIZE/    Northwind CSV (newest first, running balance), account `current`
    OUTDIR/ofx2-SIZE/   OFX 2.2 XML credit-card statement, account `card`
    OUTDIR/ofx1-SIZE/   OFX 1.0.2 SGML bank statement (unclosed leaf elements), account `current`
    OUTDIR/qif-SIZE/    QIF !Type:Bank, account `current`

The transactions are the same in all four formats: dates spread evenly over 2016-2025 (ten
years, 120 months), payees drawn from a few thousand merchants (Zipf-like popularity), amounts
typical of each kind of merchant.

Two varieties of payee text:

- `real` (the default): descriptions as varied as real exports. Each merchant has dozens of
  stores (store numbers, towns), and each row is written in one of several banks' styles: card
  payments with the card's last digits and the date inside the text, point-of-sale lines with a
  terminal number, direct debits and transfers with reference numbers, online orders with an
  order code. About 94 in every 100 descriptions are distinct, so payee
  normalisation and rule matching are paid for nearly every row. A fifth workspace holds several
  accounts in several formats:

    OUTDIR/mixed-SIZE/  current account (Northwind CSV), credit card (OFX 2), savings (QIF)

- `low`: the earlier generator, four spellings per merchant (a few thousand distinct texts in
  all), kept byte for byte so that past figures stay comparable.

The same SIZE, variety and seed give the same bytes.
"""

from __future__ import annotations

import os
import random
import shutil
import string
import sys
from datetime import date, timedelta
from pathlib import Path

FIRST_DAY = date(2016, 1, 1)  # ten years: 120 months for the analysis stage
LAST_DAY = date(2025, 12, 31)

# Merchants the Samples rules know, so a realistic share of rows is categorised by rules.
KNOWN = [
    ("TESCO STORES", 300, 9500), ("TESCO EXPRESS", 250, 2500), ("SAINSBURYS S/MKTS", 300, 9000),
    ("ALDI", 400, 8000), ("LIDL GB", 400, 7000), ("M&S SIMPLY FOOD", 300, 3500),
    ("PRET A MANGER", 250, 900), ("COSTA COFFEE", 250, 700), ("CAFFE NERO", 250, 700),
    ("DELIVEROO", 1200, 4500), ("UBER *EATS", 1200, 4000), ("DISHOOM", 2500, 9000),
    ("WAGAMAMA", 1500, 6000), ("PIZZA EXPRESS", 1500, 6000), ("THE KINGS ARMS", 600, 5000),
    ("TFL TRAVEL CH", 175, 950), ("TRAINLINE.COM", 900, 15000), ("UBER *TRIP", 700, 4000),
    ("NETFLIX.COM", 1099, 1299), ("SPOTIFY UK", 1199, 1199), ("PUREGYM LTD", 2999, 2999),
    ("OCTOPUS ENERGY", 6000, 16000), ("THAMES WATER", 3000, 5000), ("HYPEROPTIC LTD", 3200, 3450),
    ("GIFFGAFF", 1000, 2000), ("AMZN MKTP UK", 500, 9000), ("AMAZON.CO.UK", 500, 9000),
    ("JOHN LEWIS", 1500, 25000), ("IKEA LTD", 1000, 30000), ("ZARA UK", 1999, 8999),
    ("UNIQLO", 1500, 6000), ("WATERSTONES", 799, 4000), ("BOOTS", 250, 3000),
    ("ODEON CINEMAS", 990, 3500), ("BOOKING.COM HOTEL", 8000, 90000), ("EASYJET AIRLINE CO", 4000, 40000),
]
ADJECTIVES = (
    "GOLDEN OAK RED BLUE GREEN SILVER ROYAL OLD NEW LITTLE GRAND NORTH SOUTH EAST WEST HIGH LOW BRIGHT "
    "CEDAR MAPLE RIVER STONE IRON COPPER SUNNY MOON STAR CROWN ROSE THISTLE ASH WILLOW HAZEL PINE FOX "
    "BADGER HARE OTTER HERON"
).split()
NOUNS = (
    "LANE BRIDGE MILL GATE YARD WHARF ROW HILL FIELD MEADOW GARDEN MARKET CORNER SQUARE STREET PARK "
    "HOUSE BARN FORGE ABBEY CASTLE TOWER HARBOUR QUAY DOCK GROVE"
).split()
KINDS = [
    ("CAFE", 220, 1400), ("BAKERY", 180, 1200), ("DELI", 300, 2500), ("KITCHEN", 900, 6500),
    ("PHARMACY", 200, 3500), ("GARAGE", 2500, 45000), ("BOOKS", 500, 4500), ("STORES", 150, 6000),
    ("LTD", 500, 20000), ("FLORIST", 1200, 6000), ("HARDWARE", 300, 9000), ("TAVERN", 600, 5500),
    ("BARBERS", 1200, 3500), ("VETS", 3500, 25000), ("DENTAL", 2000, 30000), ("OPTICIANS", 1500, 25000),
]
TOWNS = ["LONDON", "LEEDS", "BRISTOL", "YORK", "BATH", "LEICESTER", "NORWICH", "CARDIFF", "EXETER", "DERBY"]
INCOME = [("ACME LTD SALARY", "BGC"), ("HMRC TAX REFUND", "BGC"), ("VINTED PAYOUT", "FPI")]
# Real variety: more towns, and how each bank writes a line (see `real_description`).
MORE_TOWNS = TOWNS + [
    "MANCHESTER", "LIVERPOOL", "GLASGOW", "EDINBURGH", "NEWCASTLE", "SHEFFIELD", "NOTTINGHAM", "OXFORD",
    "CAMBRIDGE", "BRIGHTON", "READING", "SOUTHAMPTON", "PORTSMOUTH", "PLYMOUTH", "SWANSEA", "ABERDEEN",
    "DUNDEE", "BELFAST", "COVENTRY", "WOLVERHAMPTON", "STOKE", "HULL", "PRESTON", "BLACKPOOL", "CHESTER",
    "LINCOLN", "IPSWICH", "COLCHESTER", "CANTERBURY", "WINCHESTER", "SALISBURY", "TRURO", "GLOUCESTER",
    "WORCESTER", "HEREFORD", "SHREWSBURY", "CARLISLE", "DURHAM", "HARROGATE", "MILTON KEYNES",
]
MONTHS = "JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC".split()
STORES_PER_MERCHANT = 40
LOCAL_STORES = 2
# Accounts of the mixed workspace: (share of rows in thousandths, account, format).
MIXED_ACCOUNTS = [(700, "current", "csv"), (950, "card", "ofx2"), (1000, "savings", "qif")]


def merchants(rng: random.Random, count: int = 3000):
    """(base name, low pence, high pence), the first ones the most popular."""
    result = list(KNOWN)
    combos = [(a, n, k) for a in ADJECTIVES for n in NOUNS for k in KINDS]
    for adjective, noun, (kind, low, high) in rng.sample(combos, count - len(result)):
        result.append((f"{adjective} {noun} {kind}", low, high))
    head, tail = result[: len(KNOWN)], result[len(KNOWN) :]
    rng.shuffle(tail)
    return head + tail


def variants(rng: random.Random, base: str) -> list[str]:
    """How one merchant shows up in statements: store numbers, towns, prefixes."""
    number = rng.randint(10, 9999)
    town = rng.choice(TOWNS)
    return [
        base,
        f"{base} {number:04d}",
        f"{base} {number:04d} {town} GB",
        f"{base}, {town}",  # a comma, so CSV quoting is exercised
    ]


def daily_picks(rng, table, size: int):
    """Which merchant each of `size` rows buys from (popular ones more often), and the date of each
    row: the rows spread evenly over FIRST_DAY..LAST_DAY."""
    weights = [1.0 / (rank + 8) for rank in range(len(table))]
    picks = rng.choices(range(len(table)), weights=weights, k=size)
    span = (LAST_DAY - FIRST_DAY).days + 1
    dates = [FIRST_DAY + timedelta(days=d) for d in range(span)]
    return picks, [dates[i * span // size] for i in range(size)]


def income(randint, i: int, roll: float, short: bool):
    """The money in of a row that is income: the salary when the balance ran short or 1.5% of the
    time, else a refund or interest. Returns (payee, amount in pence, csv type)."""
    payee, kind = INCOME[0] if short or roll < 0.015 else INCOME[1 + (i & 1)]
    amount = randint(150000, 450000) if payee == "ACME LTD SALARY" else randint(1000, 60000)
    return payee, amount, kind


def transactions(size: int):
    """Yields (date, amount in pence, payee, memo, csv type), oldest first."""
    table = merchants(random.Random(2024))  # the same merchants at every size (bench rules name them)
    rng = random.Random(20240 + size)
    names = [variants(rng, base) for base, _, _ in table]
    memos = [f"{base} {TOWNS[i % len(TOWNS)]} GB" for i, (base, _, _) in enumerate(table)]
    picks, days = daily_picks(rng, table, size)
    random_ = rng.random
    randint = rng.randint
    balance_guard = 0
    for i, index in enumerate(picks):
        day = days[i]
        roll = random_()
        if roll < 0.02 or balance_guard < 0:
            payee, amount, kind = income(randint, i, roll, balance_guard < 0)
            balance_guard += amount
            yield day, amount, payee, None, kind
            continue
        base, low, high = table[index]
        amount = -randint(low, high)
        if roll > 0.995:
            amount = -amount  # a refund
        balance_guard += amount
        variant = names[index][int(roll * 40) & 3]
        memo = memos[index] if roll < 0.5 else None
        if roll < 0.1:
            yield day, amount, variant, memo, "DD"
        elif roll < 0.13 and amount < 0:
            yield day, amount, f"CARD PAYMENT TO {base} ON {day.day:02d}/{day.month:02d}", memo, "DEB"
        else:
            yield day, amount, variant, memo, "DEB" if amount < 0 else "CR"


def real_transactions(size: int, seed: int):
    """Yields (date, amount in pence, payee, memo, csv type), oldest first, with real variety."""
    table = merchants(random.Random(2024))  # the same merchants as the low variety (bench rules name them)
    rng = random.Random(seed * 1_000_003 + size)
    stores = [
        [(rng.randint(10, 99999), rng.choice(MORE_TOWNS)) for _ in range(STORES_PER_MERCHANT)] for _ in table
    ]
    cards = [f"{rng.randint(0, 9999):04d}" for _ in range(3)]
    picks, days = daily_picks(rng, table, size)
    random_ = rng.random
    randint = rng.randint
    balance_guard = 0
    for i, index in enumerate(picks):
        day = days[i]
        roll = random_()
        if roll < 0.02 or balance_guard < 0:
            payee, amount, kind = income(randint, i, roll, balance_guard < 0)
            balance_guard += amount
            yield day, amount, f"{payee} REF {randint(10**8, 10**9 - 1)}", None, kind
            continue
        base, low, high = table[index]
        amount = -randint(low, high)
        if roll > 0.995:
            amount = -amount  # a refund
        balance_guard += amount
        # Half of a merchant's rows are at the few stores near home, the rest anywhere.
        store, town = stores[index][randint(0, LOCAL_STORES - 1 if roll < 0.5 else STORES_PER_MERCHANT - 1)]
        text, kind = real_description(rng, base, store, town, cards[randint(0, 2)], day)
        memo = f"{base} {town} GB" if roll < 0.3 else None
        yield day, amount, text, memo, kind if amount < 0 else "CR"


def real_description(rng: random.Random, base: str, store: int, town: str, card: str, day: date):
    """One payee line in one of several banks' styles, and the CSV type column that goes with it."""
    style = rng.randrange(10)
    dd, mm, mon = f"{day.day:02d}", f"{day.month:02d}", MONTHS[day.month - 1]
    if style == 0:
        return f"CARD PAYMENT TO {base} {store} ON {dd}/{mm}", "DEB"
    if style == 1:
        return f"{base} {store:05d} {town} GB", "DEB"
    if style == 2:
        return f"POS {card} {dd}{mon}{day.year % 100:02d} {base} {town}", "DEB"
    if style == 3:
        return f"VIS {base} {town} CD {card} {rng.randint(100000, 999999)}", "DEB"
    if style == 4:
        return f"{base}*{''.join(rng.choices(ALNUM, k=9))}", "DEB"
    if style == 5:
        return f"DD {base} REF {rng.randint(10**7, 10**8 - 1)}", "DD"
    if style == 6:
        return f"{base}, {town} {dd}{mon} CLP {store}", "DEB"  # a comma, so CSV quoting is exercised
    if style == 7:
        return f"FP {dd}/{mm}/{day.year % 100:02d} {rng.randint(0, 2359):04d} {base} {rng.randint(10**5, 10**6 - 1)}", "FPO"
    if style == 8:
        return f"{base} {town} {store} CONTACTLESS {card}", "DEB"
    return f"{base} #{store} {dd}.{mm}.{day.year} {rng.randint(1000, 9999)}", "DEB"


ALNUM = string.ascii_uppercase + string.digits


def plain(pence: int) -> str:
    if pence < 0:
        p = -pence
        return f"-{p // 100}.{p % 100:02d}"
    return f"{pence // 100}.{pence % 100:02d}"


def grouped(pence: int) -> str:
    sign = "-" if pence < 0 else ""
    p = abs(pence)
    return f"{sign}{p // 100:,}.{p % 100:02d}"


def esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_csv(rows, path: Path, opening: int) -> None:
    balance = opening
    lines = []
    for day, amount, payee, _, kind in rows:
        balance += amount
        description = f'"{payee}"' if "," in payee else payee
        if amount < 0:
            lines.append(f"{day.day:02d}/{day.month:02d}/{day.year},{kind},{description},{plain(-amount)},,{plain(balance)}\r\n")
        else:
            lines.append(f"{day.day:02d}/{day.month:02d}/{day.year},{kind},{description},,{plain(amount)},{plain(balance)}\r\n")
    lines.append("Date,Type,Description,Paid Out,Paid In,Balance\r\n")
    lines.reverse()
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write("".join(lines))


def write_ofx2(rows, path: Path, opening: int) -> None:
    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n'
        "<OFX>\n<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>"
        f"<DTSERVER>{LAST_DAY:%Y%m%d}235959[0:GMT]</DTSERVER><LANGUAGE>ENG</LANGUAGE>"
        "<FI><ORG>Harbor Card</ORG><FID>7731</FID></FI></SONRS></SIGNONMSGSRSV1>\n"
        "<CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>\n"
        "<CCSTMTRS><CURDEF>GBP</CURDEF><CCACCTFROM><ACCTID>4929000099990000</ACCTID></CCACCTFROM>\n"
        f"<BANKTRANLIST><DTSTART>{FIRST_DAY:%Y%m%d}000000[0:GMT]</DTSTART><DTEND>{LAST_DAY:%Y%m%d}235959[0:GMT]</DTEND>\n"
    ]
    balance = opening
    for n, (day, amount, payee, memo, _) in enumerate(rows):
        balance += amount
        stamp = f"{day.year}{day.month:02d}{day.day:02d}"
        memo_part = f"<MEMO>{esc(memo)}</MEMO>" if memo else ""
        out.append(
            f"<STMTTRN><TRNTYPE>{'DEBIT' if amount < 0 else 'CREDIT'}</TRNTYPE><DTPOSTED>{stamp}120000[0:GMT]</DTPOSTED>"
            f"<TRNAMT>{plain(amount)}</TRNAMT><FITID>{stamp}{n:07d}</FITID><NAME>{esc(payee[:32])}</NAME>{memo_part}</STMTTRN>\n")
    out.append(
        f"</BANKTRANLIST>\n<LEDGERBAL><BALAMT>{plain(balance)}</BALAMT><DTASOF>{LAST_DAY:%Y%m%d}235959[0:GMT]</DTASOF></LEDGERBAL>\n"
        "</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>\n</OFX>\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(out))


def write_ofx1(rows, path: Path, opening: int) -> None:
    header = [
        "OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "SECURITY:NONE", "ENCODING:USASCII", "CHARSET:1252",
        "COMPRESSION:NONE", "OLDFILEUID:NONE", "NEWFILEUID:NONE", "",
        "<OFX>", "<SIGNONMSGSRSV1>", "<SONRS>", "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>",
        f"<DTSERVER>{LAST_DAY:%Y%m%d}235959", "<LANGUAGE>ENG", "<FI>", "<ORG>Northwind Bank", "<FID>4410", "</FI>",
        "</SONRS>", "</SIGNONMSGSRSV1>", "<BANKMSGSRSV1>", "<STMTTRNRS>", "<TRNUID>1", "<STATUS>", "<CODE>0",
        "<SEVERITY>INFO", "</STATUS>", "<STMTRS>", "<CURDEF>GBP", "<BANKACCTFROM>", "<BANKID>401122",
        "<ACCTID>31926819", "<ACCTTYPE>CHECKING", "</BANKACCTFROM>", "<BANKTRANLIST>",
        f"<DTSTART>{FIRST_DAY:%Y%m%d}", f"<DTEND>{LAST_DAY:%Y%m%d}",
    ]
    out = ["\r\n".join(header) + "\r\n"]
    balance = opening
    for n, (day, amount, payee, memo, _) in enumerate(rows):
        balance += amount
        stamp = f"{day.year}{day.month:02d}{day.day:02d}"
        memo_part = f"<MEMO>{esc(memo)}\r\n" if memo else ""
        out.append(
            f"<STMTTRN>\r\n<TRNTYPE>{'DEBIT' if amount < 0 else 'CREDIT'}\r\n<DTPOSTED>{stamp}\r\n"
            f"<TRNAMT>{plain(amount)}\r\n<FITID>{stamp}{n:07d}\r\n<NAME>{esc(payee[:32])}\r\n{memo_part}</STMTTRN>\r\n")
    out.append(
        "\r\n".join([
            "</BANKTRANLIST>", "<LEDGERBAL>", f"<BALAMT>{plain(balance)}", f"<DTASOF>{LAST_DAY:%Y%m%d}",
            "</LEDGERBAL>", "</STMTRS>", "</STMTTRNRS>", "</BANKMSGSRSV1>", "</OFX>",
        ]) + "\r\n")
    with open(path, "w", encoding="ascii", newline="") as f:
        f.write("".join(out))


def write_qif(rows, path: Path) -> None:
    out = ["!Type:Bank\n"]
    for day, amount, payee, memo, _ in rows:
        memo_part = f"M{memo}\n" if memo else ""
        out.append(f"D{day.day:02d}/{day.month:02d}/{day.year}\nT{grouped(amount)}\nP{payee}\n{memo_part}^\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(out))


def toml(account: str, name: str, kind: str, inbox: str, opening: int, extra: str = "") -> str:
    return f"""\
# Benchmark workspace written by scripts/generate_bench.py.
base_currency = "GBP"

[[accounts]]
id = "{account}"
name = "{name}"
type = "{kind}"
currency = "GBP"
inbox = ["{inbox}"]
{extra}opening_balance = "{plain(opening)}"
opening_date = "{FIRST_DAY.isoformat()}"

[categorize]
learned_threshold = 0.8
transfer_window_days = 4
"""


def parse_arguments(argv: list[str]):
    """SIZE, OUTDIR, variety and seed from the command line and the environment."""
    usage = "usage: generate_bench.py SIZE OUTDIR [--variety real|low] [--seed N]   (e.g. generate_bench.py 100000 bench-data)"
    variety = os.environ.get("BENCH_VARIETY", "real")
    seed = os.environ.get("BENCH_SEED", "1")
    positional = []
    args = iter(argv)
    for arg in args:
        if arg == "--variety":
            variety = next(args, "")
        elif arg == "--seed":
            seed = next(args, "")
        else:
            positional.append(arg)
    if len(positional) != 2 or not positional[0].isdigit() or variety not in ("real", "low") or not seed.isdigit():
        sys.exit(usage)
    return int(positional[0]), Path(positional[1]), variety, int(seed)


def main() -> None:
    size, out, variety, seed = parse_arguments(sys.argv[1:])
    rules = Path(__file__).resolve().parent.parent / "Samples" / "rules"
    rows = list(real_transactions(size, seed) if variety == "real" else transactions(size))
    opening = 250000
    specs = [
        ("csv", "current", "Northwind Current Account", "checking", f"northwind-current-{size}.csv", ""),
        ("ofx2", "card", "Harbor Card", "credit_card", f"harbor-card-{size}.ofx",
         'ofx_account_ids = ["4929000099990000"]\n'),
        ("ofx1", "current", "Northwind Current Account", "checking", f"northwind-current-{size}.ofx",
         'ofx_account_ids = ["31926819"]\n'),
        ("qif", "current", "Northwind Current Account", "checking", f"northwind-current-{size}.qif",
         'date_order = "dmy"\n'),
    ]
    for fmt, account, name, kind, filename, extra in specs:
        workspace = out / f"{fmt}-{size}"
        inbox = workspace / "inbox"
        inbox.mkdir(parents=True, exist_ok=True)
        write(fmt, rows, inbox / filename, opening)
        (workspace / "closebook.toml").write_text(toml(account, name, kind, filename, opening, extra))
        copy_rules(rules, workspace)
    if variety == "real":
        write_mixed(rows, out / f"mixed-{size}", size, opening, rules)


def write(fmt: str, rows, target: Path, opening: int) -> None:
    if fmt == "csv":
        write_csv(rows, target, opening)
    elif fmt == "ofx2":
        write_ofx2(rows, target, opening)
    elif fmt == "ofx1":
        write_ofx1(rows, target, opening)
    else:
        write_qif(rows, target)


def copy_rules(rules: Path, workspace: Path) -> None:
    if (workspace / "rules").exists():
        shutil.rmtree(workspace / "rules")
    shutil.copytree(rules, workspace / "rules")


def write_mixed(rows, workspace: Path, size: int, opening: int, rules: Path) -> None:
    """The rows dealt to three accounts in three formats by their position (deterministic)."""
    inbox = workspace / "inbox"
    inbox.mkdir(parents=True, exist_ok=True)
    accounts = []
    low = 0
    for share, account, fmt in MIXED_ACCOUNTS:
        mine = [row for i, row in enumerate(rows) if low <= (i * 7919) % 1000 < share]
        low = share
        if fmt == "csv":
            filename, name, kind, extra = f"northwind-current-{size}.csv", "Northwind Current Account", "checking", ""
        elif fmt == "ofx2":
            filename, name, kind = f"harbor-card-{size}.ofx", "Harbor Card", "credit_card"
            extra = 'ofx_account_ids = ["4929000099990000"]\n'
        else:
            filename, name, kind = f"bramble-savings-{size}.qif", "Bramble Saver", "savings"
            extra = 'date_order = "dmy"\n'
        write(fmt, mine, inbox / filename, opening)
        block = toml(account, name, kind, filename, opening, extra)
        accounts.append(block[block.index("[[accounts]]") : block.index("[categorize]")])
    config = toml("current", "", "", "", opening)
    head, tail = config[: config.index("[[accounts]]")], config[config.index("[categorize]") :]
    (workspace / "closebook.toml").write_text(head + "".join(accounts) + tail)
    copy_rules(rules, workspace)


if __name__ == "__main__":
    main()
