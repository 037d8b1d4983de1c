"""Public events in plain words, shared by every front-end (terminal, Discord).

Events are the dicts ``apply`` and ``tick`` return. A front-end passes how it names a seat
(a nickname, a mention, "you"), how it shows a card, and which seat is reading (``viewer``):
sentences agree with the person, "you lead" for the viewer and "ana leads" for anyone else.
Event kinds no sentence knows are shown as their fields, with seats and cards still named, so
a new game's events are readable before anyone writes their sentence. ``describe_events``
tells a run of events and folds repeated draws into one line ("chen drew 8 cards").

The sentences here are the shared ones: the shedding games' and those of rounds and matches.
A game with events of its own names its describer on its class (``Game.describer``, a module
of the game's own: ``engine.mao.describe`` tells Mao's events as facts only, never with a
reason; ``engine.president.describe`` tells the card exchange); a front-end that knows the
game passes it (``game=``) and the game's sentences come first.
Without it, the shared sentences come first and then every game's own, so an event is told
whichever game it came from. A seat's hand and what it may do are told by ``engine.prompts``
(``sort_hand``, ``drawn_hint``, ``describe_offer``, importable from here too). Every sentence
is written in English and marked for the catalogs; a front-end that speaks another language
passes its catalog as ``tr`` (``engine.words``).

>>> describe_event({"type": "play", "seat": "ana", "cards": ["AS"], "suit": "H"})
'ana played A♠ and named ♥ hearts'
>>> describe_event({"type": "lead", "seat": "you"}, viewer="you")
'you lead'
>>> describe_events([{"type": "draw", "seat": "bo", "count": 1}] * 3)
['bo drew 3 cards']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.base import GAMES, Game
from engine.prompts import describe_offer, drawn_hint, sort_hand
from engine.words import (
    ENGLISH,
    NC_,
    NPC_,
    Translations,
    announced,
    join_names,
    show_card,
    suit_words,
    word,
)

__all__ = [
    "FOLDED",
    "describe_event",
    "describe_events",
    "describe_offer",
    "drawn_hint",
    "fold",
    "folded_kinds",
    "show_card",
    "sort_hand",
]

Namer = Callable[[Any], str]

#: event keys whose values are seats
SEAT_KEYS = frozenset({"seat", "target", "first", "winner", "by", "to", "from", "leader", "dealer"})
#: event kinds that a run of by the same seat reads as one line, their counts added (a
#: game adds kinds of its own: ``Shapes.folded``)
FOLDED = frozenset({"draw", "take"})


def folded_kinds(game: type[Game] | None) -> frozenset[str]:
    """The kinds of event ``game`` folds into runs: the shared ones, and its own."""
    return FOLDED if game is None else FOLDED | game.shapes.folded


def describe_events(
    events: Iterable[Mapping[str, Any]],
    name: Namer = str,
    card: Callable[[str], str] = show_card,
    viewer: Any = None,
    tr: Translations = ENGLISH,
    game: type[Game] | None = None,
) -> list[str]:
    """The events as sentences, a run of draws (takes, gifts) by one seat as one line."""
    lines: list[str] = []
    run: Mapping[str, Any] | None = None
    kinds = folded_kinds(game)
    for event in events:
        folded = fold(run, event, kinds)
        if folded is not None:
            run = folded
            lines[-1] = describe_event(run, name, card, viewer, tr, game)
            continue
        run = dict(event) if event.get("type") in kinds else None
        lines.append(describe_event(event, name, card, viewer, tr, game))
    return lines


def fold(
    run: Mapping[str, Any] | None, event: Mapping[str, Any], kinds: frozenset[str]
) -> dict[str, Any] | None:
    """``run`` with ``event`` added when both are of one of ``kinds`` (draws, takes; the
    game's own: ``folded_kinds``) by one seat, else None.

    Front-ends that show events as they come use it to keep a run on one line.
    """
    kind = event.get("type")
    if run is None or kind not in kinds or kind != run.get("type"):
        return None
    if event.get("seat") != run.get("seat"):
        return None
    return {**run, "count": (run.get("count") or 0) + (event.get("count") or 0)}


def describe_event(
    event: Mapping[str, Any],
    name: Namer = str,
    card: Callable[[str], str] = show_card,
    viewer: Any = None,
    tr: Translations = ENGLISH,
    game: type[Game] | None = None,
) -> str:
    """One public event as a sentence, in the second person for ``viewer``'s own seat, told
    by ``game``'s own describer when it has one."""
    kind = event.get("type", "?")
    seat = event.get("seat")
    who = name(seat)
    count = event.get("count")

    def cards(value: Any) -> str:
        return " ".join(card(c) for c in value or [])

    def mine(key: Any) -> bool:
        """Whether ``key`` is the viewer's seat, which the sentences say in the second person."""
        return viewer is not None and key == viewer

    def verb(key: Any, third: str, second: str) -> str:
        """The verb for ``key``'s seat: "leads" for others, "lead" for the viewer."""
        return second if mine(key) else third

    text = None
    if game is not None and game.describer is not None:
        text = game.describer.describe_event(event, name, card, viewer, tr)
    if text is None:
        text = _shedding(event, kind, who, seat, count, name, cards, card, verb, mine, tr)
    if game is None:
        for cls in GAMES.values():
            if text is None and cls.describer is not None:
                text = cls.describer.describe_event(event, name, card, viewer, tr)
    if text is None:
        text = _rounds(event, kind, who, seat, name, verb, mine, tr)
    return text if text is not None else _plain(event, name, card)


def _shedding(
    event: Any,
    kind: Any,
    who: Any,
    seat: Any,
    count: Any,
    name: Any,
    cards: Any,
    card: Any,
    verb: Callable[[Any, str, str], str],
    mine: Callable[[Any], bool],
    tr: Translations,
) -> str | None:
    n = int(count or 0)
    if kind == "play":
        played = cards(event.get("cards"))
        if event.get("suit"):
            suit = suit_words(event["suit"], tr)
            return tr._("{who} played {cards} and named {suit}", who=who, cards=played, suit=suit)
        return tr._("{who} played {cards}", who=who, cards=played)
    if kind == "draw":
        return tr.ngettext("{who} drew {count} card", "{who} drew {count} cards", n, who=who)
    if kind == "take":
        return tr.ngettext("{who} took {count} card", "{who} took {count} cards", n, who=who)
    if kind == "pass":
        return tr._("{who} passed", who=who)
    if kind in ("turn_lost", "skip") and len(event.get("seats") or ()) < 2:
        # a skip of one seat may still list it ("seats": ["bo"]): its verb is a single seat's
        one = who if "seats" not in event else name(event["seats"][0])
        return tr._("{who} missed a turn", who=one)
    if kind == "skip":
        return _several(event["seats"], "{who} missed a turn", name, mine, tr)
    if kind == "reverse":
        way = word(event.get("direction", ""), tr)
        return tr._("Play reversed: now {direction}", direction=way).strip()
    if kind == "announce":
        return tr._("{who}: “{word}”", who=who, word=announced(event.get("word", ""), tr))
    if kind == "penalty" and "call" not in event:
        # a word a seat did not announce in time (``for`` or ``reason``, as the game records
        # it); a penalty with a call is a game's own, told by its describer
        missed = announced(str(event.get("for") or event.get("reason") or ""), tr)
        return tr.ngettext(
            "{who} took {count} penalty card for not saying “{word}”",
            "{who} took {count} penalty cards for not saying “{word}”",
            n,
            who=who,
            word=missed,
        )
    if kind == "reshuffle":
        return tr.ngettext(
            "The pile was shuffled into a new stock of {count} card",
            "The pile was shuffled into a new stock of {count} cards",
            n,
        )
    if kind == "starter":
        return tr._("The first card turned is {card}", card=card(event.get("card", "")))
    if kind == "starter_returned":
        return tr._(
            "{card} was shuffled back and another card turned", card=card(event.get("card", ""))
        )
    return None


def _rounds(
    event: Any,
    kind: Any,
    who: Any,
    seat: Any,
    name: Any,
    verb: Callable[[Any, str, str], str],
    mine: Callable[[Any], bool],
    tr: Translations,
) -> str | None:
    if kind == "out":
        title = event.get("title")
        place = event.get("place")
        titled = title and title != "-"
        title = word(title, tr)
        if place and titled:
            return tr._(
                "{who} went out in place {place} as {title}", who=who, place=place, title=title
            )
        if place:
            return tr._("{who} went out in place {place}", who=who, place=place)
        if titled:
            return tr._("{who} went out as {title}", who=who, title=title)
        return tr._("{who} went out", who=who)
    if kind == "stalemate":
        if event.get("reason") == "turns":
            return tr._("The round stopped with no winner: it reached its turn limit")
        return tr._("The round stopped with no winner: no seat can play or draw")
    if kind == "deal":
        first = event.get("first")
        fields = {"round": event.get("round"), "who": name(first)}
        return verb(
            first,
            tr._("Round {round} dealt; {who} starts", **fields),
            tr._("Round {round} dealt; {who} start", **fields),
        )
    if kind == "round_end":
        winners = event.get("winners") or []
        if len(winners) > 1:
            went = "Round {round} over: {who} went out"
            return _several(winners, went, name, mine, tr, round=event.get("round"))
        winner = winners[0] if winners else event.get("winner")
        if winner:
            return tr._(
                "Round {round} over: {who} went out", round=event.get("round"), who=name(winner)
            )
        return tr._("Round {round} over: no winner", round=event.get("round"))
    if kind == "match_end":
        winners = [name(w) for w in event.get("winners") or []]
        if len(winners) > 1:
            if any(mine(w) for w in event["winners"]):
                # "între tine și ada": the viewer after "between" is the sentence's own word
                others = join_names([name(w) for w in event["winners"] if not mine(w)], tr)
                return tr._("The match is over: a draw between you and {who}", who=others)
            return tr._("The match is over: a draw between {who}", who=join_names(winners, tr))
        if winners:
            first = event["winners"][0]
            return verb(
                first,
                tr._("The match is over: {who} wins", who=winners[0]),
                tr._("The match is over: {who} win", who=winners[0]),
            )
        return tr._("The match is over")
    return None


#: the sentences ``_several`` says, in its two contexts
_SEVERAL = (
    NC_("several seats", "{who} missed a turn"),
    NC_("you among several seats", "{who} missed a turn"),
    NC_("several seats", "Round {round} over: {who} went out"),
    NC_("you among several seats", "Round {round} over: {who} went out"),
)


def _several(
    seats: Sequence[Any],
    message: str,
    name: Namer,
    mine: Callable[[Any], bool],
    tr: Translations,
    **fields: Any,
) -> str:
    """``message`` with two seats or more as its subject (``who``): its verb agrees with
    them ("ana și bo au stat"), and with the viewer among them, with "you and ..." ("tu și
    bo ați stat"), each in a context of its own as English says both alike."""
    who = join_names([name(s) for s in seats], tr)
    among = any(mine(s) for s in seats)
    context = "you among several seats" if among else "several seats"
    return tr.pgettext(context, message, who=who, **fields)


def _plain(event: Mapping[str, Any], name: Namer, card: Callable[[str], str]) -> str:
    details = []
    for key, value in event.items():
        if key in ("type", "at") or isinstance(value, dict):
            continue
        if key in SEAT_KEYS:
            value = name(value)
        elif key in ("cards", "card"):
            value = " ".join(card(c) for c in value) if isinstance(value, list) else card(value)
        elif isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        details.append(f"{key.replace('_', ' ')} {value}")
    kind = str(event.get("type", "?")).replace("_", " ").capitalize()
    return kind + (": " + ", ".join(details) if details else "")


#: the sentences above said with the player at the terminal as their subject, marked for the
#: catalogs in the ``you`` context: the languages that conjugate for the person hold a second
#: form of each (``terminal.second_person``)
YOU_FORMS = (
    NC_("you", "{who} played {cards}"),
    NC_("you", "{who} played {cards} and named {suit}"),
    NC_("you", "{who} passed"),
    NC_("you", "{who} missed a turn"),
    NC_("you", "{who} went out"),
    NC_("you", "{who} went out as {title}"),
    NC_("you", "{who} went out in place {place}"),
    NC_("you", "{who} went out in place {place} as {title}"),
    NC_("you", "Round {round} over: {who} went out"),
    NC_("you", "Round {round} dealt; {who} start"),
    NC_("you", "The match is over: {who} win"),
    NPC_("you", "{who} drew {count} card", "{who} drew {count} cards"),
    NPC_("you", "{who} took {count} card", "{who} took {count} cards"),
    NPC_(
        "you",
        "{who} took {count} penalty card for not saying “{word}”",
        "{who} took {count} penalty cards for not saying “{word}”",
    ),
)
