"""Actions a seat can take, their JSON form, their short text form and the parser.

Every action is a frozen dataclass with a ``kind``; defining one registers it with the
parser. The actions here are those any game may offer (play, draw, take, pass, announce a
word, speak, make a rule); a game's own are in its package (``engine.president.actions``'
give and complete, ...), each saying its own verb and what it offers a seat.

The text form is what the terminal accepts and what buttons carry (``play 7H``,
``play AS suit=H``, ``play 5S 5H``, ``draw``, ``take``, ``pass``); the JSON form is what the
action log stores (``{"kind": "play", "cards": ["7H"], "suit": null}``).

Time-dependent games (Mao) stamp actions with ``at``, seconds on the table's clock. ``at``
takes no part in equality, so a stamped action matches the unstamped one that
``legal_actions`` offered.

>>> parse_action("play TH")
Play(at=None, cards=(Card(rank='10', suit='H'),), suit=None)
>>> str(parse_action({"kind": "play", "cards": ["AS"], "suit": "H"}))
'play AS suit=H'
>>> parse_action("draw") == Draw()
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Literal

from engine.cards import SUITS, Card
from engine.reasons import Refusal, Words
from engine.words import ANNOUNCED, N_, NC_, Translations, announced

#: the catalog context of the word typed for an action kind (the terminal's ``play``, ``draw``)
TYPED = "typed word"
#: how an action's button is coloured on a hand: the game going on, a choice that costs the
#: seat (a stack taken, the match left) or one that keeps or gains it something (a seat)
Tone = Literal["go", "cost", "gain"]


class NotAnAction(Refusal):
    """Text ``parse_action`` cannot read as an action; ``why`` says what is wrong in it."""


class IllegalAction(Refusal):
    """An action this seat may not take now. The game is left exactly as it was.

    ``reason`` is the English sentence; ``why`` keeps its template and fields for a
    front-end that says it in another language (``engine.reasons``).
    """


ACTION_KINDS: dict[str, type[Action]] = {}


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; subclasses set ``kind`` and register themselves."""

    #: its kind, the word typed for it (marked ``NC_("typed word", ...)`` for the catalogs,
    #: where a table in another language finds its own word: ``terminal.typed_words``)
    kind: ClassVar[str] = ""
    #: the field holding what is typed after the kind (``announce mau``: ``word``), if any
    argument: ClassVar[str] = ""
    #: the words that may be typed after the kind when it takes one of a few (``vote stop``),
    #: each marked as a typed word; empty when what follows is a card, a text or a rule
    choices: ClassVar[tuple[str, ...]] = ()
    #: whether that word is read in lower case
    folded: ClassVar[bool] = False
    #: whether each seat offered it takes it for itself, in any order, so that play waits on
    #: every one of them (``engine.waiting``): a vote, a rebuy, a card given in an exchange
    own_decision: ClassVar[bool] = False
    #: whether it brings back a seat the game marked away, whose stand-in bot then stops
    #: (a front-end lists it first, and plays the seat's stand-in until it is taken)
    brings_back: ClassVar[bool] = False
    #: whether only the seat's own player takes it, never a bot standing in for them while
    #: they are away (a winner's new rule is theirs to make)
    owner_only: ClassVar[bool] = False
    #: whether a searching bot takes it whenever offered, without weighing it against the
    #: other moves (a word the seat owes, four of a kind completed)
    obvious: ClassVar[bool] = False
    #: the verb its kind is said with inside a reason ("you cannot draw now") and in a menu
    verb: ClassVar[str] = ""
    #: what a seat offered it out of turn may do (``engine.prompts.describe_offer``)
    offer: ClassVar[str] = ""
    #: its button's label on a hand (Discord's, the web page's), marked for the catalogs; ""
    #: for one a front-end labels itself (by its cards, by what is pending, by its offer)
    label: ClassVar[str] = ""
    #: its button's colour (``Tone``)
    tone: ClassVar[Tone] = "go"
    #: how a move about cards is said, its cards in ``{cards}`` ("Give {cards}"), marked for
    #: the catalogs; "" for one its cards alone say (a play)
    with_cards: ClassVar[str] = ""
    at: float | None = field(default=None, compare=False, kw_only=True)

    @classmethod
    def typed_choices(cls) -> tuple[str, ...]:
        """The words that may be typed after the kind (``choices``)."""
        return cls.choices

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # no zero-argument super(): slots=True replaces the class and breaks its __class__ cell
        object.__init_subclass__(**kwargs)
        if cls.__dict__.get("kind"):
            ACTION_KINDS[cls.kind] = cls

    @classmethod
    def from_words(cls, rest: str) -> Action:
        """The action from what is typed after its kind: its ``argument`` (``announce mau``),
        or nothing."""
        if cls.argument:
            value = rest.lower() if cls.folded else rest
            allowed = cls.typed_choices()
            if allowed and value not in allowed:
                # a word no game offers is refused as typed, before any game is asked
                raise NotAnAction(
                    "{word} takes one of: {choices}",
                    word=Words((cls.kind,), TYPED),
                    choices=Words(allowed, TYPED),
                )
            typed: dict[str, Any] = {cls.argument: value}
            return cls(**typed)
        if rest:
            raise NotAnAction("{word} takes nothing after it", word=Words((cls.kind,), TYPED))
        return cls()

    def button_label(self, tr: Translations) -> str | None:
        """Its button's label in ``tr``'s words (``label``); None for one without."""
        return tr._(self.label) if self.label else None

    def taken_when_silent(self) -> bool:
        """Whether a seat that lets its own decision's time run out (``own_decision``) is
        taken to have chosen this (a silent voter votes to stop, LAST-9); a decision with no
        such choice waits on its seat as a turn does."""
        return False

    def english_menu(self) -> str | None:
        """The move as the terminal's English menu says it where what is typed for it is
        shorthand (``direction cw``: play clockwise); None where the typed form reads well.
        (Another language names every move by its verb and what to type for it.)"""
        return None

    def offered(self, tr: Translations) -> str:
        """What this action lets its seat do when offered out of turn, in ``tr``'s words."""
        if self.offer:
            return tr._(self.offer)
        return self.kind.replace("_", " ").capitalize()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "at" and value is None:
                continue
            out[f.name] = _jsonable(value)
        return out

    def __str__(self) -> str:
        if self.argument:
            return f"{self.kind} {getattr(self, self.argument)}"
        return self.kind

    def stamped(self, at: float) -> Action:
        """The same action carrying the table-clock time it was taken at."""
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(self) if f.name != "at")
        # a copy of a frozen action, field by field (half the cost of calling the class)
        copy = _NEW(cls)
        for name in names:
            _SET(copy, name, getattr(self, name))
        _SET(copy, "at", at)
        return copy


