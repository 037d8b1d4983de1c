"""Build a game from a hand-made position, for rule tests of any shedding game.

``position`` deals a real game with ``new_game`` and then edits its ``to_dict()`` form before
``from_dict``, so the state is one the game itself can hold. It is generic over the
``SheddingGame`` dict (``hands``, ``stock``, ``pile``, ``suit``, ``turn``, ``pending``,
``lost_turns``, ``drawn``); keys a game does not have are left alone.

Where the cards go, so that the decks are still all there (card conservation):

- seats named in ``hands`` hold exactly those cards; other seats keep what they were dealt,
  minus any card the position claims, topped up from the rest to their dealt size;
- ``top`` is the top of the pile, ``pile`` (optional) the cards under it, bottom first;
- ``stock`` is listed in draw order: the first card written is the first card drawn;
- cards left over go to the stock when ``stock`` is not given, else under the top of the pile
  when ``pile`` is not given, else nowhere (a position that names both stock and pile is
  exactly what it says, and no longer holds the whole pack).

>>> g = position("macao", ["ana", "bo"], hands={"ana": "7H 8H"}, top="5H", turn="ana")
>>> g.observation("ana")["hand"], g.observation("ana")["top"]
(['7H', '8H'], '5H')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from engine import game_from_dict, new_game
from engine.base import Game
from engine.cards import cards as parse_cards


def card_texts(value: str | Iterable[str] | None) -> list[str]:
    """Canonical card texts from ``"7H TS"`` or a list; ``None`` gives ``[]``."""
    if value is None:
        return []
    return [str(c) for c in parse_cards(value)]


def take_from(pool: Counter[str], wanted: list[str], what: str) -> None:
    for text in wanted:
        if pool[text] <= 0:
            raise ValueError(f"{what}: {text} is not in the pack (or is used twice)")
        pool[text] -= 1


def position(
    game_name: str,
    seats: list[str] | int,
    hands: Mapping[str, str | Iterable[str]] | None = None,
    top: str | None = None,
    suit: str | None = None,
    pending: dict[str, Any] | None = None,
    stock: str | Iterable[str] | None = None,
    turn: str | None = None,
    *,
    pile: str | Iterable[str] | None = None,
    lost_turns: dict[str, int] | None = None,
    drawn: str | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> Game:
    """A game of ``game_name`` in the position described; see the module docstring.

    ``pending`` is written as the observation shows it, with the target as a seat name:
    ``{"kind": "draw", "rank": "2", "count": 4, "target": "bo"}``. ``suit`` defaults to the
    top card's suit. ``extra`` keys overwrite top-level keys of the dict as they are.
    """
    names = [f"p{k}" for k in range(seats)] if isinstance(seats, int) else list(seats)
    game = new_game(game_name, names, seed=seed, options=options)
    data = game.to_dict()
    index = {s: k for k, s in enumerate(names)}
    hands = hands or {}
    for seat in hands:
        if seat not in index:
            raise ValueError(f"no seat {seat!r}; seats are {names}")

    dealt_hands: list[list[str]] = data["hands"]
    pool: Counter[str] = Counter()
    for hand in dealt_hands:
        pool.update(hand)
    pool.update(data.get("stock", []))
    pool.update(data.get("pile", []))

    new_hands: list[list[str] | None] = [None] * len(names)
    for seat, text in hands.items():
        wanted = card_texts(text)
        new_hands[index[seat]] = wanted
        take_from(pool, wanted, f"hand of {seat}")
    top_cards = card_texts(top) if top is not None else [data["pile"][-1]]
    pile_under = card_texts(pile)
    take_from(pool, top_cards + pile_under, "pile")
    stock_cards = card_texts(stock)
    take_from(pool, stock_cards, "stock")

    # untouched seats keep their dealt cards where they can, then top up from what is left
    for k, hand in enumerate(dealt_hands):
        if new_hands[k] is not None:
            continue
        kept: list[str] = []
        for text in hand:
            if pool[text] > 0:
                pool[text] -= 1
                kept.append(text)
        new_hands[k] = kept
    everything = [*data.get("stock", []), *data["pile"], *(t for h in dealt_hands for t in h)]
    rest: list[str] = []
    for text in everything:
        if pool[text] > 0:
            pool[text] -= 1
            rest.append(text)
    for k, hand in enumerate(dealt_hands):
        topped = new_hands[k]
        assert topped is not None
        while len(topped) < len(hand) and rest and names[k] not in hands:
            topped.append(rest.pop())

    data["hands"] = new_hands
    if stock is None:
        data["stock"] = rest
        rest = []
    else:
        data["stock"] = list(reversed(stock_cards))  # the stock is drawn from its end
    if pile is None:
        data["pile"] = rest + top_cards
    else:
        data["pile"] = pile_under + top_cards
    if "suit" in data:
        data["suit"] = suit if suit is not None else data["pile"][-1][-1]
    if turn is not None:
        data["turn"] = index[turn]
    if "pending" in data:
        data["pending"] = None
        if pending is not None:
            data["pending"] = {**pending, "target": index[pending["target"]]}
    if lost_turns is not None:
        data["lost_turns"] = [lost_turns.get(s, 0) for s in names]
    if "drawn" in data:
        data["drawn"] = drawn if drawn is None else card_texts(drawn)[0]
    data.update(extra)
    return game_from_dict(data)
