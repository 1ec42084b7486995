"""The game-data rows every game shares (matches/game_data.py): key, name, the engine's JSON, checked on save."""
import pytest
from django.core.exceptions import ValidationError

from alibaba_tiles.models import PyramidLayout, TileSet
from basra.models import Board, CardSet, PriceTable
from sidibaba.models import EventSet, Maze, TokenMix

EVERY_KIND = [TileSet, PyramidLayout, Board, PriceTable, CardSet, Maze, TokenMix, EventSet]


@pytest.mark.parametrize("model", EVERY_KIND, ids=lambda m: m.__name__)
def test_data_that_is_not_a_json_object_is_refused_under_the_data_field(model):
    row = model(key="draft", name="Draft", data=[1, 2])
    with pytest.raises(ValidationError) as refused:
        row.clean()
    assert list(refused.value.message_dict) == ["data"]
    assert refused.value.message_dict["data"]


@pytest.mark.parametrize("model", EVERY_KIND, ids=lambda m: m.__name__)
def test_the_engine_reads_the_data_with_the_key_and_name_where_it_names_them(model):
    row = model(key="draft", name="Draft", data={"x": 1})
    named = {"key": "draft", "name": "Draft"} if model.engine_reads_key_and_name else {}
    assert row.engine_data() == {"x": 1, **named}
    assert str(row) == "Draft (draft)"


def test_a_price_table_and_a_card_set_are_read_without_key_or_name():
    assert not PriceTable.engine_reads_key_and_name and not CardSet.engine_reads_key_and_name
