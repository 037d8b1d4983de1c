"""A game's options declared as data, and the one check every front-end's options go through.

Each game class lists its options as :class:`Option` values (``Game.option_specs``): name,
type, range or choices, default and a line of help. From that one declaration come the
game's ``defaults``, the check ``new_game`` makes (:func:`check`), the reading of typed
option text (:func:`parse_text`, used by ``/play``, ``/settings`` and the terminal) and the
listing shown with every refusal and in help (:func:`listing`). Nothing here knows a game by
name.

>>> target = Option.number("target", 500, 1, 100_000, "the score that ends the match")
>>> target.check(300)
300
>>> target.check(-5)
Traceback (most recent call last):
...
engine.options.OptionError: option target must be a whole number from 1 to 100000, not -5
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.reasons import Catalog, Reason, Refusal, Sentence, Words
from engine.words import N_, Translations

#: the catalog contexts an option's name and the words it takes are said in (``Words``)
NAME, VALUE = "option name", "option value"
#: words typed for on and off
TRUE_WORDS = frozenset({"true", "yes", "on", "1"})
FALSE_WORDS = frozenset({"false", "no", "off", "0"})

#: a whole number as a player types one: digits, a minus sign before them at most
_WHOLE = re.compile(r"-?[0-9]{1,12}")


def whole_number(text: str) -> int | None:
    """The whole number a player typed (``_WHOLE``: int() also reads "3_00", "+300" and
    other scripts' digits), or None for anything else."""
    word = text.strip()
    return int(word) if _WHOLE.fullmatch(word) else None


class OptionError(Refusal):
    """An option a game does not take, or a value outside its type or range.

    The message is a sentence fit to show a player; :func:`check` and :func:`parse_text`
    end it with the game's options and their ranges. ``why`` keeps it as a template and
    fields (``engine.reasons``) for a front-end that says it in another language.
    ``malformed`` is the word that was not ``name=value``, when that was the trouble.
    """

    malformed: str | None = None


@dataclass(frozen=True)
class Option:
    """One option of a game: ``type`` is ``bool``, ``int``, ``str`` (one of ``choices``) or
    ``list`` (a list of words or rules, which only code and stored tables set).

    ``sentence`` (set with :meth:`saying`) is what a value means, told to players in full
    (``/rules``): one form, or a singular and a plural chosen by the value, with
    ``{value}`` (``{count}`` in the plural pair) where the value goes; empty, the help
    and the value are shown instead."""

    name: str
    type: type
    default: Any
    help: str
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    sentence: tuple[str, ...] = ()

    @classmethod
    def flag(cls, name: str, default: bool, help: str) -> Option:
        return cls(name, bool, default, help)

    @classmethod
    def number(cls, name: str, default: int, low: int, high: int, help: str) -> Option:
        if not low <= default <= high:
            raise ValueError(f"the default of {name} is outside {low}-{high}")
        return cls(name, int, default, help, low=low, high=high)

    @classmethod
    def choice(cls, name: str, default: str, choices: Iterable[str], help: str) -> Option:
        options = tuple(choices)
        if default not in options:
            raise ValueError(f"the default of {name} is not one of its choices")
        return cls(name, str, default, help, choices=options)

    @classmethod
    def words(cls, name: str, help: str) -> Option:
        """A list option, empty by default (Mao's ``house_rules``)."""
        return cls(name, list, (), help)

    def saying(self, *forms: str) -> Option:
        """This option telling players what its value means: ``forms`` is one sentence, or
        its singular and plural (marked ``N_`` and ``NP_`` for the catalogs)."""
        if len(forms) not in (1, 2):
            raise ValueError(f"{self.name} says its value in one form or two, not {len(forms)}")
        return replace(self, sentence=forms)

    def says_nothing_at(self, value: Any) -> bool:
        """Whether ``value`` is the "none" of a count that starts at 0 (no limit, no
        rounds): a sentence about it would say nothing, so none is told."""
        return self.type is int and self.low == 0 and value == 0

    def sentence_for(self, value: Any, tr: Translations) -> str | None:
        """The option's sentence about ``value`` in ``tr``'s words: None when the game
        declared none, "" when the value is a count's "none" (``says_nothing_at``)."""
        if not self.sentence:
            return None
        if self.says_nothing_at(value):
            return ""
        if len(self.sentence) == 2:
            singular, plural = self.sentence
            return tr.ngettext(singular, plural, value)
        if isinstance(value, bool):  # the word a sentence says, not the one typed ("sim")
            value = tr._(N_("on") if value else N_("off"))
        return tr._(self.sentence[0], value=value)

    # --- what it takes ----------------------------------------------------------------------
    @property
    def typed(self) -> bool:
        """Whether a player can type a value for it (lists cannot be typed)."""
        return self.type is not list

    def takes(self) -> Reason:
        """What the option takes, for messages: ``a whole number from 1 to 100000``."""
        if self.type is bool:  # "on or off", each word the reader's own
            return Reason(
                "{choices} or {last}", choices=Words(("on",), VALUE), last=Words(("off",), VALUE)
            )
        if self.type is int:
            return Reason("a whole number from {low} to {high}", low=self.low, high=self.high)
        if self.type is str and len(self.choices) > 1:
            some, last = Words(self.choices[:-1], VALUE), Words(self.choices[-1:], VALUE)
            return Reason("{choices} or {last}", choices=some, last=last)
        if self.type is str:
            only = ", ".join(self.choices)  # (named: the extractor would take ", " for a message)
            return Reason(only)
        return Reason("a list")

    def range_text(self) -> str:
        """The short form for listings: ``1-100000``, ``on/off``, ``chairman/players``."""
        if self.type is bool:
            return "on/off"
        if self.type is int:
            return f"{self.low}-{self.high}"
        if self.type is str:
            return "/".join(self.choices)
        return "list"

    def default_text(self) -> str:
        return format_value(self.default)

    def named(self) -> Words:
        """The option's name inside a reason (said in the reader's words)."""
        return Words((self.name,), NAME)

    def default_words(self) -> str:
        """``default_text``, a word the reader's language says its own way when it is one."""
        text = self.default_text()
        # an empty list's default is "none", a word like "on"
        said = self.type is bool or self.choices or (self.type is list and not self.default)
        return Words((text,), VALUE) if said else text

    def range_words(self) -> str:
        """``range_text``, its words said the reader's way (``sim/não``)."""
        if self.type is bool:
            return Words(("on", "off"), VALUE, "/")
        if self.type is str and self.choices:
            return Words(self.choices, VALUE, "/")
        if self.type is list:
            return Words((self.range_text(),), VALUE)
        return self.range_text()

    def said(self, tr: Catalog) -> str:
        """``describe`` without the help, in ``tr``'s words: ``alvo=500 (1-100000)``."""
        shown = [
            w.said(tr) if isinstance(w, Words) else w
            for w in (self.named(), self.default_words(), self.range_words())
        ]
        return "{}={} ({})".format(*shown)

    def describe(self) -> str:
        """``target=500 (1-100000): the score that ends the match``."""
        return f"{self.name}={self.default_text()} ({self.range_text()}): {self.help}"

    # --- checking ---------------------------------------------------------------------------
    def check(self, value: Any) -> Any:
        """``value`` when the option takes it (a fresh list for list options), else raise."""
        if self.type is list:
            if not isinstance(value, list | tuple):
                raise OptionError("option {name} must be a list", name=self.named())
            return list(value)
        if self.type is bool:
            if not isinstance(value, bool):
                raise self.not_taken(value)
            return value
        if self.type is int:
            in_range = (
                isinstance(value, int)
                and not isinstance(value, bool)
                and self.low is not None
                and self.high is not None
                and self.low <= value <= self.high
            )
            if not in_range:
                raise self.not_taken(value)
            return value
        if value not in self.choices or not isinstance(value, str):
            raise self.not_taken(value)
        return value

    def not_taken(self, value: Any) -> OptionError:
        """The refusal of a ``value`` of the wrong type or out of range."""
        return self.refusal(N_("option {name} must be {takes}, not {value}"), value)

    def parse(self, text: str) -> Any:
        """The value typed as ``text``, in the option's type and range, else raise."""
        word = text.strip()
        if self.type is bool:
            lowered = word.lower()
            if lowered in TRUE_WORDS:
                return True
            if lowered in FALSE_WORDS:
                return False
            raise self.not_read(word)
        if self.type is int:
            number = whole_number(word)
            if number is not None:
                with contextlib.suppress(ValueError):
                    return self.check(number)
            raise self.not_read(word)
        if self.type is str:
            lowered = word.lower()
            if lowered in self.choices:
                return lowered
            raise self.not_read(word)
        raise OptionError("option {name} cannot be typed in", name=self.named())

    def not_read(self, word: str) -> OptionError:
        """The refusal of a typed ``word`` the option cannot read as one of its values."""
        return self.refusal(N_("option {name} takes {takes}, not {value}"), word)

    def refusal(self, template: str, value: Any) -> OptionError:
        """``template`` said of this option, what it takes and the ``value`` it refuses."""
        return OptionError(template, name=self.named(), takes=self.takes(), value=repr(value))


def format_value(value: Any) -> str:
    """How a value reads in a message: ``on``/``off`` for flags, ``none`` for an empty list."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) or "none"
    return str(value)


def listing(specs: Iterable[Option]) -> str:
    """Every option, its default and its range: ``target=500 (1-100000), rounds=0 (0-10000)``."""
    return ", ".join(f"{o.name}={o.default_text()} ({o.range_text()})" for o in specs) or "none"


class Listing(Reason):
    """The options listed after a refusal: ``str`` is ``listing``; ``said`` names each
    option, its default and its words in the reader's language (``alvo=500 (1-100000)``)."""

    __slots__ = ("specs",)

    def __init__(self, specs: Iterable[Option]) -> None:
        self.specs = tuple(specs)
        super().__init__("{known}", known=listing(self.specs))

    def said(self, tr: Catalog, show: Any = None) -> str:
        return ", ".join(o.said(tr) for o in self.specs) or str(self)


def title_words(title: str) -> Words:
    """A game's title inside a reason (its catalog says it in the reader's language)."""
    return Words((title,))


def _refuse(title: str, specs: Iterable[Option], problem: Reason) -> OptionError:
    return OptionError(
        "{problem} {game} options: {known}.",
        problem=Sentence(problem),
        game=title_words(title),
        known=Listing(specs),
    )


def defaults(specs: Iterable[Option]) -> dict[str, Any]:
    """The options a game starts with when nothing is given (lists fresh each time)."""
    return {o.name: list(o.default) if o.type is list else o.default for o in specs}


def check(title: str, specs: Iterable[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """``given`` checked against ``specs`` with the defaults filled in; raise OptionError
    naming the problem, then ``title``'s options and their ranges."""
    specs = tuple(specs)
    by_name = {o.name: o for o in specs}
    merged = defaults(specs)
    for name, value in (given or {}).items():
        option = by_name.get(name)
        if option is None:
            raise _refuse(
                title,
                specs,
                Reason("{game} has no option {name}", game=title_words(title), name=repr(name)),
            )
        try:
            merged[name] = option.check(value)
        except OptionError as exc:
            raise _refuse(title, specs, exc.why) from None
    return merged


def parse_text(title: str, specs: Iterable[Option], text: str | None) -> dict[str, Any]:
    """``"target=300 twos_stack=on"`` -> ``{"target": 300, "twos_stack": True}``: each value
    read in its option's type and checked; raise OptionError as :func:`check` does."""
    specs = tuple(specs)
    out: dict[str, Any] = {}
    for word in (text or "").replace(",", " ").split():
        name, sep, value = word.partition("=")
        name = name.strip().lower()
        if not sep or not name or not value.strip():
            problem = Reason(
                "write options as name=value separated by spaces; {word} is not", word=repr(word)
            )
            error = _refuse(title, specs, problem)
            error.malformed = word
            raise error
        if name in out:
            problem = Reason("{name} is given twice", name=repr(name))
            raise _refuse(title, specs, problem)
        out[name] = parse_value(title, specs, name, value)
    return out


def parse_value(title: str, specs: Iterable[Option], name: str, text: str) -> Any:
    """The value ``text`` typed for option ``name``, in its type and range; raise
    OptionError as :func:`check` does (a list option cannot be typed in)."""
    specs = tuple(specs)
    option = next((o for o in specs if o.name == name), None)
    if option is None:
        raise _refuse(
            title,
            specs,
            Reason("{game} has no option {name}", game=title_words(title), name=repr(name)),
        )
    try:
        return option.parse(text)
    except OptionError as exc:
        raise _refuse(title, specs, exc.why) from None
