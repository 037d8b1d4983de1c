"""Mao's fixed wording: the calls of MAO-10 and the phrases rules ask for, by name.

Every name here is canonical English, which is all the game ever sees (a table in another
language hears its own forms, ``engine.mao.languages``, and reads them as these). Beside the
names: how a phrase is built from the play that asks for it (MAO-3's nice-day chain, MAO-5's
card name), how a phrase sits inside a call ("Failure to say 'Last card'") and which phrases
are attempts at each other (``phrase_kind``). Reading a message into these is
``engine.mao.phrases``.

>>> failure_to_say(nice_day(2))
"Failure to say 'Have a very very nice day'"
>>> card_phrase("3", "S"), phrase_kind("four of hearts")
('three of spades', 'card name')
"""

from __future__ import annotations

from engine.cards import RANK_NAMES, SUIT_NAMES

TALKING = "Talking"
OUT_OF_TURN = "Playing out of turn"
FIVE_SECONDS = "Failure to play within five seconds"
BAD_CARD = "Bad card"
BAD_CALL = "Bad call"
BAD_ADJUDICATION = "Bad adjudication"
FAILURE_TO_TAKE = "Failure to take penalty card"
TOUCHING = "Touching cards during point of order"
POINT_OF_ORDER_AGAIN = "Saying point of order during a point of order"
NAME_IN_VAIN = "Taking our Glorious Leader's name in vain"
NO_MAO = "Failure to name our Glorious Leader"

#: the calls of MAO-10 with a fixed wording ("Failure to say '<phrase>'" is built per phrase)
FIXED_CALLS: tuple[str, ...] = (
    TALKING,
    OUT_OF_TURN,
    FIVE_SECONDS,
    BAD_CARD,
    BAD_CALL,
    BAD_ADJUDICATION,
    FAILURE_TO_TAKE,
    TOUCHING,
    POINT_OF_ORDER_AGAIN,
    NAME_IN_VAIN,
    NO_MAO,
)
#: the calls that may be made while a Point of Order is on (MAO-15)
POINT_OF_ORDER_CALLS = frozenset({TOUCHING, POINT_OF_ORDER_AGAIN, NAME_IN_VAIN})

PENALTY_CARD = "penalty card"
LAST_CARD = "last card"
MAO = "mao"
NEW_RULE = "new rule"
POINT_OF_ORDER = "point of order"
END_POINT_OF_ORDER = "end of point of order"
FIXED_PHRASES: tuple[str, ...] = (
    PENALTY_CARD,
    LAST_CARD,
    MAO,
    NEW_RULE,
    POINT_OF_ORDER,
    END_POINT_OF_ORDER,
)

#: MAO-4 with ``jack_suit=anyone``: the words that name a suit ("hearts", "heart")
SUIT_WORDS = {
    **{name: suit for suit, name in SUIT_NAMES.items()},
    **{name[:-1]: suit for suit, name in SUIT_NAMES.items()},
}

_RANK_WORDS = frozenset(RANK_NAMES.values())


def display_phrase(phrase: str) -> str:
    """How a phrase is written inside a call name: first letter capitalised."""
    return phrase[:1].upper() + phrase[1:]


def failure_to_say(phrase: str) -> str:
    """The call for a missing phrase: ``Failure to say 'Have a nice day'``."""
    return f"Failure to say '{display_phrase(phrase)}'"


def nice_day(verys: int) -> str:
    """MAO-3: the phrase for the (verys+1)-th 7 of a chain."""
    return "have a " + "very " * verys + "nice day"


def card_phrase(rank: str, suit: str) -> str:
    """MAO-5: a card's name as a phrase, ``three of spades``."""
    return f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"


def phrase_kind(phrase: str) -> str:
    """Phrases of one kind are attempts at each other (a wrong count of "very"s, a wrong card)."""
    if phrase.startswith("have a ") and phrase.endswith(" nice day"):
        return "nice day"
    words = phrase.split()
    if len(words) == 3 and words[1] == "of" and words[0] in _RANK_WORDS:
        return "card name"
    return phrase
