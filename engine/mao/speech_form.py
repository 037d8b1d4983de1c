"""How one language speaks Mao, as a value: ``Speech`` (its phrases, calls, card names and
the nice-day chain, announced by ``say`` and ``call`` and read back by the hearing forms
``Vocabulary`` adds) and ``CardForm`` (a card's name in it). The languages themselves are
plain data in ``engine.mao.languages``.

>>> Speech("xx", ranks={"3": ("tres",)}, suits={"S": ("picas",)}, card="{rank} de {suit}").say(
...     "three of spades")
'tres de picas'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from engine.cards import RANK_NAMES, SUIT_NAMES
from engine.mao import wording as p
from engine.mao.text import normalise

_CHAIN = "have a "
_FAILURE = "Failure to say '"
_SAYING = "Saying '"
_RANK_OF = {name: rank for rank, name in RANK_NAMES.items()}
_SUIT_OF = {name: suit for suit, name in SUIT_NAMES.items()}


class CardForm(NamedTuple):
    """A card's name in one language: rank word -> rank, the joining word (normalised; may
    be empty), suit word -> suit, and whether the suit is said first."""

    ranks: dict[str, str]
    joining: str
    suits: dict[str, str]
    suit_first: bool = False

    def read(self, words: list[str], k: int) -> tuple[str, str, int] | None:
        """The card named at ``words[k]``: (rank, suit, words used), or None. A suit said
        last may take two words ("trei de inima neagra"), the longer name heard first."""
        size = 3 if self.joining else 2
        if k + size > len(words) or (self.joining and words[k + 1] != self.joining):
            return None
        if self.suit_first:
            rank, suit = self.ranks.get(words[k + size - 1]), self.suits.get(words[k])
            return (rank, suit, size) if rank is not None and suit is not None else None
        rank = self.ranks.get(words[k])
        if rank is None:
            return None
        for extra in (1, 0) if k + size < len(words) else (0,):
            suit = self.suits.get(" ".join(words[k + size - 1 : k + size + extra]))
            if suit is not None:
                return rank, suit, size + extra
        return None


@dataclass(frozen=True)
class Speech:
    """How one language says Mao's phrases and calls; the first form of each is announced."""

    lang: str
    #: canonical phrase -> its forms in this language
    phrases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: the nice-day chain: starts (the first is announced), the "very" word, the end
    chain_starts: tuple[str, ...] = ("have a",)
    very: str = "very"
    chain_end: str = "nice day"
    #: set forms of the chain by number of "very"s, announced instead of the pattern
    chain_forms: dict[int, tuple[str, ...]] = field(default_factory=dict)
    #: rank -> names, suit -> names, and how a card's name joins them
    ranks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    suits: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: how a card is named, its rank and suit in either order ("{suit} {rank}" in German)
    card: str = "{rank} of {suit}"
    #: MAO-4 ``jack_suit=anyone``: the words that name a suit besides those of ``suits``
    #: (plurals, singulars); ``suit_names`` gives them all
    suit_words: dict[str, str] = field(default_factory=dict)
    #: canonical call -> its forms in this language
    calls: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: "Failure to say '{phrase}'" and a silence rule's "Saying '{phrase}'"
    failure_to_say: str = "Failure to say '{phrase}'"
    saying: str = "Saying '{phrase}'"
    #: short forms read as their full words, e.g. "poo" -> "point of order"
    abbreviations: dict[str, str] = field(default_factory=dict)

    # --- announcing ---------------------------------------------------------------------
    def say(self, phrase: str) -> str:
        """A canonical phrase as this language says it (a secret rule's phrase as it is)."""
        if phrase in self.phrases:
            return self.phrases[phrase][0]
        if phrase.startswith(_CHAIN) and phrase.endswith(" nice day"):
            verys = phrase.split().count("very")
            if verys in self.chain_forms:
                return self.chain_forms[verys][0]
            return " ".join([self.chain_starts[0], *[self.very] * verys, self.chain_end])
        words = phrase.split()
        if len(words) == 3 and words[1] == "of" and words[0] in _RANK_OF:
            rank, suit = _RANK_OF[words[0]], _SUIT_OF.get(words[2])
            if suit is not None and rank in self.ranks and suit in self.suits:
                return self.card.format(rank=self.ranks[rank][0], suit=self.suits[suit][0])
        return phrase

    def call(self, call: str) -> str:
        """A canonical call name as this language says it (unknown calls as they are)."""
        if call in self.calls:
            return self.calls[call][0]
        for start, template in ((_FAILURE, self.failure_to_say), (_SAYING, self.saying)):
            if call.startswith(start) and call.endswith("'"):
                said = self.say(call[len(start) : -1].lower())
                return template.format(phrase=p.display_phrase(said))
        return call

    # --- hearing (the forms ``Vocabulary`` adds) ------------------------------------------
    def chain_patterns(self) -> list[tuple[str, str, str]]:
        return [(start, self.very, self.chain_end) for start in self.chain_starts]

    def fixed_chain(self) -> dict[str, int]:
        """Each set form of the chain -> its number of "very"s."""
        return {form: n for n, forms in self.chain_forms.items() for form in forms}

    def card_words(self) -> CardForm:
        """How this language names a card: its rank and suit words, the word joining them
        ("de"; none in German's "Pik Drei") and whether the suit comes first."""
        suit_first = self.card.index("{suit}") < self.card.index("{rank}")
        first, second = ("{suit}", "{rank}") if suit_first else ("{rank}", "{suit}")
        joining = self.card.split(first, 1)[1].split(second, 1)[0].strip()
        ranks = {normalise(n): r for r, names in self.ranks.items() for n in names}
        return CardForm(ranks, normalise(joining), self._card_suits(), suit_first)

    def suit_names(self) -> dict[str, str]:
        """Every word that names a suit after a Jack (MAO-4), normalised -> its suit: the
        suits' names in a card's name and the other ``suit_words``."""
        return {**self._card_suits(), **{normalise(w): s for w, s in self.suit_words.items()}}

    def _card_suits(self) -> dict[str, str]:
        """The suits' names as a card's name says them, normalised -> the suit."""
        return {normalise(n): s for s, names in self.suits.items() for n in names}

    def failure_start(self) -> str:
        return self.failure_to_say.split("'", 1)[0].strip()
