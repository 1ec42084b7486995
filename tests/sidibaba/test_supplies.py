"""The token mix and the event set: game data in the database, checked by the engine, played by new matches."""
import copy

import pytest
from django.contrib.admin.sites import site
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.utils import translation

from matches import scheduling, services
from sidibaba import engine
from sidibaba.admin import EventSetAdmin, TokenMixAdmin
from sidibaba.game import resolve_options
from sidibaba.gamedata import load_default_data
from sidibaba.models import PLAYED_KEY, EventSet, TokenMix
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def shipped_supplies():
    load_default_data()
    with translation.override("en"):
        yield


def _mix(**counts):
    mix = engine.default_token_mix()
    mix["bag"].update(counts)
    return mix


def test_the_engine_accepts_the_shipped_mix_and_events():
    assert engine.validate_token_mix(engine.default_token_mix()) == []
    assert engine.validate_event_set(engine.default_event_set()) == []


@pytest.mark.parametrize("mix, reason", [
    ({"bag": {"rubies": 3}}, "The bag may only count the known token kinds."),
    (_mix(gold1=-1), "Each token count is a whole number from 0 to 40."),
    (_mix(gold1=True), "Each token count is a whole number from 0 to 40."),
    ({"bag": {"gold1": 5, "curse": 20}}, "The bag needs at least 10 jewels."),
    ({"bag": {"gold1": 12}}, "The bag holds 20 to 150 tokens."),
    ([1, 2], "The token mix needs a bag: an object of token kinds and counts."),
])
def test_a_token_mix_must_count_known_kinds_with_enough_jewels(mix, reason):
    assert reason in engine.validate_token_mix(mix)


@pytest.mark.parametrize("events, reason", [
    ([], "The event set is a list of 1 to 40 events."),
    ([{"kind": "dragon"}], "Each event is one of the known kinds."),
    ([{"kind": "movement", "steps": 4}], "Movement, Illusion, both locks, Teleportation and Landslide move 1 to 3 steps."),
    ([{"kind": "landslide"}], "Movement, Illusion, both locks, Teleportation and Landslide move 1 to 3 steps."),
    ([{"kind": "merchant", "steps": 2}], "The Bandit, Scheherazade and the Merchant take no steps."),
])
def test_an_event_set_uses_known_kinds_with_their_steps(events, reason):
    assert reason in engine.validate_event_set({"events": events})


def test_load_game_data_seeds_the_shipped_mix_and_events():
    TokenMix.objects.all().delete()
    EventSet.objects.all().delete()
    call_command("load_game_data", verbosity=0)
    assert TokenMix.objects.get(key=PLAYED_KEY).data == engine.default_token_mix()
    assert EventSet.objects.get(key=PLAYED_KEY).data == engine.default_event_set()


def test_the_admin_refuses_a_mix_the_engine_refuses_in_the_readers_language():
    row = TokenMix.objects.get(key=PLAYED_KEY)
    row.data = {"bag": {"gold1": 5, "curse": 20}}
    with pytest.raises(ValidationError) as refused:
        row.full_clean()
    assert refused.value.message_dict["data"] == ["The bag needs at least 10 jewels."]
    with translation.override("fr"), pytest.raises(ValidationError) as refused:
        row.full_clean()
    assert refused.value.message_dict["data"] != ["The bag needs at least 10 jewels."]


def test_the_admin_form_saves_a_valid_event_set_and_refuses_a_bad_one():
    row = EventSet.objects.get(key=PLAYED_KEY)
    Form = EventSetAdmin(EventSet, site).get_form(None, row)
    good = Form(
        data={"key": row.key, "name": row.name, "data": '{"events": [{"kind": "bandit"}, {"kind": "movement", "steps": 2}]}'}, instance=row
    )
    assert good.is_valid(), good.errors
    bad = Form(data={"key": row.key, "name": row.name, "data": '{"events": [{"kind": "bandit", "steps": 1}]}'}, instance=row)
    assert not bad.is_valid() and "data" in bad.errors
    Form = TokenMixAdmin(TokenMix, site).get_form(None, None)
    assert Form(data={"key": "draft", "name": "Draft", "data": '{"bag": {"gold1": 30}}'}).is_valid()


def test_the_shipped_data_is_left_to_the_engine():
    resolved = resolve_options({"segment_seconds": 120, "maze": "grotto"})
    assert "token_mix" not in resolved and "event_set" not in resolved


def test_a_changed_mix_and_event_set_are_played_by_a_new_match():
    TokenMix.objects.filter(key=PLAYED_KEY).update(data=_mix(curse=0, gold1=20))
    events = {"events": [{"kind": "bandit"}] * 3 + [{"kind": "movement", "steps": 3}]}
    EventSet.objects.filter(key=PLAYED_KEY).update(data=copy.deepcopy(events))
    options = resolve_options({"segment_seconds": 120, "maze": "grotto"})
    users = UserFactory.create_batch(4)
    with scheduling.suspended():
        match = services.create_match("sidibaba", [services.SeatSpec(user=u) for u in users], options, seed=3)
    match.refresh_from_db()
    state = match.state
    in_bag = [state["kinds"][t] for t in state["bag"]]
    assert "curse" not in in_bag and in_bag.count("gold1") == 20
    assert state["event_kinds"] == events["events"]
    # replayed from the options as the database stored them (a JSON column may reorder the bag's keys)
    replayed = engine.replay(match.players, match.options, match.seed, [], match.options["started_at"])
    assert replayed["kinds"] == state["kinds"] and replayed["event_deck"] == state["event_deck"]


def test_a_new_match_ignores_a_row_that_is_not_the_standard_one():
    TokenMix.objects.create(key="draft", name="Draft", data=_mix(curse=0))
    assert "token_mix" not in resolve_options({"segment_seconds": 120, "maze": "grotto"})
