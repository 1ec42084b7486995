"""Legal actions with domains: matching, canonical logging, sampling and the friendly refusals."""
import random

import pytest

from gamekit import domains

OFFER = {"type": "offer", "to": {"one_of": [1, 2]}, "cards": {"subset_of": [12, 31, 40], "max_size": 2},
         "piastres": {"min": 0, "max": 900}}


def test_an_action_inside_every_domain_matches():
    assert domains.matches({"type": "offer", "to": 2, "cards": [31], "piastres": 150}, OFFER)
    assert domains.matches({"type": "offer", "to": 1, "cards": [], "piastres": 0}, OFFER)


def test_values_outside_a_domain_do_not_match():
    assert not domains.matches({"type": "offer", "to": 3, "cards": [31], "piastres": 150}, OFFER)
    assert not domains.matches({"type": "offer", "to": 1, "cards": [12, 31, 40], "piastres": 1}, OFFER)  # too many
    assert not domains.matches({"type": "offer", "to": 1, "cards": [12, 12], "piastres": 1}, OFFER)  # twice the same
    assert not domains.matches({"type": "offer", "to": 1, "cards": [99], "piastres": 1}, OFFER)
    assert not domains.matches({"type": "offer", "to": 1, "cards": [], "piastres": 901}, OFFER)
    assert not domains.matches({"type": "offer", "to": 1, "cards": [], "piastres": 2.5}, OFFER)


def test_a_boolean_is_never_a_number():
    assert not domains.matches({"type": "offer", "to": True, "cards": [], "piastres": 0}, OFFER)
    assert not domains.matches({"type": "bid", "n": True}, {"type": "bid", "n": 1})
    assert not domains.matches({"type": "bid", "n": False}, {"type": "bid", "n": {"min": 0, "max": 2}})


def test_padding_and_missing_keys_do_not_match():
    assert not domains.matches({"type": "offer", "to": 1, "cards": [], "piastres": 0, "pad": "x"}, OFFER)
    assert not domains.matches({"type": "offer", "to": 1, "cards": []}, OFFER)


def test_find_legal_and_canonical_keep_only_the_legal_keys():
    legal = [{"type": "pass"}, OFFER]
    action = {"type": "offer", "to": 2, "cards": [40, 12], "piastres": 5}
    assert domains.find_legal(action, legal) is OFFER
    assert domains.canonical(action, OFFER) == action
    assert domains.find_legal({"type": "pass", "x": 1}, legal) is None


def test_the_commonest_mistakes_are_explained():
    assert domains.explain_mismatch({"type": "offer", "to": 3, "cards": [], "piastres": 0}, [OFFER]) == '"to": one of 1, 2.'
    assert "needs" in domains.explain_mismatch({"type": "offer"}, [OFFER])
    assert "does not take" in domains.explain_mismatch({"type": "offer", "to": 1, "cards": [], "piastres": 0, "x": 1}, [OFFER])
    assert "0 to 900" in domains.explain_mismatch({"type": "offer", "to": 1, "cards": [], "piastres": -4}, [OFFER])
    assert domains.explain_mismatch({"type": "dance"}, [OFFER]) is None


def test_samples_always_fall_inside_the_domains():
    rng = random.Random(3)
    sizes = set()
    for _ in range(300):
        action = domains.sample(OFFER, rng)
        assert domains.matches(action, OFFER)
        sizes.add(len(action["cards"]))
    assert sizes == {0, 1, 2}


def test_a_concrete_action_is_filled_unchanged():
    assert domains.fill({"type": "take", "pos": "1:0:0"}, random.Random(1)) == {"type": "take", "pos": "1:0:0"}
    assert domains.is_concrete({"type": "take", "pos": "1:0:0"}) and not domains.is_concrete(OFFER)


def test_min_size_is_respected():
    domain = {"subset_of": [1, 2, 3], "min_size": 2, "max_size": 3}
    assert not domains.value_in_domain([1], domain) and domains.value_in_domain([3, 1], domain)
    assert all(len(domains.sample_value(domain, random.Random(i))) >= 2 for i in range(50))


@pytest.mark.parametrize("wrong", [1.0, True, "1", [1], None, 10**40, "NaN", float("nan"), float("inf")])
def test_an_action_matches_a_legal_action_only_with_exact_json_types(wrong):
    """Contract: a whole number sent as a float (or a bool, a string, a list) is no instance of a legal action."""
    assert not domains.matches({"type": "play", "card": wrong}, {"type": "play", "card": {"one_of": [1, 2]}})
    assert not domains.matches({"type": "play", "card": wrong}, {"type": "play", "card": 1})
    assert not domains.matches({"type": "sell", "cards": [wrong]}, {"type": "sell", "cards": {"subset_of": [1, 2]}})
    assert not domains.matches({"type": "bet", "n": wrong}, {"type": "bet", "n": {"min": 0, "max": 5}})
    assert domains.resolve({"type": "play", "card": wrong}, [{"type": "play", "card": {"one_of": [1, 2]}}]) is None


def test_nested_values_match_only_with_exact_types_at_every_depth():
    legal = {"type": "play_event", "path": {"one_of": [[3, 11], [4, 12]]}}
    assert domains.matches({"type": "play_event", "path": [3, 11]}, legal)
    assert not domains.matches({"type": "play_event", "path": [3, 11.0]}, legal)
    assert not domains.matches({"type": "play_event", "path": [3, True]}, {"type": "play_event", "path": [3, 1]})


def test_a_min_max_domain_takes_only_whole_numbers():
    domain = {"min": 0, "max": 900}
    assert domains.value_in_domain(900, domain)
    for wrong in (True, False, 1.0, float("nan"), float("inf"), "5", [5], None):
        assert not domains.value_in_domain(wrong, domain)


def test_the_canonical_action_is_built_from_the_legal_actions_own_values():
    """Contract: what is passed on and logged is the legal action's values, never the client's objects."""
    sent = {"type": "offer", "to": 2, "cards": [40, 12], "piastres": 5}
    built = domains.resolve(sent, [{"type": "pass"}, OFFER])
    assert built == sent
    assert built["cards"] is not sent["cards"]
    path = [3, 11]
    legal = {"type": "play_event", "path": {"one_of": [path]}}
    chosen = domains.canonical({"type": "play_event", "path": [3, 11]}, legal)
    assert chosen["path"] == path and chosen["path"] is not path  # a copy: the engine cannot alias its legal list
    with pytest.raises(ValueError):
        domains.canonical({"type": "play_event", "path": [3, 11.0]}, legal)


def test_a_wrongly_typed_concrete_value_is_explained():
    assert domains.explain_mismatch({"type": "offer", "to": 1.0, "cards": []}, [{"type": "offer", "to": 1, "cards": {"subset_of": [3]}}]) \
        == '"to": a whole number.'