#: each action class's field names but ``at`` (``dataclasses.fields`` is slow, and stamping
#: is hot)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_NEW = object.__new__
_SET = object.__setattr__


def _jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _suit(text: str | None) -> str | None:
    if text is None:
        return None
    suit = text.strip().upper()[:1]
    if suit not in SUITS:
        raise NotAnAction(
            "not a suit: {word} (use clubs, diamonds, hearts or spades)", word=repr(text)
        )
    return suit


def read_card(word: str) -> Card:
    """A typed card (``7H``, ``10S``), or ``NotAnAction``."""
    try:
        return Card.parse(word)
    except ValueError:
        raise NotAnAction("not a card: {word}", word=repr(word)) from None


def read_cards(kind: str, rest: str) -> tuple[tuple[Card, ...], str | None]:
    """The cards typed after ``kind`` (one at least) and the suit named with ``suit=``."""
    suit = None
    card_words = []
    for word in rest.split():
        if word.lower().startswith("suit="):
            suit = _suit(word[5:])
        else:
            card_words.append(word)
    if not card_words:
        raise NotAnAction("{word} needs at least one card", word=Words((kind,), TYPED))
    return tuple(read_card(w) for w in card_words), suit


def action_verb(kind: str) -> str | None:
    """The verb an action kind is said with (``Action.verb``), None for a kind without one."""
    cls = ACTION_KINDS.get(kind)
    return cls.verb if cls is not None and cls.verb else None


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play one or more cards; ``suit`` names the suit in force after a wild card."""

    kind: ClassVar[str] = NC_("typed word", "play")
    verb: ClassVar[str] = N_("play a card")
    cards: tuple[Card, ...] = ()
    suit: str | None = None

    @classmethod
    def from_words(cls, rest: str) -> Action:
        cards, suit = read_cards(cls.kind, rest)
        return cls(cards=cards, suit=suit)

    def __str__(self) -> str:
        text = "play " + " ".join(str(c) for c in self.cards)
        return text + (f" suit={self.suit}" if self.suit else "")

    @property
    def card(self) -> Card:
        """The first card played (the only one in single-card games)."""
        return self.cards[0]


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take a card from the stock instead of playing."""

    kind: ClassVar[str] = NC_("typed word", "draw")
    verb: ClassVar[str] = N_("draw")
    label: ClassVar[str] = N_("Draw a card")


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Accept what is pending: take a draw stack, or accept lost turns."""

    kind: ClassVar[str] = NC_("typed word", "take")
    verb: ClassVar[str] = N_("take a card")
    label: ClassVar[str] = N_("Take")
    tone: ClassVar[Tone] = "cost"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """End the turn without playing (after a draw, or in President)."""

    kind: ClassVar[str] = NC_("typed word", "pass")
    verb: ClassVar[str] = N_("pass")
    label: ClassVar[str] = N_("Pass")


@dataclass(frozen=True, slots=True)
class Announce(Action):
    """Say a word the rules ask for: ``announce mau``, ``announce last``."""

    kind: ClassVar[str] = NC_("typed word", "announce")
    obvious: ClassVar[bool] = True
    argument: ClassVar[str] = "word"
    folded: ClassVar[bool] = True
    verb: ClassVar[str] = N_("announce")
    word: str = ""

    def offered(self, tr: Translations) -> str:
        return tr._("Say {word}", word=announced(self.word, tr).capitalize())

    def button_label(self, tr: Translations) -> str:
        """``Say “Last Card”``: the word in quotes, as a player calls it."""
        return tr._("Say “{word}”", word=announced(self.word, tr).title())

    def english_menu(self) -> str:
        return f"say “{announced(self.word)}”"

    @classmethod
    def typed_choices(cls) -> tuple[str, ...]:
        """The words some game has its players announce, as typed (``announced_word``)."""
        return tuple(ANNOUNCED)


@dataclass(frozen=True, slots=True)
class Say(Action):
    """Mao: a seated player's message at the table, with the seats it mentions or replies to."""

    kind: ClassVar[str] = NC_("typed word", "say")
    argument: ClassVar[str] = "text"
    verb: ClassVar[str] = N_("speak")
    text: str = ""
    mentions: tuple[str, ...] = ()
    reply_to: str | None = None


