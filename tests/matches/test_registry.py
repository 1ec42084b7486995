"""The registry refuses a game that breaks the rules (docs/architecture.md, "How a game plugs in"), with its
reason, and accepts every game the site and the tests register."""
import dataclasses
import types

import pytest

from gamekit import contract
from matches import registry
from matches.registry import GameRefused, GameSpec, IncompleteEngine
from tests.matches import countdown_game

GAMES = ["alibaba_tiles", "basra", "sidibaba", "countdown"]


def _engine(**changes):
    """A copy of the countdown engine with some names replaced (a value of None removes the name)."""
    engine = types.ModuleType("broken_engine")
    engine.__dict__.update({k: v for k, v in vars(countdown_game).items() if not k.startswith("__")})
    for name, value in changes.items():
        if value is None:
            engine.__dict__.pop(name, None)
        else:
            setattr(engine, name, value)
    return engine


def _spec(engine=None, **fields):
    values = {"key": "broken", "name": "Broken (test game)", "engine": engine or _engine(), "min_players": 2,
              "max_players": 4, "options": countdown_game.OPTIONS, "bots": {"first": countdown_game.first_bot},
              "role_labels": {"dealer": "Dealer", "player": "Player"}}
    return GameSpec(**{**values, **fields})


@pytest.fixture(autouse=True)
def nothing_left_registered():
    yield
    registry.unregister("broken")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_registered_here_follows_the_rules(game):
    spec = registry.get_game(game)
    assert contract.problems(spec.engine) == []
    assert registry.spec_problems(spec) == []
    registry.register(spec)  # registering it again is accepted too
    assert registry.get_game(game) is spec


def test_a_well_formed_game_is_registered():
    spec = _spec()
    registry.register(spec)
    assert registry.get_game("broken") is spec


def _refusal(spec, kind=GameRefused) -> str:
    with pytest.raises(kind) as refused:
        registry.register(spec)
    with pytest.raises(LookupError):
        registry.get_game(spec.key)
    return str(refused.value)


def test_a_game_without_a_computer_player_is_refused():
    assert "has no computer player" in _refusal(_spec(bots={}))


def test_a_computer_player_that_is_not_a_function_is_refused():
    assert "the computer player 'first' is not a function" in _refusal(_spec(bots={"first": "legal[0]"}))


def test_labels_of_unknown_computer_players_are_refused():
    message = _refusal(_spec(bot_labels={"first": "First", "ghost": "Ghost"}))
    assert "bot_labels names no computer player of the game: ghost" in message


@pytest.mark.parametrize("version", [0, -1, "1", 1.5, True])
def test_an_engine_whose_rules_version_is_not_a_whole_number_from_1_is_refused(version):
    message = _refusal(_spec(_engine(RULES_VERSION=version)), IncompleteEngine)
    assert f"the engine RULES_VERSION is {version!r}, not a whole number from 1" in message


def test_an_engine_at_a_later_rules_version_is_registered():
    spec = _spec(_engine(RULES_VERSION=7))
    registry.register(spec)
    assert registry.get_game("broken").engine.RULES_VERSION == 7


@pytest.mark.parametrize("name", contract.REQUIRED)
def test_an_engine_lacking_a_required_name_is_refused(name):
    message = _refusal(_spec(_engine(**{name: None})), IncompleteEngine)
    assert f"the engine lacks {name}" in message
    assert "docs/engine-contract.md" in message


def test_every_reason_is_given_at_once():
    message = _refusal(_spec(_engine(view=None, result=None), bots={}), IncompleteEngine)
    assert "lacks view" in message and "lacks result" in message and "no computer player" in message


def test_an_optional_function_of_the_wrong_kind_is_refused():
    message = _refusal(_spec(_engine(roles=["dealer", "player"])), IncompleteEngine)
    assert "the engine roles is a list, not a function" in message


def test_a_function_that_cannot_take_the_platforms_arguments_is_refused():
    message = _refusal(_spec(_engine(sample_state=lambda view, seat: {})), IncompleteEngine)
    assert "sample_state cannot take the 3 arguments" in message
    # seen= is passed by the search bots as a fourth argument
    message = _refusal(_spec(_engine(sample_state=lambda view, seat, rng: {})), IncompleteEngine)
    assert "sample_state cannot take the 4 arguments" in message
    message = _refusal(_spec(_engine(apply=lambda state, seat, action: (state, []))), IncompleteEngine)
    assert "apply cannot take the 4 arguments" in message


