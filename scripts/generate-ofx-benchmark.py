#!/usr/bin/env python3
"""Writes a large synthetic OFX file for measuring the OFX readers.

    scripts/generate-ofx-benchmark.py --dialect xml  --transactions 1000000 /tmp/bench-2.ofx
    scripts/generate-ofx-benchmark.py --dialect sgml --transactions 1000000 /tmp/bench-1.ofx

One checking statement (USD) with the given number of STMTTRN records: varied payees and memos,
dates with times and zones, signed amounts, unique FITIDs, a CHECKNUM on some, then LEDGERBAL
equal to the sum. Deterministic (fixed seed), so runs are comparable.
"""
import argparse
import random

PAYEES = [
    "TESCO STORES 3217", "SAINSBURYS S/MKTS", "AMAZON MKTP US*2K4", "SHELL OIL 57442", "NETFLIX.COM",
    "STARBUCKS #1123", "UBER *TRIP", "CITY OF SPRINGFIELD WATER", "ACME PAYROLL", "TRADER JOE'S #541",
    "WHOLEFDS HOU 10236", "PAYPAL *SPOTIFY", "COSTCO WHSE #0117", "HOME DEPOT 4410", "AT&T WIRELESS",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dialect", choices=["xml", "sgml"], required=True)
    parser.add_argument("--transactions", type=int, default=1_000_000)
    parser.add_argument("output")
    args = parser.parse_args()
    rng = random.Random(20240131)
    xml = args.dialect == "xml"

    def leaf(name: str, value: str) -> str:
        return f"<{name}>{value}</{name}>" if xml else f"<{name}>{value}"

    def escape(text: str) -> str:
        return text.replace("&", "&amp;").replace("<", "&lt;")

    with open(args.output, "w", encoding="ascii", newline="\n") as out:
        if xml:
            out.write('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n')
            out.write('<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n')
        else:
            out.write("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\n"
                      "CHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n")
        out.write("<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n")
        out.write(f"{leaf('CODE', '0')}\n{leaf('SEVERITY', 'INFO')}\n</STATUS>\n")
        out.write(f"{leaf('DTSERVER', '20240201120000.000[-5:EST]')}\n{leaf('LANGUAGE', 'ENG')}\n")
        out.write(f"<FI>\n{leaf('ORG', 'BENCH BANK')}\n{leaf('FID', '1234')}\n</FI>\n</SONRS>\n</SIGNONMSGSRSV1>\n")
        out.write("<BANKMSGSRSV1>\n<STMTTRNRS>\n")
        out.write(f"{leaf('TRNUID', '1')}\n<STATUS>\n{leaf('CODE', '0')}\n{leaf('SEVERITY', 'INFO')}\n</STATUS>\n")
        out.write(f"<STMTRS>\n{leaf('CURDEF', 'USD')}\n<BANKACCTFROM>\n{leaf('BANKID', '121099999')}\n")
        out.write(f"{leaf('ACCTID', '999988')}\n{leaf('ACCTTYPE', 'CHECKING')}\n</BANKACCTFROM>\n")
        out.write(f"<BANKTRANLIST>\n{leaf('DTSTART', '19900101')}\n{leaf('DTEND', '20240131')}\n")
        total = 0
        chunk = []
        for index in range(args.transactions):
            day = 1 + index % 28
            month = 1 + (index // 28) % 12
            year = 1990 + (index // 336) % 34
            cents = rng.randint(-50000, 20000)
            total += cents
            sign = "-" if cents < 0 else ""
            amount = f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"
            payee = PAYEES[rng.randrange(len(PAYEES))]
            lines = [
                "<STMTTRN>",
                "  " + leaf("TRNTYPE", "DEBIT" if cents < 0 else "CREDIT"),
                "  " + leaf("DTPOSTED", f"{year:04d}{month:02d}{day:02d}{rng.randrange(24):02d}0000.000[-5:EST]"),
                "  " + leaf("TRNAMT", amount),
                "  " + leaf("FITID", f"{year:04d}{month:02d}{day:02d}{index:09d}"),
            ]
            if index % 10 == 0:
                lines.append("  " + leaf("CHECKNUM", str(1000 + index % 9000)))
            lines.append("  " + leaf("NAME", escape(payee)))
            lines.append("  " + leaf("MEMO", escape(f"CARD PAYMENT TO {payee} REF {rng.randrange(10**8):08d}")))
            lines.append("</STMTTRN>" if xml else "</STMTTRN>")
            chunk.append("\n".join(lines))
            if len(chunk) >= 10000:
                out.write("\n".join(chunk) + "\n")
                chunk = []
        if chunk:
            out.write("\n".join(chunk) + "\n")
        sign = "-" if total < 0 else ""
        out.write("</BANKTRANLIST>\n<LEDGERBAL>\n")
        out.write(f"{leaf('BALAMT', f'{sign}{abs(total) // 100}.{abs(total) % 100:02d}')}\n")
        out.write(f"{leaf('DTASOF', '20240131235959.000[-5:EST]')}\n</LEDGERBAL>\n")
        out.write("</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n")


if __name__ == "__main__":
    main()
