"""Record a finished match for the tests: ``manage.py record_match GAME --out tests/GAME/recorded/NAME.json``.

Plays one match of computer players through the match service (as ``simulate`` does), exports it, and writes
the export with what replaying it makes (``matches/recordings.py``): the log every later rules version
must keep replaying byte for byte (docs/architecture.md, "Changing a rule"; tests/recorded.py checks them).
Nothing is kept in the database: the match is played inside a transaction that is rolled back, with the
timers suspended. The file holds only what an export holds (no account: every seat is a computer player,
no source match) and the replay's hash, final state and result, which the export's seed and log already
determine.

Options are the engine's own (its OPTIONS, e.g. ``--option variant=forty_thieves``), without game data from
the database: the engine's shipped defaults. An existing file is never overwritten: a recorded log is
history, not a snapshot to refresh when a test fails.
"""
import json
import os

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from matches import exports, recordings, scheduling
from matches.registry import get_game
from matches.simulation import play_bot_match


class _RollBack(Exception):
    pass


def _value(text):
    """An option's value as written on the command line: a whole number, true/false, or text."""
    if text.lstrip("-").isdigit():
        return int(text)
    return {"true": True, "false": False}.get(text, text)


class Command(BaseCommand):
    help = "Play one match of computer players and write it, with its replay's fingerprint, as a recorded log for the tests."

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument("--out", required=True, help="the file to write (refused if it exists)")
        parser.add_argument("--players", type=int, default=None, help="default: the game's fewest players")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--bots", default="", help="comma-separated bot names, one per seat (default: the game's first bot)")
        parser.add_argument("--option", action="append", default=[], help="an engine option as name=value (repeatable)")

    def handle(self, *args, **opts):
        try:
            spec = get_game(opts["game"])
        except LookupError as exc:
            raise CommandError(str(exc)) from exc
        if os.path.exists(opts["out"]):
            raise CommandError(f"{opts['out']} exists: a recorded log is never recorded again.")
        players = opts["players"] or spec.min_players
        bots = [b for b in opts["bots"].split(",") if b] or [next(iter(spec.bots))]
        bots = bots * players if len(bots) == 1 else bots
        if len(bots) != players or any(b not in spec.bots for b in bots):
            raise CommandError(f"one bot per seat, among {', '.join(spec.bots)}")
        try:
            options = {name: _value(value) for name, value in (item.split("=", 1) for item in opts["option"])}
        except ValueError:
            raise CommandError("an option is written name=value") from None
        known = {option["name"] for option in spec.engine.OPTIONS}
        if set(options) - known:
            raise CommandError(f"unknown option {', '.join(sorted(set(options) - known))}; the engine has {', '.join(sorted(known))}")
        data = self.record(spec, bots, options, opts["seed"])
        os.makedirs(os.path.dirname(os.path.abspath(opts["out"])), exist_ok=True)
        with open(opts["out"], "x", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, indent=1)
            handle.write("\n")
        made = data[recordings.KEY]
        self.stdout.write(f"Recorded {spec.key} (rules version {made['rules_version']}, {made['steps']} actions) in {opts['out']}.")

    @staticmethod
    def record(spec, bots, options, seed) -> dict:
        data = None
        try:
            with scheduling.suspended(), transaction.atomic():
                match, _actions = play_bot_match(spec.key, bots, options, seed)
                match.refresh_from_db()
                if match.result is None:
                    raise CommandError(f"the match did not finish (status {match.status})")
                data = recordings.recording(exports.export_match(match))
                raise _RollBack
        except _RollBack:
            pass
        return data
