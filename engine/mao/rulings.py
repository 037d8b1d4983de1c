"""The Chairman's rulings of a round and their moderation: what a moderator may see and undo.

Every penalty the Chairman deals (MAO-9) is a ruling, kept for the round it was given in::

    {"id": 7, "call": "Talking", "seat": 1, "by": 0, "at": 12.5, "card": "4H",
     "overturned": False}

``by`` is the calling seat (None: the Chairman called it), ``card`` the penalty card given
(None when the pool was empty). The card is the offender's hidden information: ``listing``
leaves it out, and so a list of rulings shows a secret rule only by its call name.

``overturn`` undoes one ruling: the penalty card goes from the offender's hand back on top of
the pool, the caller's credit and the offender's figures are taken back, and the event
``{"type": "overturned", "ruling": 7, "call": "Talking", "seat": "bo"}`` says so. A ruling
whose card has since left the offender's hand cannot be undone (the card is on the pile).
"""

from __future__ import annotations

from typing import Any

from engine.actions import IllegalAction
from engine.cards import Card
from engine.mao.wording import BAD_ADJUDICATION, BAD_CALL

Ruling = dict[str, Any]


def listing(rulings: list[Ruling], seats: list[str]) -> list[dict[str, Any]]:
    """The round's rulings as a moderator sees them: no card, seats by name."""
    return [
        {
            "id": r["id"],
            "call": r["call"],
            "seat": seats[r["seat"]],
            "by": None if r["by"] is None else seats[r["by"]],
            "at": r["at"],
            "overturned": r["overturned"],
        }
        for r in rulings
    ]


def find(rulings: list[Ruling], ident: Any) -> Ruling:
    """The ruling ``ident`` of this round, or IllegalAction saying why not."""
    try:
        wanted = int(ident)
    except (TypeError, ValueError) as exc:
        raise IllegalAction("a ruling is named by its number") from exc
    for ruling in rulings:
        if ruling["id"] == wanted:
            if ruling["overturned"]:
                raise IllegalAction("ruling {ruling} is already overturned", ruling=wanted)
            return ruling
    raise IllegalAction("there is no ruling {ruling} in this round", ruling=wanted)


def overturn(game: Any, ruling: Ruling, events: list[Any]) -> None:
    """Undo ``ruling`` on ``game`` (a Mao); see the module docstring."""
    i = ruling["seat"]
    hand = game.hands[i]
    if ruling["card"] is not None:
        card = Card.parse(ruling["card"])
        if card not in hand:
            raise IllegalAction("the penalty card has been played since; the ruling stands")
        # the copy given last is the penalty card (two decks may hold two of one card)
        del hand[len(hand) - 1 - hand[::-1].index(card)]
        game.stock.append(card)
        if not hand:
            game.going_out[i] = True  # as before the ruling: out once nothing awaits a call
    call = ruling["call"]
    figures = game.stats[i]
    left = figures["penalties"].get(call, 0) - 1
    if left > 0:
        figures["penalties"][call] = left
    else:
        figures["penalties"].pop(call, None)
    figures["penalties_taken"] = max(0, figures["penalties_taken"] - 1)
    if call == BAD_ADJUDICATION:
        figures["bad_adjudications"] = max(0, figures["bad_adjudications"] - 1)
    elif call == BAD_CALL:
        figures["bad_calls"] = max(0, figures["bad_calls"] - 1)
    by = ruling["by"]
    if by is not None:
        game.stats[by]["calls"] = max(0, game.stats[by]["calls"] - 1)
    figures["overturned"] = figures.get("overturned", 0) + 1
    ruling["overturned"] = True
    events.append(game.event("overturned", ruling=ruling["id"], call=call, seat=game.seats[i]))
