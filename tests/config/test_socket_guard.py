"""Frame budgets and JSON depth for sockets."""
import pytest

from config.socket_guard import FrameBudget, TooDeep, load_json_frame


def test_budget_allows_a_burst_then_refills_at_its_rate():
    now = [0.0]
    budget = FrameBudget(burst=3, rate=2, clock=lambda: now[0])
    assert [budget.take() for _ in range(4)] == [True, True, True, False]
    now[0] = 0.5  # one frame's worth
    assert [budget.take() for _ in range(2)] == [True, False]
    now[0] = 100.0  # never more than the burst
    assert sum(budget.take() for _ in range(10)) == 3


@pytest.mark.parametrize("text", ["[" * 1500, "[" * 17 + "]" * 17, '{"a":' * 40 + "1" + "}" * 40])
def test_too_deep_is_refused_without_recursion_error(text):
    with pytest.raises(TooDeep):
        load_json_frame(text, 16)


def test_shallow_frames_load():
    assert load_json_frame('{"type": "action", "action": {"type": "add", "n": [1, [2]]}}', 16)["action"]["n"] == [1, [2]]
    with pytest.raises(ValueError):
        load_json_frame("not json", 16)
