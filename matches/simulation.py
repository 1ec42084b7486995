"""Bot-only matches played through the real service and database (for `simulate`)."""
import random
import time
from dataclasses import dataclass, field

from matches import scheduling, services
from matches.models import Match
from matches.registry import get_game


@dataclass
class SimulationReport:
    matches: int = 0
    actions: int = 0
    errors: list = field(default_factory=list)
    seconds: float = 0.0
    wins_by_bot: dict = field(default_factory=dict)

    @property
    def matches_per_second(self):
        return self.matches / self.seconds if self.seconds else 0.0

    @property
    def actions_per_second(self):
        return self.actions / self.seconds if self.seconds else 0.0


def play_bot_match(game_key, bots: list[str], options: dict, seed: int, max_actions=10_000) -> tuple[Match, int]:
    """Create a match with these bots and let them act, one service call per action, to the end.

    Time is simulated: a bot acts 1 s after the previous action, so clocks never run out.
    """
    spec = get_game(game_key)
    now = time.time()
    match = services.create_match(
        game_key, [services.SeatSpec(bot=b) for b in bots], options, seed=seed, now=now
    )
    rng = random.Random(seed)
    actions = 0
    while actions < max_actions:
        if match.status != Match.Status.RUNNING:
            break
        movers = [seat for seat in range(len(bots)) if spec.engine.legal_actions(match.state, seat)]
        if not movers:
            dl = spec.engine.deadline(match.state)
            if dl is None:
                raise RuntimeError(f"match {match.pk} is stuck: nobody may act and no deadline")
            services.match_apply_deadline(match.pk, match.version, now=dl[0])
            match.refresh_from_db(fields=["state", "version", "status"])
            actions += 1
            continue
        seat = rng.choice(movers)
        view = spec.engine.view(match.state, seat)
        legal = spec.engine.legal_actions(match.state, seat)
        action = spec.bots[bots[seat]](view, legal, random.Random(f"{seed}:{seat}:{match.version}"))
        now += 1.0
        # The service returns the match as it saved it: no need to read it back.
        match = services.match_apply_action(match.pk, seat, action, client_version=match.version, now=now)
        actions += 1
    return match, actions


def simulate(game_key, *, matches, players, seed=None, bots=None, options=None, progress=None) -> SimulationReport:
    spec = get_game(game_key)
    bots = bots or [next(iter(spec.bots))] * players
    if len(bots) != players:
        raise ValueError("one bot name per player")
    base_seed = random.randrange(1 << 30) if seed is None else seed
    report = SimulationReport()
    table_options = {o["name"]: o.get("default") for o in (spec.options() if callable(spec.options) else spec.options)}
    table_options.update(options or {})
    table_options["clock"] = 0
    engine_options = spec.resolve_options(table_options) if spec.resolve_options else table_options
    started = time.perf_counter()
    with scheduling.suspended():
        for i in range(matches):
            # Rotate the bots so no bot always sits first.
            seating = bots[i % players:] + bots[: i % players]
            try:
                match, actions = play_bot_match(game_key, seating, engine_options, base_seed + i)
                report.actions += actions
                match.refresh_from_db()
                if match.result:
                    for seat, rank in enumerate(match.result["ranks"]):
                        if rank == 1:
                            report.wins_by_bot[seating[seat]] = report.wins_by_bot.get(seating[seat], 0) + 1
            except Exception as exc:  # a simulation reports every failure and goes on
                report.errors.append(f"match {i} (seed {base_seed + i}): {type(exc).__name__}: {exc}")
            report.matches += 1
            if progress:
                progress(1)
    report.seconds = time.perf_counter() - started
    return report
