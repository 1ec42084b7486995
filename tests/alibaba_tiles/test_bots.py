"""The bots see only a seat's view and always answer with a legal action."""
from alibaba_tiles.bots import BOT_LABELS, BOTS
from alibaba_tiles.selfplay import greedy_wins, play_bot_match


def play_match(bots, seed, variant="standard"):
    return play_bot_match(bots, seed, {"variant": variant}, check_legal=True)


def greedy_win_rate(matches, variant="standard"):
    return greedy_wins(matches, variant) / matches


def test_bots_are_registered_with_labels():
    assert set(BOTS) == {"random", "greedy", "expert", "master"} and set(BOT_LABELS) == set(BOTS)
    assert next(iter(BOTS)) == "greedy"  # the default for a new seat: quick and good


def test_greedy_beats_random_in_at_least_75_percent_of_200_two_player_matches():
    assert greedy_win_rate(200) >= 0.75


def test_greedy_beats_random_in_every_variant():
    for variant in ("lamp", "equal", "small"):
        assert greedy_win_rate(30, variant) >= 0.75


def test_bots_play_legal_moves_with_many_players():
    for i, variant in enumerate(("standard", "lamp", "equal")):
        for players in (3, 4):
            play_match(["greedy", "random", "greedy", "random"][:players], 40 + i, variant)
            play_match(["greedy"] * players, 60 + i, variant)
