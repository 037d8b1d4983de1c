"""Mao speech: normalising a table message and splitting it into phrases, calls and talk.

The Chairman hears every message a seated player sends (MAO-7, MAO-8, MAO-10). This module
only reads words; whether a phrase was owed is the game's business. A message becomes a list
of tokens, in order:

- ``Token("phrase", "have a very nice day")``: something a rule may ask a player to say;
  the text is the phrase's canonical form (``engine.mao.wording``);
- ``Token("call", "Bad card")``: a call, by its display name;
- ``Token("near_call", "bad card")``: words close to a call but not it ("Bad call", MAO-11);
- ``Token("talk", "so who is winning")``: anything else.

Case, punctuation and spacing are ignored; Discord mention markup and ``@name`` words are
dropped (a mention names the offender, it is not speech); "P of O", "P.O.O." and "POO" are
read as "point of order"; the digits 2-10 are read as words ("3 of spades", "within 5
seconds"); accents are dropped ("três" is "tres").

A table playing in another language gives its ``Speech`` (``engine.mao.languages``): the
vocabulary then also hears that language's forms of every phrase and call, and still reads
them as their canonical English names, which is all the game ever sees.

>>> [t.text for t in parse("Have a very, VERY nice day! Three of spades")]
['have a very very nice day', 'three of spades']
>>> parse("failure to say 'Last card' @bo")
[Token(kind='call', text="Failure to say 'Last card'")]
>>> parse("talkin")
[Token(kind='near_call', text='talking')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from engine.cards import RANK_NAMES, SUIT_NAMES
from engine.mao.slips import edit_distance, stem
from engine.mao.speech_form import CardForm, Speech
from engine.mao.text import normalise as normalise

# the names imported `as` themselves stay importable from here (the parser's tests name them)
from engine.mao.wording import END_POINT_OF_ORDER as END_POINT_OF_ORDER
from engine.mao.wording import (
    FIXED_CALLS,
    FIXED_PHRASES,
    MAO,
    NO_MAO,
    SUIT_WORDS,
    card_phrase,
    failure_to_say,
    nice_day,
)
from engine.mao.wording import POINT_OF_ORDER as POINT_OF_ORDER
from engine.mao.wording import display_phrase as display_phrase

_DIGITS = {str(n): RANK_NAMES[str(n)] for n in range(2, 11)}
_FAILURE = ("failure", "to", "say")
#: the English nice-day chain and card name: (start, "very" word, end), (ranks, of, suits)
_CHAIN = (("have", "a"), "very", ("nice", "day"))
_CARD = CardForm(
    {name: rank for rank, name in RANK_NAMES.items()},
    "of",
    {name: suit for suit, name in SUIT_NAMES.items()},
)
#: messages (and vocabularies) remembered, so the same text is parsed once per vocabulary
PARSED_KEPT = 512


@dataclass(frozen=True, slots=True)
class Token:
    """One piece of a message: ``kind`` is phrase, call, near_call or talk."""

    kind: str
    text: str


def words_of(text: str) -> list[str]:
    """The normalised words, with point-of-order abbreviations and rank digits spelled out."""
    return list(_words(text))


@lru_cache(maxsize=4096)  # every bot at a table reads every message: the same texts again
def _words(text: str) -> tuple[str, ...]:
    raw = normalise(text).split()
    out: list[str] = []
    k = 0
    while k < len(raw):
        if raw[k] == "poo":
            out += ["point", "of", "order"]
            k += 1
        elif raw[k : k + 3] in (["p", "of", "o"], ["p", "o", "o"]):
            out += ["point", "of", "order"]
            k += 3
        else:
            out.append(_DIGITS.get(raw[k], raw[k]))
            k += 1
    return tuple(out)


class Heard(NamedTuple):
    """A message as a listener reads it (``Vocabulary.hear``): its tokens, their kinds, the
    phrases and the calls in it, in order."""

    tokens: tuple[Token, ...]
    kinds: frozenset[str]
    phrases: tuple[str, ...]
    calls: tuple[str, ...]


class Vocabulary:
    """The phrases and calls a table knows: the base ones plus its secret rules' own, in
    English and, given a ``speech``, in the table's language too."""

    def __init__(
        self, phrases: Iterable[str] = (), calls: Iterable[str] = (), speech: Speech | None = None
    ) -> None:
        self.speech = speech
        local = speech if speech is not None and speech.lang != "en" else None
        self.abbreviations: dict[tuple[str, ...], list[str]] = {}
        self.chains: list[tuple[tuple[str, ...], str, tuple[str, ...]]] = [_CHAIN]
        self.cards = [_CARD]
        self.failures: list[tuple[str, ...]] = [_FAILURE]
        self.suit_words = dict(SUIT_WORDS)
        if local is not None:
            for short, full in local.abbreviations.items():
                self.abbreviations[tuple(words_of(short))] = words_of(full)
            for start, very, end in local.chain_patterns():
                chain = (tuple(self.words(start)), words_of(very)[0], tuple(self.words(end)))
                self.chains.append(chain)
            named = local.card_words()
            # English rank words are heard in every language ("drei" or "three")
            self.cards.append(named._replace(ranks={**_CARD.ranks, **named.ranks}))
            self.failures.append(tuple(self.words(local.failure_start())))
            self.suit_words.update(local.suit_names())
        self.phrases: dict[tuple[str, ...], str] = {tuple(p.split()): p for p in FIXED_PHRASES}
        for phrase in phrases:
            key = tuple(self.words(phrase))
            self.phrases.setdefault(key, " ".join(key))
        if local is not None:
            for canonical, forms in local.phrases.items():
                for form in forms:
                    self.phrases.setdefault(tuple(self.words(form)), canonical)
            for form, verys in local.fixed_chain().items():
                self.phrases.setdefault(tuple(self.words(form)), nice_day(verys))
        self.calls: dict[tuple[str, ...], str] = {}
        for call in (*FIXED_CALLS, *calls):
            self.calls.setdefault(tuple(self.words(call)), call)
            if local is not None:
                for form in (local.call(call), *local.calls.get(call, ())):
                    self.calls.setdefault(tuple(self.words(form)), call)
        #: first word -> the lengths of the phrases (calls) starting with it, longest first:
        #: only those can match there, however long the longest phrase a table learned
        self.phrase_sizes = sizes_by_first_word(self.phrases)
        self.call_sizes = sizes_by_first_word(self.calls)
        self.suit_sizes = sizes_by_first_word(tuple(name.split()) for name in self.suit_words)
        self.parsed: dict[str, tuple[Token, ...]] = {}
        self.heard: dict[str, Heard] = {}

    def named_suit(self, words: Sequence[str]) -> tuple[int, int, str] | None:
        """The first suit's name among ``words`` (MAO-4 ``jack_suit=anyone``): where it
        starts, how many words it takes ("inima rosie" two) and the suit; None if none."""
        named = self.suit_words
        for k in range(len(words)):
            for size in self.suit_sizes.get(words[k], ()):
                suit = named.get(" ".join(words[k : k + size]))
                if suit is not None:
                    return k, size, suit
        return None

    def words(self, text: str) -> list[str]:
        """``words_of`` with the table language's abbreviations spelled out too."""
        raw = words_of(text)
        if not self.abbreviations:
            return raw
        out: list[str] = []
        k = 0
        while k < len(raw):
            for short, full in self.abbreviations.items():
                if tuple(raw[k : k + len(short)]) == short:
                    out += full
                    k += len(short)
                    break
            else:
                out.append(raw[k])
                k += 1
        return out

    # --- matching at one position -------------------------------------------------------
    def chain_at(self, words: list[str], k: int) -> tuple[str, int] | None:
        """MAO-3's nice-day chain at ``words[k]``, in any of the table's languages."""
        best: tuple[str, int] | None = None
        for start, very, end in self.chains:
            if tuple(words[k : k + len(start)]) != start:
                continue
            j = k + len(start)
            while j < len(words) and words[j] == very:
                j += 1
            if tuple(words[j : j + len(end)]) == end:
                size = j + len(end) - k
                if best is None or size > best[1]:
                    best = (nice_day(j - k - len(start)), size)
        return best

    def card_at(self, words: list[str], k: int) -> tuple[str, int] | None:
        """MAO-5's card name at ``words[k]`` ("three of spades", "três de espadas")."""
        for form in self.cards:
            found = form.read(words, k)
            if found is not None:
                return card_phrase(found[0], found[1]), found[2]
        return None

    def phrase_at(self, words: list[str], k: int) -> tuple[str, int] | None:
        """The longest phrase starting at ``words[k]``: (canonical text, words used)."""
        best = self.chain_at(words, k)
        candidate = self.card_at(words, k)
        if candidate is not None and (best is None or candidate[1] > best[1]):
            best = candidate
        room = len(words) - k
        for size in self.phrase_sizes.get(words[k], ()):
            if best is not None and size <= best[1]:
                break
            if size <= room:
                found = self.phrases.get(tuple(words[k : k + size]))
                if found is not None:
                    best = (found, size)
                    break
        return best

    def call_at(self, words: list[str], k: int) -> tuple[str, int] | None:
        """The longest call starting at ``words[k]``: (display name, words used)."""
        for failure in self.failures:
            n = len(failure)
            if tuple(words[k : k + n]) == failure and k + n < len(words):
                said = self.phrase_at(words, k + n)
                if said is not None:
                    # the seed lists "Failure to say 'Mao'" among the calls: it is this one
                    name = NO_MAO if said[0] == MAO else failure_to_say(said[0])
                    return name, n + said[1]
        room = len(words) - k
        for size in self.call_sizes.get(words[k], ()):
            if size <= room:
                found = self.calls.get(tuple(words[k : k + size]))
                if found is not None:
                    return found, size
        return None

    # --- whole messages -----------------------------------------------------------------
    def parse(self, text: str) -> list[Token]:
        """Split a message into tokens; see the module docstring."""
        found = self.parsed.get(text)
        if found is None:
            if len(self.parsed) >= PARSED_KEPT:
                self.parsed.clear()
            found = self.parsed[text] = tuple(self.split(text))
        return list(found)

    def hear(self, text: str) -> Heard:
        """What a listener reads in a message, kept per text like ``parse`` (every bot at a
        table hears every message)."""
        found = self.heard.get(text)
        if found is None:
            if len(self.heard) >= PARSED_KEPT:
                self.heard.clear()
            tokens = self.parse(text)
            found = self.heard[text] = Heard(
                tuple(tokens),
                frozenset(t.kind for t in tokens),
                tuple(t.text for t in tokens if t.kind == "phrase"),
                tuple(t.text for t in tokens if t.kind == "call"),
            )
        return found

    def split(self, text: str) -> list[Token]:
        words = self.words(text)
        tokens: list[Token] = []
        loose: list[str] = []

        def flush() -> None:
            if loose:
                tokens.extend(self.judge_loose(loose))
                loose.clear()

        k = 0
        while k < len(words):
            call = self.call_at(words, k)
            phrase = self.phrase_at(words, k)
            if call is not None and (phrase is None or call[1] >= phrase[1]):
                flush()
                tokens.append(Token("call", call[0]))
                k += call[1]
            elif phrase is not None:
                flush()
                tokens.append(Token("phrase", phrase[0]))
                k += phrase[1]
            else:
                loose.append(words[k])
                k += 1
        flush()
        return tokens

    def judge_loose(self, words: list[str]) -> list[Token]:
        """Words that are no phrase or call: a near-miss of a call, or talk."""
        near = self.near_call(words)
        if near is not None:
            return [Token("near_call", near)]
        return [Token("talk", " ".join(words))]

    def near_call(self, words: list[str]) -> str | None:
        """The call these words nearly are (MAO-11 "Bad call"), or None.

        Near means: "failure to say" followed by something that is no phrase; the call's own
        words in another form or order ("played out of turn", "card bad"); or a few typing
        slips (an edit distance of about one per eight letters, at least one).
        """
        for failure in self.failures:
            if tuple(words[: len(failure)]) == failure and len(words) > len(failure):
                return " ".join(failure)
        text = " ".join(words)
        stems = [stem(w) for w in words]
        for key in self.calls:
            if abs(len(key) - len(words)) > 2:
                continue
            call_stems = [stem(w) for w in key]
            if stems == call_stems or sorted(stems) == sorted(call_stems):
                return " ".join(key)
            call_text = " ".join(key)
            if edit_distance(text, call_text, max(1, len(call_text) // 8)):
                return call_text
        return None


def sizes_by_first_word(keys: Iterable[tuple[str, ...]]) -> dict[str, tuple[int, ...]]:
    """For each first word of ``keys``, the lengths of the keys starting with it, longest
    first."""
    sizes: dict[str, set[int]] = {}
    for key in keys:
        if key:
            sizes.setdefault(key[0], set()).add(len(key))
    return {word: tuple(sorted(found, reverse=True)) for word, found in sizes.items()}


BASE = Vocabulary()
_KNOWN: dict[tuple[tuple[str, ...], tuple[str, ...], str | None], Vocabulary] = {}


def vocabulary_for(
    phrases: Iterable[str] = (), calls: Iterable[str] = (), speech: Speech | None = None
) -> Vocabulary:
    """``Vocabulary(phrases, calls, speech)``, built once for the same words and language:
    every bot at a table learns the same phrases, and building one is costly."""
    key = (tuple(phrases), tuple(calls), None if speech is None else speech.lang)
    found = _KNOWN.get(key)
    if found is None or (speech is not None and found.speech is not speech):
        if len(_KNOWN) >= PARSED_KEPT:
            _KNOWN.clear()
        found = _KNOWN[key] = Vocabulary(*key[:2], speech)
    return found


def parse(text: str) -> list[Token]:
    """Tokens of a message with the base vocabulary (no secret rules)."""
    return BASE.parse(text)
