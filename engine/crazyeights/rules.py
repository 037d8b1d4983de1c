"""Crazy Eights' fixed figures: the wild rank, the special ranks (EIGHTS-6), what a card left
in hand counts (EIGHTS-8), and the game's options with their ranges and help."""

from __future__ import annotations

from engine.actions import Action
from engine.cards import ALL_CARDS, Card
from engine.options import Option
from engine.shedding.game import PLAY_ONE, PLAY_WILD
from engine.words import N_, NC_

EIGHT = "8"  # EIGHTS-3: plays on anything and names the suit
SKIP = "Q"  # EIGHTS-6 (specials): the next player misses a turn
REVERSE = "A"  # EIGHTS-6 (specials): the direction of play turns
DRAW_TWO = "2"  # EIGHTS-6 (specials): the next player draws two unless they answer with a 2
TWO_DRAWS = 2
SPECIAL_RANKS = frozenset({SKIP, REVERSE, DRAW_TWO})

#: EIGHTS-8: an eight 50, a court card 10, an ace 1, every other card its face value
FACE_POINTS = {EIGHT: 50, "K": 10, "Q": 10, "J": 10, "A": 1}

#: EIGHTS-11: turns before a round is called off (option ``max_turns``). Among 18,000
#: rounds of heuristic bots at two to ten seats the longest took 560 turns; two in 3,000
#: at five seats never end (the few cards left out of the hands go round and round)
MAX_TURNS = 1000

#: the option names a player types, marked for the catalogs here, beside their declaration
OPTION_NAMES = (
    NC_("option name", "draw_limit"),
    NC_("option name", "specials"),
    NC_("option name", "reshuffle"),
    NC_("option name", "target"),
    NC_("option name", "hand_size"),
    NC_("option name", "rounds"),
    NC_("option name", "max_turns"),
)

OPTIONS: tuple[Option, ...] = (
    Option.number(
        "draw_limit",
        5,
        0,
        52,
        "cards you may draw in a turn before you may pass (0: draw until a card plays)",
    ),
    Option.flag("specials", False, "queens skip, aces reverse, twos make the next player draw"),
    Option.flag("reshuffle", True, "the pile is shuffled into a new stock when the stock runs out"),
    Option.number("target", 100, 1, 100_000, "the score that ends the match").saying(
        N_("The match ends when a total reaches **{value}** points.")
    ),
    Option.number(
        "hand_size", 0, 0, 10, "cards dealt to each player (0: seven heads-up, else five)"
    ),
    Option.number("rounds", 0, 0, 10_000, "rounds in the match (0: play to the target)").saying(
        N_("The match lasts **{value}** rounds.")
    ),
    Option.number(
        "max_turns", MAX_TURNS, 0, 100_000, "turns before a round is called off (0: no limit)"
    ).saying(
        N_("A round with no winner after **{value}** turns ends there and is scored as it stands.")
    ),
)


FOLLOW_OFFERS: dict[tuple[str, str], dict[Card, tuple[Action, ...]]] = {}


def follow_offers(suit: str, rank: str) -> dict[Card, tuple[Action, ...]]:
    """EIGHTS-3 as a table: for the suit in force and the rank on top, each card that plays
    and its offers (an eight once per suit it may name): one lookup per card in hand, the
    cheapest test on the hottest path of play."""
    offers = FOLLOW_OFFERS.get((suit, rank))
    if offers is None:
        offers = FOLLOW_OFFERS[suit, rank] = {
            card: PLAY_WILD[card] if card.rank == EIGHT else (PLAY_ONE[card],)
            for card in ALL_CARDS
            if card.rank == EIGHT or card.suit == suit or card.rank == rank
        }
    return offers


def card_points(card: Card) -> int:
    """EIGHTS-8: what a card left in hand counts."""
    points = FACE_POINTS.get(card.rank)
    return int(card.rank) if points is None else points


#: each card's count, looked up in C when a hand is counted
CARD_POINTS: dict[Card, int] = {card: card_points(card) for card in ALL_CARDS}


def hand_points(hand: list[Card]) -> int:
    return sum(map(CARD_POINTS.__getitem__, hand))
