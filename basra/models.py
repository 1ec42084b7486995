"""Ali Baba in Basra's game data, editable in the admin.

Each row holds exactly the JSON the engine reads (``basra/engine/data/``) and
is checked by the engine's own rules before it is saved. The shipped defaults
are upserted by ``gamedata.load_default_data``.
"""
from django.utils.translation import gettext_lazy as _

from basra.engine import board as board_rules
from matches.game_data import GameData


class Board(GameData):
    """The board of Basra: {"start", "route": [...], "branches": [{"from", "spaces", "to"}], "spaces": [...]}."""

    class Meta(GameData.Meta):
        verbose_name = _("board")
        verbose_name_plural = _("boards")

    def data_errors(self):
        try:
            return board_rules.validate_board(self.engine_data())
        except (AttributeError, KeyError, TypeError) as exc:
            return [f"The board is not in the engine's format ({exc.__class__.__name__}: {exc})."]


def _gang_keys():
    from basra.engine.data_files import load

    return [g["key"] for g in load("cards")["gangs"]]


class PriceTable(GameData):
    """The quarter prices: {"quarters": {"1": {"swindlers": 40, ...}, ... "4": {...}}}."""

    engine_reads_key_and_name = False

    class Meta(GameData.Meta):
        verbose_name = _("price table")
        verbose_name_plural = _("price tables")

    def data_errors(self):
        quarters = self.data.get("quarters")
        if not isinstance(quarters, dict) or sorted(quarters) != ["1", "2", "3", "4"]:
            return ["The price table needs \"quarters\" 1 to 4."]
        errors = []
        for quarter, prices in sorted(quarters.items()):
            if not isinstance(prices, dict):
                errors.append(f"Quarter {quarter} needs a price per gang.")
                continue
            for gang in _gang_keys():
                price = prices.get(gang)
                if not isinstance(price, int) or isinstance(price, bool) or price <= 0:
                    errors.append(f"Quarter {quarter}: the price of the {gang} must be a positive whole number.")
        return errors


class CardSet(GameData):
    """The bandit cards and the Destiny Table: {"gangs": [...], "cards": [...], "destiny_table": 6x6}."""

    engine_reads_key_and_name = False

    class Meta(GameData.Meta):
        verbose_name = _("card set")
        verbose_name_plural = _("card sets")

    def data_errors(self):
        errors = []
        gangs = self.data.get("gangs")
        if not isinstance(gangs, list) or [g.get("key") for g in gangs if isinstance(g, dict)] != _gang_keys():
            errors.append("The card set needs the four gangs: " + ", ".join(_gang_keys()) + ".")
        table = self.data.get("destiny_table")
        numbers = [n for row in table for n in row] if isinstance(table, list) and all(isinstance(r, list) for r in table) else []
        if len(table or []) != 6 or any(len(row) != 6 for row in table or []) or sorted(numbers) != list(range(1, 37)):
            errors.append("The Destiny Table must be 6 rows of 6 numbers holding 1 to 36 once each.")
        cards = self.data.get("cards")
        if not isinstance(cards, list) or not cards:
            return errors + ["The card set needs a list of cards."]
        for index, card in enumerate(cards):
            if not isinstance(card, dict):
                errors.append(f"Card {index} must be an object.")
                continue
            if card.get("id") != index:
                errors.append(f"Card {index} must have the id {index} (cards are numbered in order).")
            if card.get("gang") not in _gang_keys():
                errors.append(f"Card {index} belongs to no known gang.")
            if not card.get("group") or not isinstance(card.get("value"), int) or card.get("value", 0) <= 0:
                errors.append(f"Card {index} needs a group and a positive value.")
            destiny = card.get("destiny")
            if not isinstance(destiny, list) or not destiny or any(not isinstance(n, int) or not 1 <= n <= 36 for n in destiny):
                errors.append(f"Card {index} needs personal Destiny numbers from 1 to 36.")
        return errors
