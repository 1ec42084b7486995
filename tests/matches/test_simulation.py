"""`simulate`: bot-only matches through the service and the database."""
import pytest
from django.core.management import call_command

from matches.models import ActionLog, Match
from matches.simulation import simulate

pytestmark = pytest.mark.django_db(transaction=True)


def test_simulate_plays_matches_to_the_end_through_the_database():
    report = simulate("countdown", matches=5, players=3, seed=11, bots=["random", "first", "random"])
    assert report.matches == 5 and not report.errors
    assert Match.objects.filter(status=Match.Status.FINISHED).count() == 5
    assert report.actions == ActionLog.objects.count() > 0
    assert sum(report.wins_by_bot.values()) >= 5


def test_simulate_command_prints_the_figures(capsys):
    call_command("simulate", "countdown", "--matches", "3", "--players", "2", "--seed", "1", verbosity=0)
    out = capsys.readouterr().out
    assert "3 matches" in out and "matches/s" in out and "actions/s" in out and "0 errors" in out


def test_simulate_refuses_an_unknown_bot():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="unknown bot"):
        call_command("simulate", "countdown", "--bots", "oracle", verbosity=0)
