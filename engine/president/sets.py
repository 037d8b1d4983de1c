"""President's cards: the ranks, the titles, the interned actions and the sets a hand
offers (``engine.president`` has the rules)."""

from __future__ import annotations

from engine.actions import Action, Pass, Play
from engine.cards import ALL_CARDS, Card
from engine.president.actions import Complete, Give
from engine.words import N_, event_word

#: PRES-2: playing ranks from low to high; 2s are not among them.
PLAY_RANKS: tuple[str, ...] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_STRENGTH: dict[str, int] = {r: k for k, r in enumerate(PLAY_RANKS)}
#: PRES-10: for the A-hole's forced give, 2s count above Aces.
GIVE_STRENGTH: dict[str, int] = {**RANK_STRENGTH, "2": len(PLAY_RANKS)}
SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}
THREE_OF_CLUBS = Card("3", "C")
TWO_CARDS = frozenset(c for c in ALL_CARDS if c.rank == "2")

#: PRES-9's titles, as events carry them and players read them
PRESIDENT = event_word(N_("President"))
VICE_PRESIDENT = event_word(N_("Vice-President"))
A_HOLE = event_word(N_("A-hole"))
POINTS = {1: 2, 2: 1}

PASS = Pass()
_PLAYS: dict[tuple[Card, ...], Play] = {}
_COMPLETES: dict[tuple[Card, ...], Complete] = {}
_GIVES: dict[Card, Give] = {}


def play_of(cards: tuple[Card, ...]) -> Play:
    """The interned ``Play`` of these cards (legal_actions is the hot path of simulations)."""
    action = _PLAYS.get(cards)
    if action is None:
        action = _PLAYS[cards] = Play(cards=cards)
    return action


def complete_of(cards: tuple[Card, ...]) -> Complete:
    action = _COMPLETES.get(cards)
    if action is None:
        action = _COMPLETES[cards] = Complete(cards=cards)
    return action


def give_of(card: Card) -> Give:
    action = _GIVES.get(card)
    if action is None:
        action = _GIVES[card] = Give(card=card)
    return action


def hand_order(card: Card) -> tuple[int, int]:
    """Sort key: low to high as President ranks them (2s last), then by suit."""
    return GIVE_STRENGTH[card.rank], SUIT_ORDER[card.suit]


#: ``hand_order`` as one number per card: sorting by it is the same, on a key looked up in C
ORDER_KEY: dict[Card, int] = {
    c: GIVE_STRENGTH[c.rank] * len(SUIT_ORDER) + SUIT_ORDER[c.suit] for c in ALL_CARDS
}


def by_rank(hand: list[Card]) -> dict[str, list[Card]]:
    """The hand grouped by rank, low to high, each group in suit order (C, D, H, S)."""
    groups: dict[str, list[Card]] = {}
    for card in sorted(hand, key=ORDER_KEY.__getitem__):
        group = groups.get(card.rank)
        if group is None:
            groups[card.rank] = [card]
        else:
            group.append(card)
    return groups


#: a hand's cards by rank are kept as 13 groups, indexed by ``GIVE_STRENGTH``: 3 to A are
#: 0 to 11, and the 2s are the last group (a 2 is not a rank you make sets of)
TWO = GIVE_STRENGTH["2"]
RANK_INDEX: dict[Card, int] = {c: GIVE_STRENGTH[c.rank] for c in ALL_CARDS}
CARD_TEXT: dict[Card, str] = {c: str(c) for c in ALL_CARDS}

# --- what a seat may play -------------------------------------------------------------------
# Each seat keeps the actions its hand offers in play, low rank to high and small to large:
# each rank's sets (one to four cards), a lone 2 (PRES-5) if it holds one, then the pass;
# and beside each action a key (one byte). Which of them may be taken now is one
# translation of the keys by a selector (``SELECT``): 1 for an action allowed, 0 for the
# rest, so a turn's actions are one C call, and a play rewrites only its rank's stretch.

