"""Writes Ali Baba in Basra's default game data to basra/engine/data/*.json.

The personal Destiny numbers and the Destiny Table are drawn once with a fixed
seed (SEED below) and shipped as data; rerunning this script gives the same
files. Run: python scripts/basra_generate_data.py
"""
import json
import os
import random

SEED = "basra-destiny-1"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "basra", "engine", "data")

GANGS = [
    ("swindlers", "Swindlers",
     [("beggars", "Beggars"), ("conmen", "Conmen"), ("clairvoyants", "Clairvoyants"), ("faith_healers", "Faith-Healers")]),
    ("thieves", "Thieves",
     [("pickpockets", "Pickpockets"), ("housebreakers", "Housebreakers"), ("camel_thieves", "Camel thieves"),
      ("jewel_thieves", "Jewel thieves")]),
    ("defrauders", "Defrauders",
     [("fences", "Fences"), ("counterfeiters", "Counterfeiters"), ("smugglers", "Smugglers"), ("fraudsters", "Fraudsters")]),
    ("robbers", "Robbers",
     [("pirates", "Pirates"), ("caravan_robbers", "Caravan robbers"), ("palace_robbers", "Palace robbers"),
      ("treasure_chamber_robbers", "Treasure-chamber robbers")]),
]
VALUES = [20, 40, 80, 160]

# The route from Start, clockwise: 51 spaces then Start. Codes: E empty; S, T, D, R one gang
# symbol; two letters two symbols; ?, die, all: the special spaces; anything else a chance kind.
MAIN = [
    # quarter 1 (steps 1-13); a junction after step 4 skips steps 5-7
    "E", "S", "x50", "E", "T", "E", "D", "bazaar", "E", "TD", "ST", "E", "?",
    # quarter 2 (steps 14-26); a junction after step 17 skips steps 18-20
    "E", "200", "E", "E", "S", "black_die", "E", "D", "E", "DR", "hand", "R", "E",
    # quarter 3 (steps 27-39)
    "two_out", "E", "E", "E", "die", "T", "x10", "E", "D", "SD", "E", "R", "numbered",
    # quarter 4 (steps 40-51, then Start); a junction after step 41 skips steps 42-44
    "E", "S", "T", "white_die", "E", "E", "TR", "200", "two_in", "R", "all", "x50",
]
BRANCHES = [  # (junction step, spaces of the branch replacing steps +1..+3)
    (4, ["S", "E", "E"]),
    (17, ["E", "T", "D"]),
    (41, ["R", "E", "E"]),
]
LETTERS = {"S": "swindlers", "T": "thieves", "D": "defrauders", "R": "robbers"}
SPECIAL = {"?": "choose", "die": "die", "all": "all"}


def space(code, space_id, quarter):
    entry = {"id": space_id, "quarter": quarter}
    if code == "E":
        entry["type"] = "empty"
    elif code in SPECIAL:
        entry["type"] = "special"
        entry["kind"] = SPECIAL[code]
    elif code and all(c in LETTERS for c in code):
        entry["type"] = "gang"
        entry["gangs"] = [LETTERS[c] for c in code]
    else:
        entry["type"] = "chance"
        entry["kind"] = code
    return entry


def board():
    spaces = [{"id": "start", "type": "start", "quarter": 1}]
    route = []
    for step, code in enumerate(MAIN, start=1):
        quarter = min(4, (step - 1) // 13 + 1)
        spaces.append(space(code, f"m{step}", quarter))
        route.append(f"m{step}")
    route.append("start")
    branches = []
    for number, (junction, codes) in enumerate(BRANCHES, start=1):
        ids = []
        for i, code in enumerate(codes):
            sid = f"b{number}.{i + 1}"
            skipped = next(s for s in spaces if s["id"] == f"m{junction + 1 + i}")
            spaces.append(space(code, sid, skipped["quarter"]))
            ids.append(sid)
        branches.append({"from": f"m{junction}", "spaces": ids, "to": f"m{junction + 4}"})
    return {"key": "basra", "name": "Basra", "start": "start", "route": route, "branches": branches, "spaces": spaces}


def cards(rng):
    numbers = list(range(1, 37))
    rng.shuffle(numbers)
    # Row 4, column 3 holds 15: the rule text's example.
    at = numbers.index(15)
    numbers[at], numbers[3 * 6 + 2] = numbers[3 * 6 + 2], numbers[at]
    table = [numbers[r * 6:(r + 1) * 6] for r in range(6)]
    result, card_id = [], 0
    for gang, _gang_name, groups in GANGS:
        for (group, group_name), value in zip(groups, VALUES, strict=True):
            size = value // 20
            drawn = set()
            for _member in range(4):
                while True:
                    personal = tuple(sorted(rng.sample(range(1, 37), size)))
                    if personal not in drawn:  # members of a group differ
                        drawn.add(personal)
                        break
                result.append({"id": card_id, "gang": gang, "group": group, "name": group_name,
                               "value": value, "destiny": list(personal)})
                card_id += 1
    return {"gangs": [{"key": g, "name": n} for g, n, _ in GANGS], "destiny_table": table, "cards": result}


def main():
    rng = random.Random(SEED)
    files = {
        "board.json": board(),
        "cards.json": cards(rng),
        "prices.json": {"quarters": {
            "1": {"swindlers": 40, "thieves": 60, "defrauders": 80, "robbers": 100},
            "2": {"swindlers": 80, "thieves": 40, "defrauders": 100, "robbers": 60},
            "3": {"swindlers": 60, "thieves": 100, "defrauders": 40, "robbers": 80},
            "4": {"swindlers": 100, "thieves": 80, "defrauders": 60, "robbers": 40},
        }},
        "game.json": {"movement_cards": [1] * 10 + [2] * 6 + [3] * 4 + [4] * 2 + [5] * 2,
                      "starting_cash": 2500, "rounds": 2, "round_bonus": 100, "fine": 200,
                      "throw_cost": 20, "last_chance_cost": 100, "buy_limit": 3,
                      "steal_unit": 1000, "caught_penalty": 1000},
    }
    for name, data in files.items():
        with open(os.path.join(OUT, name), "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.write("\n")


if __name__ == "__main__":
    main()