@dataclass(frozen=True, slots=True)
class DeclareRule(Action):
    """Mao: a winner declares a secret rule (a JSON-safe rule description)."""

    kind: ClassVar[str] = NC_("typed word", "declare_rule")
    argument: ClassVar[str] = "rule"
    verb: ClassVar[str] = N_("make a rule")
    offer: ClassVar[str] = N_("Make a new rule")
    owner_only: ClassVar[bool] = True
    rule: str = ""  # the rule as canonical JSON text, so the action stays hashable

    @classmethod
    def of(cls, rule: dict[str, Any]) -> DeclareRule:
        """The declaration of ``rule`` as a front-end's builder made it, in its canonical
        text (keys sorted, no spaces): the same rule is the same action on every surface."""
        return cls(rule=json.dumps(rule, sort_keys=True, separators=(",", ":")))


def parse_action(value: str | dict[str, Any] | Action) -> Action:
    """Build an action from its text or JSON form; raise ``NotAnAction`` (a ValueError) on
    anything malformed."""
    if isinstance(value, Action):
        return value
    if isinstance(value, dict):
        return _from_dict(value)
    if not isinstance(value, str):
        raise _not_an_action(value)
    text = value.strip()
    if text.startswith("{"):
        try:
            return _from_dict(json.loads(text))
        except json.JSONDecodeError as exc:
            raise _not_an_action(text) from exc
    head, _, rest = text.partition(" ")
    cls = ACTION_KINDS.get(head.lower())
    if cls is None:
        raise NotAnAction("unknown action {word}", word=repr(head))
    return cls.from_words(rest.strip())


def _from_dict(data: dict[str, Any]) -> Action:
    kind = data.get("kind")
    cls = ACTION_KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise _not_an_action(data)
    known = {f.name for f in fields(cls)}
    values: dict[str, Any] = {}
    for key, raw in data.items():
        if key == "kind":
            continue
        if key not in known:
            raise _not_an_action(data)
        values[key] = raw
    try:
        if "cards" in values:
            values["cards"] = tuple(Card.parse(c) for c in values["cards"])
        if "card" in values and values["card"] is not None:
            values["card"] = Card.parse(values["card"])
        if "suit" in values:
            values["suit"] = _suit(values["suit"])
        if "mentions" in values:
            values["mentions"] = tuple(str(m) for m in values["mentions"])
        if "rule" in values and not isinstance(values["rule"], str):
            values["rule"] = json.dumps(values["rule"], sort_keys=True)
        if values.get("at") is not None:
            values["at"] = _moment(values["at"])
        return cls(**values)
    except (TypeError, AttributeError) as exc:
        raise _not_an_action(data) from exc


def _not_an_action(value: Any) -> NotAnAction:
    """The refusal of ``value``, which is no action's text or JSON form (shown cut short: a
    person reads it, and it may be anything anyone sent)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    shown = repr(text)
    return NotAnAction(
        "not an action: {word}", word=shown if len(shown) <= 40 else shown[:39] + "…"
    )


def _moment(value: Any) -> float:
    """An action's time on the table's clock: a finite number of seconds (it is logged, and
    a replay reads it back)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise TypeError(f"not a time: {value!r}")
    return float(value)


#: the verbs above as a menu names the move, an order ("ia o carte", where a reason says "nu
#: poți lua o carte"): marked for the catalogs in the ``menu`` context (``terminal.shown``)
MENU_VERBS = (
    NC_("menu", "play a card"),
    NC_("menu", "draw"),
    NC_("menu", "take a card"),
    NC_("menu", "pass"),
    NC_("menu", "announce"),
    NC_("menu", "speak"),
    NC_("menu", "make a rule"),
)
