"""Why the engine says no: an English sentence kept as its template and its fields.

The engine refuses a move (``IllegalAction``), a secret rule (``RuleError``) or an option
(``OptionError``) with a reason a player reads. It writes that reason in English, as a
``str.format`` template marked for the catalogs and the values that fill it:
``IllegalAction("you do not hold {card}", card=card)``. ``str()`` of the error is the English
sentence, which the terminal, the logs and the tests read; a front-end that speaks
another language looks the template up in its catalog and fills it with the values shown its
own way (``said``). The engine never imports a catalog (``engine.describe`` works the same way);
the extractor (``i18n.extract``) knows these names as markers.

>>> why = Reason("{card} does not follow {suit}", card="7C", suit="H")
>>> str(why)
'7C does not follow H'
>>> class Portuguese:
...     def _(self, text, **fields):
...         return {"{card} does not follow {suit}": "{card} não segue {suit}"}[text].format(
...             **fields
...         )
>>> why.said(Portuguese(), lambda name, value: f"*{value}*")
'*7C* não segue *H*'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol


class Catalog(Protocol):
    def _(self, message: str, /, **fields: Any) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs here; it is translated where it is read."""
    return message


class Reason:
    """A sentence or phrase: ``template`` (English, marked) and the ``fields`` that fill it.

    A field may itself be a ``Reason`` (an option's problem inside the refusal that lists the
    options), said in the same language.
    """

    __slots__ = ("fields", "template")

    def __init__(self, template: str, /, **fields: Any) -> None:
        self.template = template
        self.fields = fields

    def __str__(self) -> str:
        return self.template.format(**self.fields) if self.fields else self.template

    def __repr__(self) -> str:
        return f"Reason({str(self)!r})"

    def said(
        self, tr: Catalog, show: Callable[[str, Any], Any] = lambda _name, value: value
    ) -> str:
        """The reason in ``tr``'s language; ``show(name, value)`` writes each field the way
        the front-end shows it (a card with its suit symbol, a suit by its name)."""
        fields = {name: _said(tr, show, name, value) for name, value in self.fields.items()}
        return str(tr._(self.template, **fields))


class Words(str):
    """Words of a game's own vocabulary inside a reason: option names, the words an option
    takes, a game's title. ``str`` is the English text (the words joined by ``sep``); a
    front-end says each word from its catalog, in ``context`` (``pgettext``) when given,
    the way the game's option suggestions and ``/rules`` show them.

    >>> Words(("chairman", "players"), "option value", "/")
    'chairman/players'
    """

    words: tuple[str, ...]
    context: str | None
    sep: str

    def __new__(cls, words: Iterable[str], context: str | None = None, sep: str = ", ") -> Words:
        words = tuple(words)
        self = super().__new__(cls, sep.join(words))
        self.words, self.context, self.sep = words, context, sep
        return self

    def said(self, tr: Catalog) -> str:
        context = self.context
        if context is None:
            return self.sep.join(tr._(word) for word in self.words)
        return self.sep.join(tr.pgettext(context, word) for word in self.words)


def _said(tr: Catalog, show: Callable[[str, Any], Any], name: str, value: Any) -> Any:
    if isinstance(value, Reason):
        return value.said(tr, show)
    if isinstance(value, Words):
        return value.said(tr)
    return show(name, value)


class Sentence(Reason):
    """A reason said as a sentence of its own: a capital letter first, a full stop last.

    >>> str(Sentence(Reason("it is not your turn")))
    'It is not your turn.'
    """

    __slots__ = ()

    def __init__(self, reason: Reason) -> None:
        super().__init__("{reason}", reason=reason)

    def __str__(self) -> str:
        return as_sentence(super().__str__())

    def said(
        self, tr: Catalog, show: Callable[[str, Any], Any] = lambda _name, value: value
    ) -> str:
        return as_sentence(super().said(tr, show))


def as_sentence(text: str) -> str:
    """``text`` with a capital letter first and a full stop last (unless it has one)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class Refusal(ValueError):
    """Base of the engine's refusals: ``reason`` is the English text, ``why`` its ``Reason``."""

    def __init__(self, reason: str | Reason, /, **fields: Any) -> None:
        why = reason if isinstance(reason, Reason) else Reason(reason, **fields)
        super().__init__(str(why))
        self.why = why
        self.reason = str(why)
