"""What a seat holds and may do, in plain words, shared by every front-end: its hand in the
order people hold cards, the hint after a draw, the out-of-turn decisions it is offered, and
the line a hand leads its moves with (``your_move``).

The event sentences are ``engine.describe``'s; these read a seat's hand and legal actions
instead. Every sentence is written in English and marked for the catalogs; a front-end that
speaks another language passes its catalog as ``tr`` (``engine.words``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.actions import Action, Play
from engine.base import GAMES
from engine.cards import RANK_ORDER, SUITS, Card
from engine.words import ENGLISH, Translations, show_card


def sort_hand(hand: Iterable[str], game: str | None = None) -> list[str]:
    """By suit, then rank: how people hold cards (every front-end shows hands this way);
    as it comes for a game whose observations hold the hand in its own order already
    (``Game.hand_in_order``: President's, by rank, so pairs sit together). ``game`` is the
    game's name, as an observation's ``game`` field gives it.

    >>> sort_hand(["3S", "QH", "3D"]), sort_hand(["3D", "3S", "QH"], "president")
    (['3D', 'QH', '3S'], ['3D', '3S', 'QH'])
    """
    cls = GAMES.get(game) if game else None
    if cls is not None and cls.hand_in_order:
        return list(hand)

    def key(text: str) -> tuple[int, int]:
        try:
            c = Card.parse(text)
        except ValueError:
            return (9, 0)
        return (SUITS.index(c.suit), RANK_ORDER[c.rank])

    return sorted(hand, key=key)


def drawn_hint(
    drawn: str | None,
    legal: Sequence[Action],
    card: Callable[[str], str] = show_card,
    tr: Translations = ENGLISH,
) -> str | None:
    """What the player who just drew may do now, from their legal actions only, in ``tr``'s
    language.

    ``You drew Q♠: play it now or pass.`` only when both are offered; Mau-Mau, where one draws
    until a card fits, says ``draw again`` instead. None when nothing was drawn.
    """
    if not drawn:
        return None
    kinds = {a.kind for a in legal}
    choices = []  # in a context of their own: "pass" is an order here, not a verb in a reason
    if any(isinstance(a, Play) and drawn in [str(c) for c in a.cards] for a in legal):
        choices.append(tr.pgettext("after a draw", "play it now"))
    elif "play" in kinds:
        choices.append(tr.pgettext("after a draw", "play a card"))
    if "draw" in kinds:
        choices.append(tr.pgettext("after a draw", "draw again"))
    if "pass" in kinds:
        choices.append(tr.pgettext("after a draw", "pass"))
    if not choices:
        return tr._("You drew {card}.", card=card(drawn))
    return tr._("You drew {card}: {choices}.", card=card(drawn), choices=tr._(" or ").join(choices))


def cards_word(count: Any, tr: Translations = ENGLISH) -> str:
    """``1 card``, ``5 cards``, in ``tr``'s language."""
    return tr.ngettext("{count} card", "{count} cards", int(count or 0))


def turns_word(count: Any, tr: Translations = ENGLISH) -> str:
    """``1 turn``, ``2 turns``, in ``tr``'s language."""
    return tr.ngettext("{count} turn", "{count} turns", int(count or 0))


def take_costs(action: Action, pending: Mapping[str, Any] | None) -> bool:
    """Whether ``action`` takes a pending stack that costs something (cards, or turns): every
    surface says so on it ("Take 4 cards", a red button).

    >>> from engine.actions import parse_action
    >>> take = parse_action("take")
    >>> take_costs(take, {"kind": "draw", "count": 2}), take_costs(take, None)
    (True, False)
    """
    told = pending or {}
    return action.kind == "take" and bool(told.get("count") or told.get("kind") == "skip")


def control_words(
    action: Action, pending: Mapping[str, Any] | None, tr: Translations = ENGLISH
) -> str | None:
    """The words on a button for a move that is not a card, as every surface says them:
    a take counts what it takes from the pending stack (``pending``, where the game tells
    it; None where its rules are secret), "Take a card" where nothing is told; any other
    move says its own label (None for a move without one).

    >>> from engine.actions import parse_action
    >>> take = parse_action("take")
    >>> control_words(take, {"kind": "draw", "count": 4}), control_words(take, None)
    ('Take 4 cards', 'Take a card')
    >>> control_words(take, {"kind": "skip", "count": 1}), control_words(take, {"kind": "skip"})
    ('Lose 1 turn', 'Accept')
    """
    if action.kind == "take":
        told = pending or {}
        count = told.get("count")
        if told.get("kind") == "skip":
            return tr._("Lose {turns}", turns=turns_word(count, tr)) if count else tr._("Accept")
        if count:
            return tr._("Take {cards}", cards=cards_word(count, tr))
        return tr._("Take a card")
    return action.button_label(tr)


def must_answer(
    kind: str | None, count: Any, name: str, tr: Translations = ENGLISH, told: Any = None
) -> str:
    """What a pending stack asks of the seat ``name``, as every surface says it: ``bo must
    answer or take 4 cards``, or for a stack of lost turns (``kind`` ``skip``) ``bo must
    answer or lose 2 turns``. ``told`` says the sentence where it is not ``tr`` (the
    terminal's, when ``name`` is the reader: "you must answer").

    >>> must_answer("draw", 4, "bo"), must_answer("skip", 1, "bo")
    ('bo must answer or take 4 cards', 'bo must answer or lose 1 turn')
    """
    said = told or tr
    if kind == "skip":
        return str(
            said._("{name} must answer or lose {turns}", name=name, turns=turns_word(count, tr))
        )
    return str(said._("{name} must answer or take {cards}", name=name, cards=cards_word(count, tr)))


def your_move(
    drawn: str | None,
    legal: Sequence[Action],
    current: str | None,
    seat: str,
    card: Callable[[str], str] = show_card,
    tr: Translations = ENGLISH,
) -> list[str]:
    """What a seat's hand says it may do now (``legal``, not empty): the hint after a draw
    (``drawn_hint``), then ``Your turn.`` when the turn is the seat's, else what it is offered
    (``describe_offer``). A decision each seat takes for itself (a vote, a rebuy) is named by
    what it asks even when the game names this seat as current: the table may close a vote by
    a majority without it. Bold is marked ``**`` as Discord writes it; the web page draws it
    bold too.

    >>> from engine.actions import parse_action
    >>> your_move("QS", [parse_action("play QS"), parse_action("pass")], "ana", "ana")
    ['You drew Q♠: play it now or pass.', '**Your turn.**']
    """
    lines = []
    hint = drawn_hint(drawn, legal, card, tr)
    if hint:
        lines.append(hint)
    deciding = any(action.own_decision for action in legal)
    if current in (None, seat) and not deciding:
        lines.append(tr._("**Your turn.**"))
    else:
        lines.append(f"**{describe_offer(legal, tr)}.**")
    return lines


def describe_offer(legal: Sequence[Action], tr: Translations = ENGLISH) -> str:
    """What a seat may do now when it is not its turn, from the actions it is offered:
    ``Vote: play on or stop``, ``Say Mau``, ``Complete four 9s`` (several joined by "or"),
    in ``tr``'s language.

    >>> from engine.actions import parse_action
    >>> describe_offer([parse_action("announce mau")])
    'Say Mau'
    >>> describe_offer([parse_action("complete 9H 9S")])
    'Complete four 9s'
    """
    offers: list[str] = []
    for action in legal:
        text = action.offered(tr)  # each action's own words (``Action.offer``)
        if text not in offers:
            offers.append(text)
    if not offers:
        return tr._("Nothing to do")
    return tr._(" or ").join(offers)
