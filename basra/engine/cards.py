"""Bandit cards: the packs (face down, top face up, returns go underneath),
prices in the current quarter, round-end values and the Destiny Table."""
from .core import data


def return_to_pack(state, seat, card):
    """A card leaves its owner for the bottom of its gang's pack."""
    state["bandits"][seat].remove(card)
    state["packs"][data(state).card_gang[card]].append(card)


def take_from_pack(state, seat, card):
    gang = data(state).card_gang[card]
    state["packs"][gang].remove(card)
    state["bandits"][seat].append(card)
    state["bandits"][seat].sort()


def current_price(state, card):
    game = data(state)
    return game.price(state["position"], game.card_gang[card])


def cheapest_cards(state, seat, count):
    game = data(state)
    return sorted(state["bandits"][seat], key=lambda c: (game.card_value[c], c))[:count]


def group_payout(state, cards):
    """Printed values, a complete group paying double."""
    game = data(state)
    total, by_group = 0, {}
    for card in cards:
        by_group.setdefault(game.card_group[card], []).append(card)
    for group, members in by_group.items():
        value = sum(game.card_value[c] for c in members)
        total += 2 * value if len(members) >= game.group_sizes[group] else value
    return total


def destiny_number(state, black, white):
    """The number where the black die's row crosses the white die's column."""
    return data(state).destiny_number(black, white)


def caught_cards(state, seat, gangs, number):
    """The seat's cards of the given gangs whose personal Destiny numbers hold ``number``."""
    game = data(state)
    return [c for c in state["bandits"][seat] if game.card_gang[c] in gangs and number in game.card_destiny[c]]
