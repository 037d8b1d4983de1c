"""President positions for the rule tests.

Positions are built by ``table``: every hand is written out, the pile is the top set over the
cards under it, and the rest of the pack lies cleared, so every position holds the whole pack.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine import new_game
from engine.cards import cards, pack
from engine.president import President, decks_for
from tests.engine.invariants import check_card_conservation

CARD_KEYS = ("hands", "pile", "cleared")


def table(
    hands: dict[str, str],
    top: str = "",
    under: str = "",
    last: str | None = None,
    turn: str = "p0",
    *,
    out: tuple[str, ...] = (),
    stuck: tuple[str, ...] = (),
    passes: tuple[str, ...] = (),
    players: int = 4,
    first_lead: bool = False,
    **extra: Any,
) -> President:
    """A President position: ``hands`` by seat, ``top`` played by ``last`` over ``under``.

    Seats in ``out`` went out in that order; seats in ``stuck`` were sent to the bottom.
    """
    seats = [f"p{k}" for k in range(players)]
    data = new_game("president", seats, seed=0).to_dict()
    index = {s: k for k, s in enumerate(seats)}
    pool = Counter(str(c) for c in pack(decks_for(players)))
    new_hands = []
    for seat in seats:
        held = [str(c) for c in cards(hands.get(seat, ""))]
        pool.subtract(held)
        new_hands.append(held)
    pile = [str(c) for c in cards(under)] + [str(c) for c in cards(top)]
    pool.subtract(pile)
    assert all(v >= 0 for v in pool.values()), f"a card is used twice: {-pool}"
    data.update(
        hands=new_hands,
        pile=pile,
        top_size=len(cards(top)),
        last_player=None if last is None else index[last],
        passes=[index[s] for s in passes],
        cleared=sorted(pool.elements()),
        turn=index[turn],
        phase="play",
        exchange=None,
        first_lead=first_lead,
        went_out=[index[s] for s in out],
        stuck=[index[s] for s in stuck],
        events=[],
    )
    data.update(extra)
    game = President.from_dict(data)
    assert isinstance(game, President)
    check_card_conservation(game, decks_for(players), CARD_KEYS)
    return game


def filler(players: int) -> dict[str, str]:
    """One low card for every seat, different enough that two packs hold them all."""
    low = ["3H", "3D", "3S", "4H", "4D", "4S", "5H", "5D", "5S", "6H"]
    return {f"p{k}": low[k] for k in range(players)}


def plays(game: President, seat: str) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def later_round(seed: int = 4) -> President:
    """A game just past its first round, at the start of the card exchange."""
    game = new_game("president", ["p0", "p1", "p2", "p3"], seed=seed)
    assert isinstance(game, President)
    while game.round == 1:
        seat = game.current_player()
        assert seat is not None  # within a round some seat is always to play
        game.apply(seat, game.legal_actions(seat)[0])
    return game
