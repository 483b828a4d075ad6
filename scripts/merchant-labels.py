#!/usr/bin/env python3
"""Builds the labelled merchant set the starter rule pack is measured on, from a snapshot of
OpenStreetMap's name-suggestion-index (https://github.com/osmlab/name-suggestion-index, BSD-3-Clause):
a public list of chains and brands, each with the kind of place it is (`shop=supermarket`,
`amenity=fuel`...) and the countries it trades in. Nobody here wrote its labels, and the pack was
written without it.

    scripts/merchant-labels.py NSI_CHECKOUT OUTPUT_FOLDER

NSI_CHECKOUT is a checkout (or `git archive`) of the index; its `data/brands/<key>/<value>.json`
files are read. OUTPUT_FOLDER receives `development.tsv` and `held-out.tsv` (tab-separated: name,
countries, osm, groups): the brands of the pack's countries (the UK and Ireland, the US, Germany
and Austria, France, Belgium, the Netherlands, Spain, Italy, and worldwide chains) whose kind of
place says without doubt which top-level group of the category tree their charges belong to.
`groups` lists the acceptable groups, `|`-separated: a chemist (`shop=chemist`: Boots, dm) is
Health or Shopping.

The split is fixed by the name (SHA-256 of its upper-case form, first byte even: development; odd:
held out), so a name is never in both halves and the same snapshot gives the same two files. The
development half may inform the pack; the held-out half must not:
`Tests/CategorizeTests/StarterHoldoutTests.swift` measures the pack on it.
"""
import csv
import hashlib
import json
import sys
from pathlib import Path

COUNTRIES = {"gb", "gb-eng", "gb-sct", "gb-wls", "gb-nir", "ie", "us", "de", "at", "fr", "fx", "be", "nl", "es",
             "it", "001"}

# The OSM kind of place, and the top-level groups a charge there can rightly be filed under. Kinds
# that sell several things (a general store, a mall, a wholesaler, a kiosk, a car dealer, a bank
# branch) are left out: no group is sure.
GROUPS = {
    "shop/supermarket": "Food", "shop/convenience": "Food", "shop/greengrocer": "Food",
    "shop/butcher": "Food", "shop/bakery": "Food", "shop/frozen_food": "Food", "shop/deli": "Food",
    "shop/pastry": "Food", "shop/confectionery": "Food|Shopping", "shop/coffee": "Food",
    "amenity/fast_food": "Food", "amenity/restaurant": "Food", "amenity/cafe": "Food", "amenity/pub": "Food",
    "amenity/bar": "Food", "amenity/ice_cream": "Food",
    "amenity/fuel": "Transport", "amenity/charging_station": "Transport", "amenity/parking": "Transport",
    "amenity/car_wash": "Transport", "shop/tyres": "Transport", "shop/car_repair": "Transport",
    "shop/car_parts": "Transport|Shopping", "amenity/car_rental": "Transport|Travel",
    "amenity/bicycle_rental": "Transport",
    "amenity/pharmacy": "Health", "shop/chemist": "Health|Shopping", "amenity/dentist": "Health",
    "amenity/doctors": "Health", "amenity/clinic": "Health", "shop/optician": "Health",
    "shop/hearing_aids": "Health", "healthcare/physiotherapist": "Health", "healthcare/laboratory": "Health",
    "leisure/fitness_centre": "Health",
    "shop/clothes": "Shopping", "shop/shoes": "Shopping", "shop/department_store": "Shopping",
    "shop/electronics": "Shopping", "shop/books": "Shopping", "shop/furniture": "Shopping",
    "shop/doityourself": "Shopping", "shop/hardware": "Shopping", "shop/pet": "Shopping",
    "shop/sports": "Shopping", "shop/toys": "Shopping", "shop/jewelry": "Shopping",
    "shop/garden_centre": "Shopping", "shop/houseware": "Shopping", "shop/computer": "Shopping",
    "shop/cosmetics": "Shopping", "shop/perfumery": "Shopping", "shop/bed": "Shopping",
    "shop/kitchen": "Shopping", "shop/outdoor": "Shopping", "shop/bag": "Shopping", "shop/stationery": "Shopping",
    "shop/fabric": "Shopping", "shop/florist": "Shopping", "shop/gift": "Shopping", "shop/baby_goods": "Shopping",
    "shop/bicycle": "Shopping|Transport", "shop/appliance": "Shopping", "shop/interior_decoration": "Shopping",
    "shop/paint": "Shopping", "shop/watches": "Shopping", "shop/variety_store": "Shopping",
    "shop/mobile_phone": "Bills|Shopping", "shop/telecommunication": "Bills|Shopping",
    "shop/video_games": "Entertainment|Shopping", "amenity/cinema": "Entertainment",
    "leisure/bowling_alley": "Entertainment", "tourism/theme_park": "Entertainment|Travel",
    "tourism/hotel": "Travel", "tourism/motel": "Travel", "tourism/hostel": "Travel",
    "shop/travel_agency": "Travel",
    "office/insurance": "Bills",
    "amenity/atm": "Cash",
}


def brands(checkout):
    for kind, groups in sorted(GROUPS.items()):
        path = Path(checkout) / "data" / "brands" / (kind + ".json")
        if not path.exists():
            continue
        for item in json.loads(path.read_text())["items"]:
            places = {str(code).lower() for code in item.get("locationSet", {}).get("include", [])}
            name = item.get("tags", {}).get("name") or item.get("tags", {}).get("brand")
            if not name or not places & COUNTRIES or not name.isascii():
                continue
            yield item["id"], name, sorted(places & COUNTRIES), kind, groups


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    checkout, output = sys.argv[1], Path(sys.argv[2])
    output.mkdir(parents=True, exist_ok=True)
    # One row a name as a statement writes it (upper case): a name that several kinds of place carry
    # (Sainsbury's supermarkets and its petrol stations) can rightly be filed under any of their groups.
    merged = {}
    for _, name, places, kind, groups in brands(checkout):
        entry = merged.setdefault(name.upper(), [name, set(), set(), set()])
        entry[1].update(places)
        entry[2].add(kind)
        entry[3].update(groups.split("|"))
    halves = {"development.tsv": [], "held-out.tsv": []}
    for key, (name, places, kinds, groups) in merged.items():
        even = hashlib.sha256(key.encode()).digest()[0] % 2 == 0
        half = "development.tsv" if even else "held-out.tsv"
        halves[half].append((name, " ".join(sorted(places)), " ".join(sorted(kinds)), "|".join(sorted(groups))))
    for file, rows in halves.items():
        with open(output / file, "w", newline="") as handle:
            writer = csv.writer(handle, delimiter="\t", lineterminator="\n", quoting=csv.QUOTE_NONE)
            writer.writerow(["name", "countries", "osm", "groups"])
            writer.writerows(sorted(rows))
        print(f"{file}: {len(rows)} brands")


if __name__ == "__main__":
    main()
