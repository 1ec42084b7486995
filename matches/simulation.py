"""Bot-only matches played through the real service and database (for `simulate`)."""
import functools
import random
import time
from dataclasses import dataclass, field

from gamekit import contract, driver
from matches import frames, registry, scheduling, services
from matches.models import Match
from matches.registry import get_game


@dataclass
class SimulationReport:
    matches: int = 0
    actions: int = 0
    errors: list = field(default_factory=list)
    seconds: float = 0.0
    wins_by_bot: dict = field(default_factory=dict)
    # role -> matches in which a seat of that role ranked first (games with roles: who wins, the Leader or the others)
    wins_by_role: dict = field(default_factory=dict)
    # the matches played, in order: a script (or a test beside other tests) finds its own by id
    match_ids: list = field(default_factory=list)

    @property
    def matches_per_second(self):
        return self.matches / self.seconds if self.seconds else 0.0

    @property
    def actions_per_second(self):
        return self.actions / self.seconds if self.seconds else 0.0


def play_bot_match(game_key, bots: list[str], options: dict, seed: int, max_actions=20_000, rated=False) -> tuple[Match, int]:
    """Create a match with these bots and let them act, one service call per action, to the end.

    Unrated unless asked: a simulation measures the bots, it does not move their ratings.
    Time is simulated as in `gamekit.driver.play`: a bot acts 1 s after the
    previous action, deadlines fall due on that clock (the service applies
    them), and when no bot is waited for time jumps to the next deadline.
    """
    spec = get_game(game_key)
    now = time.time()
    match = services.create_match(
        game_key, [services.SeatSpec(bot=b) for b in bots], options, seed=seed, rated=rated, now=now
    )
    rng = random.Random(seed)
    actions = 0
    while actions < max_actions and match.status == Match.Status.RUNNING:
        movers = spec.engine.to_act(match.state)
        if not movers:
            dl = spec.engine.deadline(match.state)
            if dl is None:
                raise driver.StuckMatch(f"match {match.pk} is stuck: nobody is waited for and no deadline")
            now = max(now, dl[0])
            services.match_apply_deadline(match.pk, match.version, now=now)
            match.refresh_from_db(fields=["state", "version", "status"])
            actions += 1
            continue
        seat = rng.choice(movers)
        choose = spec.bots[bots[seat]]
        action = driver.bot_action(spec.engine, match.state, seat, choose, random.Random(f"{seed}:{seat}:{match.version}"),
                                   seen=functools.partial(frames.seen_events, match, seat))
        if action is None:
            raise driver.StuckMatch(f"match {match.pk}: seat {seat} is waited for but has no legal action")
        now += 1.0
        try:
            # The service returns the match as it saved it: no need to read it back.
            match = services.match_apply_action(match.pk, seat, action, client_version=match.version, now=now)
        except services.StaleVersion:
            # A deadline fell due before this action and moved the game on: look again.
            match.refresh_from_db(fields=["state", "version", "status"])
        actions += 1
    return match, actions


def simulate(game_key, *, matches, players, seed=None, bots=None, options=None, progress=None, rated=False) -> SimulationReport:
    spec = get_game(game_key)
    bots = bots or [next(iter(spec.bots))] * players
    if len(bots) != players:
        raise ValueError("one bot name per player")
    base_seed = random.randrange(1 << 30) if seed is None else seed
    report = SimulationReport()
    table_options = registry.without_clocks(spec, registry.default_table_options(spec))
    table_options.update(options or {})
    engine_options = spec.resolve_options(table_options) if spec.resolve_options else table_options
    started = time.perf_counter()
    with scheduling.suspended():
        for i in range(matches):
            # Rotate the bots so no bot always sits first.
            seating = bots[i % players:] + bots[: i % players]
            try:
                match, actions = play_bot_match(game_key, seating, engine_options, base_seed + i, rated=rated)
                report.actions += actions
                report.match_ids.append(match.pk)
                match.refresh_from_db()
                if match.result:
                    for seat, rank in enumerate(match.result["ranks"]):
                        if rank == 1:
                            report.wins_by_bot[seating[seat]] = report.wins_by_bot.get(seating[seat], 0) + 1
                    roles = contract.roles(spec.engine, players, engine_options)
                    for role in {roles[seat] for seat, rank in enumerate(match.result["ranks"]) if rank == 1} if roles else ():
                        report.wins_by_role[role] = report.wins_by_role.get(role, 0) + 1
            except Exception as exc:  # a simulation reports every failure and goes on
                report.errors.append(f"match {i} (seed {base_seed + i}): {type(exc).__name__}: {exc}")
            report.matches += 1
            if progress:
                progress(1)
    report.seconds = time.perf_counter() - started
    return report
