"""The "New rule" builder's choices (MAO-16), shared by every front-end that builds rules.

A winner chooses what sets the rule off (``TRIGGERS``) and what it does (``EFFECTS``), then
answers only the questions those need (``questions``); ``build`` turns the answers into a
checked rule (``engine.mao.rules.validate``) or raises ``RuleError`` with a sentence. Discord's
builder (``cogs.mao_rules``) and the terminal's draw their selects and fields from here, so the
two offer the same choices; ``describe`` says a rule back in words.

Every label, question and sentence is English, marked for the catalogs (``N_``); a front-end
that speaks another language passes its catalog as ``tr`` (the engine never imports one). What
a player types is read in any of the table languages: "queen", "dama" and "damă" are a Q,
"copas" and "cupă" are hearts.

>>> build("suit", "say", {"detail": "hearts", "phrase": "lovely"})["trigger"]
{'kind': 'play', 'suit': 'H'}
>>> build("card", "skip", {"detail": "dama de espadas"})["trigger"]
{'kind': 'play', 'card': 'QS'}
>>> [key for key, _label, _hint in questions("rank", "draw")]
['detail', 'count']
>>> describe(build("hand", "draw", {"detail": "1", "count": "2"}))
"When a player's hand comes to 1 card, the next player takes 2 cards."
"""

from __future__ import annotations

from typing import Any

from engine.cards import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS
from engine.describe import show_card
from engine.mao import rules as secret
from engine.mao.languages import ENGLISH as ENGLISH_SPEECH
from engine.mao.languages import SPEECH
from engine.mao.phrases import normalise
from engine.mao.rules import RuleError
from engine.mao.speech_form import CardForm, Speech
from engine.options import whole_number
from engine.reasons import N_
from engine.words import ENGLISH, Translations, suit_words

TRIGGERS: dict[str, str] = {
    "rank": N_("A card of one rank is played"),
    "suit": N_("A card of one suit is played"),
    "colour": N_("A red card, or a black card, is played"),
    "class": N_("A face card, or a number card, is played"),
    "card": N_("One exact card is played"),
    "take": N_("A player takes a card from the pool"),
    "hand": N_("A player's hand comes to a number of cards"),
}
EFFECTS: dict[str, str] = {
    "say": N_("They must say a phrase"),
    "silence": N_("They must not say a phrase"),
    "skip": N_("The next player misses a turn"),
    "reverse": N_("Play reverses"),
    "draw": N_("The next player takes cards"),
    "wild": N_("The card may be played on anything"),
}
PLAY_TRIGGERS = secret.PLAY_MATCHERS
#: what the builder asks about each trigger: (label, placeholder)
DETAIL_QUESTIONS: dict[str, tuple[str, str]] = {
    "rank": (N_("Which rank?"), N_("7, 10, Q, queen, ace…")),
    "suit": (N_("Which suit?"), N_("clubs, diamonds, hearts or spades")),
    "colour": (N_("Which colour?"), N_("red or black")),
    "class": (N_("Face cards or number cards?"), N_("face or number")),
    "card": (N_("Which card?"), N_("QS, 10H, queen of spades…")),
    "hand": (N_("How many cards in hand?"), N_("a number from 0 to 20")),
}
#: the other questions: (label, placeholder)
PHRASE_QUESTIONS = {
    "say": (N_("The phrase they must say"), N_("a few words")),
    "silence": (N_("The phrase they must not say"), N_("a few words")),
}
NAME_QUESTION = (N_("The call's name (optional)"), N_("what a player calls out to catch it"))
COUNT_QUESTION = (N_("How many cards does the next player take?"), N_("1 to 5"))

WORD_RANKS = {word: rank for rank, word in RANK_NAMES.items()}
WORD_SUITS = {word: suit for suit, word in SUIT_NAMES.items()}
SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
#: a colour or a kind of card in each table language, accents dropped (``normalise``)
LOCAL_WORDS = {
    **dict.fromkeys(
        ("vermelho", "vermelha", "vermelhos", "vermelhas", "rosu", "rosie", "rosii"), "red"
    ),
    **dict.fromkeys(("rojo", "roja", "rojos", "rojas", "rouge", "rouges", "rot", "rote"), "red"),
    **dict.fromkeys(("preto", "preta", "pretos", "pretas", "negru", "neagra", "negre"), "black"),
    **dict.fromkeys(("negro", "negra", "negros", "negras"), "black"),
    **dict.fromkeys(("noir", "noire", "noirs", "noires", "schwarz", "schwarze"), "black"),
    **dict.fromkeys(("figura", "figuras", "figuri", "figure", "figures", "bild", "bilder"), "face"),
    **dict.fromkeys(
        ("numero", "numeros", "numar", "numere", "numerica", "zahl", "zahlen"), "number"
    ),
}


def _spoken_words() -> tuple[dict[str, str], dict[str, str], list[CardForm]]:
    """Rank words, suit words and card names of every table language, normalised."""
    ranks: dict[str, str] = {}
    suits: dict[str, str] = {}
    forms = []
    for speech in SPEECH.values():
        form = speech.card_words()
        ranks.update(form.ranks)
        suits.update(speech.suit_names())
        forms.append(form)
    return ranks, suits, forms


SPOKEN_RANKS, SPOKEN_SUITS, CARD_FORMS = _spoken_words()


def triggers_for(effect: str | None) -> list[str]:
    """The triggers that fit ``effect`` (a card that plays on anything needs a played card)."""
    return [key for key in TRIGGERS if effect != "wild" or key in PLAY_TRIGGERS]