#: a set's key is its size and strength in one number, so that PRES-3 is one comparison: a
#: set may go on a top set of size s and strength t exactly when its key is at least
#: ``beat_key(s, t)`` (more cards beat fewer, whatever the ranks); sets' keys are 16-75
SIZE_STEP = 16
#: the keys of a lone 2 (above every set's: it goes on any top set, PRES-5) and of the pass;
#: both are above every rank's ``key % SIZE_STEP``, so they stay after the sets
TWO_KEY, PASS_KEY = 255, 254


def beat_key(size: int, strength: int) -> int:
    """The least key (as ``RANK_SETS`` keys sets) that beats or equals this top set (PRES-3)."""
    return size * SIZE_STEP + strength


#: selectors: ``SELECT[beat_key(s, t)]`` on a pile whose top set has size s and strength t
#: (PRES-3: the sets that beat or equal it, a lone 2, the pass), ``SELECT[LEAD]`` on an empty
#: pile (any set or a lone 2; the leader may not pass) and ``SELECT[FIRST_LEAD]`` for the
#: match's first lead (PRES-10: a set of 3s, so one with 3C, the first of them)
LEAD, FIRST_LEAD = 0, 1
SELECT: list[bytes] = [
    bytes(key != PASS_KEY for key in range(256)),
    bytes(key in (beat_key(size, 0) for size in range(1, 5)) for key in range(256)),
    *(b"" for _ in range(2, SIZE_STEP)),
    *(bytes(key >= least for key in range(256)) for least in range(SIZE_STEP, 5 * SIZE_STEP)),
]

#: the actions one rank's cards offer and their keys, small sets to large
RankSets = tuple[bytes, tuple[Action, ...]]
NO_SETS: RankSets = (b"", ())
#: how many actions a group of n cards of a rank offers: one to four sets (PRES-3), and for
#: 2s one, the first alone
SETS_OF: tuple[int, ...] = tuple(min(n, 4) for n in range(9))
#: the first key of a rank's stretch, by rank index
FIRST_KEYS: tuple[int, ...] = (*(SIZE_STEP + r for r in range(TWO)), TWO_KEY)


class _SetsByCards(dict[tuple[Card, ...], RankSets]):
    """The actions one rank's cards (in suit order) offer and their keys: the sets of one to
    four cards, small to large (PRES-3), or for 2s the first alone (PRES-5); remembered by
    the cards, so that once seen a group's actions are one lookup."""

    def __missing__(self, held: tuple[Card, ...]) -> RankSets:
        if not held:
            found = NO_SETS
        elif held[0].rank == "2":
            found = (bytes([TWO_KEY]), (play_of(held[:1]),))
        else:
            strength = RANK_STRENGTH[held[0].rank]
            sizes = range(1, SETS_OF[len(held)] + 1)
            found = (
                bytes(beat_key(size, strength) for size in sizes),
                tuple(play_of(held[:size]) for size in sizes),
            )
        self[held] = found
        return found


RANK_SETS = _SetsByCards()


#: what a play needs to know of its cards: their rank index, how many, its ``beat_key`` (the
#: pile's ``least`` once it is on top), the first key of its rank's stretch of a hand's keys,
#: and their texts (for its event)
SetFacts = tuple[int, int, int, int, tuple[str, ...]]


class _FactsByCards(dict[tuple[Card, ...], SetFacts]):
    """A set's facts (``SetFacts``), remembered by the cards: one lookup a play, where
    working them out costs a dozen steps more (every play of a simulation)."""

    def __missing__(self, cards: tuple[Card, ...]) -> SetFacts:
        r, size = RANK_INDEX[cards[0]], len(cards)
        texts = tuple(CARD_TEXT[c] for c in cards)
        facts = self[cards] = (r, size, beat_key(size, r), beat_key(1, r), texts)
        return facts


SET_FACTS = _FactsByCards()


def canonical(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """The offered form of a set: the same cards in suit order."""
    return tuple(sorted(cards, key=hand_order))


def decks_for(players: int) -> int:
    """PRES-1: one pack for up to 7 players, two from 8."""
    return 1 if players <= 7 else 2


def title_for(place: int, players: int) -> str | None:
    """PRES-9: the title a finishing place earns."""
    if place == 1:
        return PRESIDENT
    if place == 2:
        return VICE_PRESIDENT
    if place == players:
        return A_HOLE
    return None
