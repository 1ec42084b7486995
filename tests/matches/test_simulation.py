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
    assert report.match_ids == list(Match.objects.order_by("pk").values_list("pk", flat=True))


def test_simulate_command_prints_the_figures(capsys):
    call_command("simulate", "countdown", "--matches", "3", "--players", "2", "--seed", "1", verbosity=0)
    out = capsys.readouterr().out
    assert "3 matches" in out and "matches/s" in out and "actions/s" in out and "0 errors" in out
    # the ids of the matches it played, so that a script beside others finds its own
    ids = " ".join(str(pk) for pk in Match.objects.order_by("pk").values_list("pk", flat=True))
    assert f"matches: {ids}\n" in out


def test_simulate_refuses_an_unknown_bot():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="unknown bot"):
        call_command("simulate", "countdown", "--bots", "oracle", verbosity=0)


def test_simulate_option_values_are_coerced_like_the_table_form():
    call_command("simulate", "countdown", "--matches", "1", "--players", "2", "--seed", "1", "--option", "rounds=3",
                 verbosity=0)
    assert Match.objects.get().options["rounds"] == 3


@pytest.mark.parametrize("option, refusal", [
    ("rounds=9", "between 1 and 5"), ("laps=2", "unknown option laps"), ("rounds", "name=value")])
def test_simulate_refuses_a_bad_option(option, refusal):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match=refusal):
        call_command("simulate", "countdown", "--option", option, verbosity=0)


def test_simulate_counts_the_wins_of_each_role():
    # countdown: seat 0 is the dealer, the others players; exactly the seats ranked first count
    report = simulate("countdown", matches=4, players=3, seed=3, bots=["random"] * 3)
    assert not report.errors
    winners = [[m.result["ranks"][s] == 1 for s in range(3)] for m in Match.objects.all()]
    assert report.wins_by_role.get("dealer", 0) == sum(1 for w in winners if w[0])
    assert report.wins_by_role.get("player", 0) == sum(1 for w in winners if w[1] or w[2])
