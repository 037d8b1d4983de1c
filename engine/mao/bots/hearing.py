"""What the bots at a Mao table hear: the table's language and the phrases they have learned.

A ``Hearing`` keeps the table's language (``engine.mao.languages``), the phrases its bots have
learned some rule asks for, and the vocabulary the two make (``engine.mao.phrases``), which
turns a message into talk, phrases and calls. A learned phrase is no talk from then on; a
change of language or a phrase the vocabulary does not already hear whole makes a new
vocabulary. After a Jack, it finds the first suit's name said as talk (MAO-4), which is no
talk either. ``engine.mao.bots.table.TableReading`` holds one, and a bot that learns a phrase
alone goes on with a copy.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.mao.languages import ENGLISH, speech
from engine.mao.phrases import Token, Vocabulary, vocabulary_for


class Hearing:
    """The table's language, the phrases learned and the vocabulary they make."""

    def __init__(self) -> None:
        #: the table's language: what it hears and says (``engine.mao.languages``)
        self.speech = ENGLISH
        self.vocabulary = vocabulary_for()
        self.learned: list[str] = []

    def copy(self) -> Hearing:
        """A copy to go on alone (for a bot that learned a phrase itself)."""
        copy = Hearing.__new__(Hearing)
        copy.speech = self.speech
        copy.vocabulary = self.vocabulary
        copy.learned = self.learned[:]
        return copy

    def speak(self, lang: str) -> None:
        """The table's language is ``lang`` (its options say so)."""
        if lang != self.speech.lang:
            self.speech = speech(lang)
            self.vocabulary = vocabulary_for(sorted(self.learned), speech=self.speech)

    def learn(self, phrase: str) -> None:
        """A phrase some rule asks for: from now on it is no talk here."""
        if phrase and phrase not in self.learned:
            self.learned.append(phrase)
            vocabulary = self.vocabulary
            key = tuple(vocabulary.words(phrase))
            text = " ".join(key)
            if vocabulary.phrases.get(key) != text and not self.hears_whole(vocabulary, key):
                # A phrase the vocabulary already hears whole as itself (a nice-day chain, a
                # card's name: patterns, not words it keeps) parses every message alike once
                # learned, so only another one needs a new vocabulary; and a vocabulary does
                # not depend on the order its phrases were learned in
                self.vocabulary = vocabulary_for(sorted(self.learned), speech=self.speech)

    @staticmethod
    def hears_whole(vocabulary: Vocabulary, key: tuple[str, ...]) -> bool:
        """Whether ``vocabulary`` hears these words, alone, as the one phrase they spell."""
        text = " ".join(key)
        return tuple(vocabulary.words(text)) == key and vocabulary.hear(text).tokens == (
            Token("phrase", text),
        )

    def without_suit(self, tokens: Sequence[Token]) -> Sequence[Token] | None:
        """``tokens`` without the first suit's name said as talk, or None if no talk names a
        suit (MAO-4: after a Jack, the suit named is no talk)."""
        for k, token in enumerate(tokens):
            if token.kind != "talk":
                continue
            words = token.text.split()
            found = self.vocabulary.named_suit(words)
            if found is not None:
                start, size, _ = found
                rest = words[:start] + words[start + size :]
                kept = [Token("talk", " ".join(rest))] if rest else []
                return [*tokens[:k], *kept, *tokens[k + 1 :]]
        return None