def effects_for(trigger: str | None) -> list[str]:
    """The effects that fit ``trigger``."""
    wild_ok = trigger in (None, *PLAY_TRIGGERS)
    return [key for key in EFFECTS if key != "wild" or wild_ok]


def questions(trigger: str, effect: str) -> list[tuple[str, str, str]]:
    """(key, label, placeholder) for every detail this rule needs; ``name`` is optional."""
    asked = []
    if trigger in DETAIL_QUESTIONS:
        asked.append(("detail", *DETAIL_QUESTIONS[trigger]))
    if effect in PHRASE_QUESTIONS:
        asked.append(("phrase", *PHRASE_QUESTIONS[effect]))
        asked.append(("name", *NAME_QUESTION))
    if effect == "draw":
        asked.append(("count", *COUNT_QUESTION))
    return asked


def _number(text: str) -> int:
    number = whole_number(text)  # as an option's number is typed
    if number is None:
        raise RuleError("the number of cards must be a whole number")
    return number


def _card(words: str) -> str:
    said = normalise(words).split()
    for form in CARD_FORMS:
        # any language's rank and suit words, in this language's order ("drei de copas")
        found = form._replace(ranks=SPOKEN_RANKS, suits=SPOKEN_SUITS).read(said, 0)
        if found is not None and found[2] == len(said):
            return found[0] + found[1]
    for symbol, suit in SYMBOL_SUITS.items():
        words = words.replace(symbol, suit)
    return words.replace(" ", "").upper()


def detail(trigger: str, text: str) -> Any:
    """The trigger's detail as the rule model writes it, from what a player typed."""
    words = " ".join(text.lower().replace("’", "'").split())
    plain = normalise(words)
    if trigger == "rank":
        return WORD_RANKS.get(words, SPOKEN_RANKS.get(plain, words.upper()))
    if trigger == "suit":
        english = WORD_SUITS.get(words.rstrip("s") + "s")
        return SYMBOL_SUITS.get(words, english or SPOKEN_SUITS.get(plain, words))
    if trigger in ("colour", "class"):
        # "face cards": face; "cartas vermelhas": red
        for word in plain.split():
            if word in LOCAL_WORDS:
                return LOCAL_WORDS[word]
        return words.split()[0].removesuffix("s") if words else words
    if trigger == "card":
        return _card(words)
    return _number(words)


def build(trigger: str, effect: str, answers: dict[str, str]) -> dict[str, Any]:
    """A checked rule from the builder's choices; ``RuleError`` says what to fix."""
    if trigger not in TRIGGERS or effect not in EFFECTS:
        raise RuleError("choose what sets the rule off and what it does first")
    if trigger in PLAY_TRIGGERS:
        when: dict[str, Any] = {"kind": "play", trigger: detail(trigger, answers.get("detail", ""))}
    elif trigger == "hand":
        when = {"kind": "hand", "count": detail("hand", answers.get("detail", ""))}
    else:
        when = {"kind": "take"}
    does: dict[str, Any] = {"kind": effect}
    if effect in secret.SPOKEN_EFFECTS:
        does["phrase"] = answers.get("phrase", "")
    if effect == "draw":
        does["count"] = _number(answers.get("count", ""))
    rule: dict[str, Any] = {"trigger": when, "effect": does}
    if answers.get("name"):
        rule["name"] = answers["name"]
    return secret.validate(rule)


# --- a rule in words ------------------------------------------------------------------------
_PLAYED = {
    ("colour", "red"): N_("When a red card is played"),
    ("colour", "black"): N_("When a black card is played"),
    ("class", "face"): N_("When a face card is played"),
    ("class", "number"): N_("When a number card is played"),
}
_DOES = {
    "say": N_("they must say '{phrase}'"),
    "silence": N_("they must not say '{phrase}'"),
    "skip": N_("the next player misses a turn"),
    "reverse": N_("play reverses"),
    "wild": N_("it may be played on anything"),
}


def _when(trigger: dict[str, Any], tr: Translations) -> str:
    if trigger["kind"] == "take":
        return tr._("When a player takes a card")
    if trigger["kind"] == "hand":
        count = int(trigger["count"])
        return tr.ngettext(
            "When a player's hand comes to {count} card",
            "When a player's hand comes to {count} cards",
            count,
        )
    key = next(k for k in PLAY_TRIGGERS if k in trigger)
    value = trigger[key]
    if (key, value) in _PLAYED:
        return tr._(_PLAYED[key, value])
    if key == "rank":
        return tr._("When a {rank} is played", rank=value)
    if key == "suit":
        return tr._("When a card of {suit} is played", suit=suit_words(value, tr))
    return tr._("When the {card} is played", card=show_card(value))


def describe(rule: dict[str, Any], tr: Translations = ENGLISH, speech: Speech | None = None) -> str:
    """The rule in words, for its author only, in ``tr``'s language; its call named the way
    ``speech`` (the table's language) says it."""
    effect = rule["effect"]
    if effect["kind"] == "draw":
        count = int(effect["count"])
        does = tr.ngettext(
            "the next player takes {count} card", "the next player takes {count} cards", count
        )
    else:
        does = tr._(_DOES[effect["kind"]], phrase=effect.get("phrase"))
    text = tr._("{when}, {does}.", when=_when(rule["trigger"], tr), does=does)
    called = secret.call_name(rule)
    if called:
        said = (speech or ENGLISH_SPEECH).call(called)
        text += " " + tr._("Call: {call}.", call=said)
    return text
