"""Fit Sidi Baba's cut-off value (sidibaba/bots.py, ``escape_odds``) on Explorer matches.

Plays ``--matches`` Explorer matches for each of 3, 4 and 6 players (60 s lamps, an action a second, as
bench_search_bots.py plays them), takes every tenth state in the maze, and fits by Newton's method the
logistic P(the Adventurers escape) = 1 / (1 + exp(-(a * moves_left - b * squares_left + c))), printing
a, b, c (moves_left and squares_left as ``escape_odds`` computes them).

    .venv/bin/python bench/fit_escape_odds.py --matches 120
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from gamekit import driver
from sidibaba import bots, engine

OPTIONS = {"segment_seconds": 60}


def samples(matches):
    rows = []
    for players in (3, 4, 6):
        for seed in range(matches):
            playout = driver.play(engine, players, OPTIONS, 5000 + seed, [bots.explorer] * players)
            won = playout.state["winner"] == "adventurers"
            state = engine.new_game(players, OPTIONS, 5000 + seed, 0.0)
            for i, (seat, action, now) in enumerate(playout.log):
                state, _ = engine.apply(state, seat, action, now)
                if i % 10 or state["phase"] != "play" or state["pos"] is None:
                    continue
                g = bots._geometry(state["maze"])
                here, exits = state["pos"][0], [c for c, _d in g.openings]
                if state["treasure_state"] == "shared":
                    need = bots._steps_to(g, here, exits)
                else:
                    need = bots._steps_to(g, here, [state["treasure_at"]]) + bots._steps_to(g, state["treasure_at"], exits) + 1
                seconds = sum(state["lamps"]) * 60 + (max(0, state["ends_at"] - now) if state["lit"] is not None else 0)
                rows.append(((seconds / (players - 0.5), need, 1.0), 1.0 if won else 0.0))
    return rows


def _solve(h, g):
    n = len(g)
    a = [h[i][:] + [g[i]] for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(a[r][i]))
        a[i], a[p] = a[p], a[i]
        for r in range(n):
            if r != i:
                f = a[r][i] / a[i][i]
                for c in range(i, n + 1):
                    a[r][c] -= f * a[i][c]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(rows, rounds=12):
    w = [0.0, 0.0, 0.0]
    for _ in range(rounds):
        g, h, ll = [0.0] * 3, [[0.0] * 3 for _ in range(3)], 0.0
        for x, y in rows:
            p = 1 / (1 + math.exp(-sum(wi * xi for wi, xi in zip(w, x, strict=True))))
            ll += math.log(p if y else 1 - p)
            for i in range(3):
                g[i] += (p - y) * x[i]
                for j in range(3):
                    h[i][j] += p * (1 - p) * x[i] * x[j]
        w = [wi - di for wi, di in zip(w, _solve(h, g), strict=True)]
    return w, ll / len(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=120)
    args = parser.parse_args()
    rows = samples(args.matches)
    (a, b, c), ll = fit(rows)
    print(f"{len(rows)} states: ODDS_PER_MOVE = {a:.5f}, ODDS_PER_SQUARE = {-b:.4f}, ODDS_BIAS = {c:.3f} "
          f"(mean log-likelihood {ll:.3f}; escapes in {100 * sum(y for _x, y in rows) / len(rows):.1f}% of states)")


if __name__ == "__main__":
    main()
