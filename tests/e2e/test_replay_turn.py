"""A replay never says "Your turn" (issue 37): at move 0, seen from the seat the match waited for, the status bar
names whose turn it was, as it does for anyone's, while the live page of that seat says "Your turn". Drawn by the
games' own renderers in chromium from engine states, as the replay player hands them its frames (no server)."""
import pytest

from alibaba_tiles.engine import new_game, to_act
from tests.basra.helpers import mover, new
from tests.e2e import test_basra_page as basra_page, test_tiles_prompts as tiles_page
from tests.e2e.helpers import harness_page

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]  # no server: the same in both modes


def as_replayed(frame):
    """The frame the replay player draws for a step (matches/static/matches/replay_steps.js, replayFrame)."""
    return dict(frame, legal=[], to_act=[frame["seat"]], replay=True)


def turn(page):
    bar = page.locator("[data-testid=turn]")
    return bar.inner_text(), bar.get_attribute("data-mine")


def test_the_treasure_cave_replay_at_move_0_names_whose_turn_it_was(browser):
    state = new_game(2, {"variant": "standard"}, 1)
    seat = to_act(state)[0]
    with harness_page(browser, '<div id="game-root"></div>', styles=[tiles_page.APP / "static/alibaba_tiles/tiles.css"],
                      scripts=[tiles_page.APP / "static/alibaba_tiles/tiles.js"], harness=tiles_page.HARNESS) as pg:
        tiles_page.render(pg, dict(tiles_page.frame_for(state, seat, version=0), to_act=[seat]))
        assert turn(pg) == ("Your turn", "1")  # live
        tiles_page.render(pg, as_replayed(tiles_page.frame_for(state, seat, version=0)))
        assert turn(pg) == (f"{tiles_page.NAMES[seat]}'s turn", "0")
        assert "Your turn" not in pg.inner_text("#game-root")


@pytest.mark.parametrize("language, yours, theirs", [("en", "Your turn", "{name}'s turn"), ("fr", "À vous de jouer", "{name} joue")])
def test_the_basra_replay_at_move_0_names_whose_turn_it_was(browser, language, yours, theirs):
    state = new(3)
    seat = mover(state)
    context, pg = basra_page.open_page(browser, language)
    try:
        basra_page.render(pg, dict(basra_page.frame_for(state, seat, version=0), to_act=[seat]))
        assert turn(pg) == (yours, "1")  # live
        basra_page.render(pg, as_replayed(basra_page.frame_for(state, seat, version=0)))
        assert turn(pg) == (theirs.format(name=basra_page.NAMES[seat]), "0")
        assert yours not in pg.inner_text("#game-root")
        assert pg.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("language, yours, theirs", [
    ("en", "Sharing the loot: your turn to take one", "Sharing the loot: {name} takes next"),
    ("fr", "Partage du butin : à vous d'en prendre un", "Partage du butin : {name} choisit maintenant"),
])
def test_the_sidi_baba_replay_names_whose_turn_it_was_to_take_from_the_loot(browser, language, yours, theirs):
    from tests.e2e import test_sidibaba_explains as sidi, test_sidibaba_page as sidi_page

    state = sidi.sharing_state()
    taker = 1
    # the replay player's api says it is a replay (matches/static/matches/replay.js)
    harness = sidi_page.HARNESS.replace("seat: seat, names: names,", "seat: seat, names: names, replay: window.__replay,")
    scripts = [sidi.APP / "static/sidibaba" / s for s in ("sidi_common.js", "sidi_guide.js")
               + tuple(s for s in sidi_page.SCRIPTS if s != "sidi_common.js")]
    with harness_page(browser, sidi.page_blocks(language), styles=[sidi.APP / "static/sidibaba/sidibaba.css"],
                      scripts=scripts, harness=harness, language=language) as pg:
        pg.evaluate(f"window.__replay = false; window.__mount({taker})")
        sidi.show(pg, state, taker)
        assert pg.inner_text("[data-testid=sharing]") == yours  # live
        pg.evaluate(f"window.__replay = true; window.__mount({taker})")
        pg.evaluate("f => window.__update(f, [])", as_replayed(dict(
            type="view", match=1, version=0, seat=taker, status="running", view=sidi.engine.view(state, taker),
            legal=[], events=[], server_time=10.0)))
        assert pg.inner_text("[data-testid=sharing]") == theirs.format(name=sidi_page.NAMES[taker])
