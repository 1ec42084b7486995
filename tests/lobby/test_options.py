"""A table's options as people read them (lobby/options.py)."""
import pytest
from django.utils import translation

from lobby.options import option_summary

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_clock_is_summarised_by_what_it_times():
    """Issue 21, item 5: Sidi Baba's clock is a lamp's duration, not seconds per decision; Basra's windows and bazaar say so."""
    assert option_summary("sidibaba", {"segment_seconds": 60})[0] == "60 s per lamp"
    basra = option_summary("basra", {"turn_seconds": 45, "window_seconds": 20, "bazaar_seconds": 90})
    assert {"45 s per decision", "20 s per throw-away window", "90 s for the bazaar"} <= set(basra)
    with translation.override("fr"):
        assert option_summary("sidibaba", {"segment_seconds": 60})[0] == "60 s par lampe"


def test_a_turn_based_table_is_summarised_by_its_days_not_its_seconds():
    summary = option_summary("basra", {"turn_seconds": 45, "window_seconds": 20, "bazaar_seconds": 90}, 3)
    assert summary[0] == "3 days per decision (turn-based)"
    assert not any(" s " in line for line in summary)
    with translation.override("fr"):
        assert option_summary("alibaba_tiles", {"clock": 60}, 1)[0] == "1 jour par décision (au tour par tour)"
