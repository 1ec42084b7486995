from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from matches.registry import clean_table_options, default_table_options, get_game
from matches.simulation import simulate


class Command(BaseCommand):
    help = "Play bot-only matches through the match service and the database, and print the speed."

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument("--matches", type=int, default=10)
        parser.add_argument("--players", type=int, default=2)
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--bots", default="", help="comma-separated bot names, one per seat (default: the game's first bot)")
        parser.add_argument("--rated", action="store_true", help="rate the matches (the bots' ratings move)")
        parser.add_argument("--option", action="append", default=[], help="a table option as name=value (repeatable)")

    def handle(self, *args, **opts):
        try:
            spec = get_game(opts["game"])
        except LookupError as exc:
            raise CommandError(str(exc)) from exc
        bots = [b for b in opts["bots"].split(",") if b] or None
        if bots and len(bots) == 1:
            bots = bots * opts["players"]
        for name in bots or []:
            if name not in spec.bots:
                raise CommandError(f"unknown bot {name!r}; this game has {', '.join(spec.bots)}")
        extra = self._options(spec, opts["option"])
        with tqdm(total=opts["matches"], unit="match", disable=opts["verbosity"] == 0) as bar:
            report = simulate(
                spec.key, matches=opts["matches"], players=opts["players"], seed=opts["seed"],
                bots=bots, options=extra, progress=bar.update, rated=opts["rated"],
            )
        if report.wins_by_bot:
            wins = ", ".join(f"{bot} {n} ({100 * n / report.matches:.1f}%)" for bot, n in sorted(report.wins_by_bot.items()))
            self.stdout.write(f"wins (rank 1, ties counted for each): {wins}")
        if report.wins_by_role:
            wins = ", ".join(f"{role} {n} ({100 * n / report.matches:.1f}%)" for role, n in sorted(report.wins_by_role.items()))
            self.stdout.write(f"wins by role (a match counts once per role ranked first): {wins}")
        if report.match_ids:
            self.stdout.write("matches: " + " ".join(str(pk) for pk in report.match_ids))
        # The totals last: the line a reader of the output's tail (a script, CI) looks for.
        self.stdout.write(
            f"{spec.key}: {report.matches} matches, {report.actions} actions in {report.seconds:.1f} s: "
            f"{report.matches_per_second:.2f} matches/s, {report.actions_per_second:.0f} actions/s, "
            f"{len(report.errors)} errors"
        )
        for line in report.errors[:20]:
            self.stderr.write(line)
        if report.errors:
            raise CommandError(f"{len(report.errors)} matches failed")

    @staticmethod
    def _options(spec, items):
        """name=value pairs coerced like the lobby's form (a number stays a number)."""
        try:
            raw = dict(item.split("=", 1) for item in items)
        except ValueError:
            raise CommandError("an option is written name=value") from None
        known = default_table_options(spec)
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise CommandError(f"unknown option {', '.join(unknown)}; this game has {', '.join(known)}")
        try:
            cleaned = clean_table_options(spec, {**known, **raw})
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        return {name: cleaned[name] for name in raw}