def test_a_required_name_of_the_wrong_kind_is_refused():
    assert "the engine to_act is a list, not a function" in _refusal(_spec(_engine(to_act=[0])), IncompleteEngine)
    assert "OPTIONS is a tuple, not a list" in _refusal(_spec(_engine(OPTIONS=tuple(countdown_game.OPTIONS))), IncompleteEngine)
    message = _refusal(_spec(_engine(IllegalAction=ValueError)), IncompleteEngine)
    assert "IllegalAction is not a subclass of gamekit.errors.IllegalAction" in message


def test_half_of_a_pair_of_optional_functions_is_refused():
    message = _refusal(_spec(_engine(turn_key=lambda state: state["step"])), IncompleteEngine)
    assert "turn_key without default_action" in message
    message = _refusal(_spec(_engine(default_action=lambda state, seat: None)), IncompleteEngine)
    assert "default_action without turn_key" in message


def test_role_labels_need_roles_in_the_engine():
    assert "role_labels without roles() in the engine" in _refusal(_spec(_engine(roles=None)))
    registry.register(_spec(_engine(roles=None), role_labels={}))  # a game without roles is fine


@pytest.mark.parametrize("fields, reason", [
    ({"min_players": 0}, "player counts"),
    ({"min_players": 3, "max_players": 2}, "player counts"),
    ({"max_players": 4.0}, "player counts"),
    ({"key": "Broken Game"}, "the key 'Broken Game'"),
    ({"key": "b" * 41}, "the key"),
    ({"options": {"clock": 0}}, "options is neither a list nor a function"),
    ({"resolve_options": {}}, "resolve_options is not a function"),
    ({"load_default_data": "load"}, "load_default_data is not a function"),
    ({"template": ""}, "template is not a template's name"),
    ({"turn_based": 1}, "turn_based is not True or False"),
    ({"hide_unseen_actions": "yes"}, "hide_unseen_actions is not True or False"),
    ({"kept_view_keys": ["layout"]}, "kept_view_keys is not a tuple of the view's keys"),
    ({"kept_view_keys": (1,)}, "kept_view_keys is not a tuple of the view's keys"),
])
def test_a_spec_breaking_a_rule_is_refused(fields, reason):
    spec = _spec(**fields)
    message = _refusal(spec)
    assert reason in message
    registry.unregister(spec.key)


def test_optional_functions_are_asked_for_in_one_place():
    spec = registry.get_game("countdown")
    assert spec.optional_functions == ("roles",)
    assert spec.provides("roles") and not spec.provides("sample_state")
    assert registry.get_game("basra").optional_functions == (
        "turn_key", "default_action", "to_act_seen_by", "deadline_for", "sample_state", "apply_legal")
    with pytest.raises(ValueError):
        spec.provides("validate_options")  # required, not optional: nobody asks whether it is there
    # contract.turn_key plays a timed-out turn on defaults only for a game with both functions
    assert contract.turn_key(registry.get_game("countdown").engine, {}) is None
    cave = registry.get_game("alibaba_tiles").engine
    state = cave.new_game(2, {}, 1, 0.0)
    assert contract.turn_key(cave, state) == cave.turn_key(state)


def test_the_spec_of_a_refused_game_may_be_fixed_and_registered():
    broken = _spec(bots={})
    with pytest.raises(GameRefused):
        registry.register(broken)
    registry.register(dataclasses.replace(broken, bots={"first": countdown_game.first_bot}))
    assert registry.get_game("broken").bots


def test_every_function_of_the_contract_says_the_arguments_it_is_passed():
    functions = (set(contract.REQUIRED) - {"IllegalAction", "OPTIONS", "RULES_VERSION"}) | set(contract.OPTIONAL)
    assert set(contract.ARGUMENTS) == functions
    assert {name for pair in contract.TOGETHER for name in pair} <= set(contract.OPTIONAL)
