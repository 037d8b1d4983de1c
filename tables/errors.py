"""What the table service refuses, as exceptions the cogs turn into one sentence each.

Each error's ``str`` is already the sentence a player should read, in English. It is built
from a ``template`` marked for translation (``N_``) and its ``fields``, so a cog can say it in
the reader's language with ``in_language``. Errors that come with the player's current hand (a
stale button, a card no longer held) are ``StaleView``s so the cog can show it.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action, action_verb
from engine.cards import SUIT_SYMBOLS, Card
from engine.reasons import Reason, Sentence, Words
from engine.words import suit_words
from i18n import N_
from tables.moves import said_cards, said_move


class TableError(Exception):
    """Base of every refusal: nothing changed at the table."""

    def __init__(self, template: str, **fields: Any) -> None:
        message = template.format(**fields) if fields else template
        super().__init__(message)
        self.message = message
        self.template = template
        self.fields = fields

    def in_language(self, catalog: Any) -> str:
        """The sentence in ``catalog``'s language (an ``i18n.Catalog``); an engine reason
        among its fields is said in that language too, cards and suits as the table shows them."""
        fields = {name: _said(catalog, name, value) for name, value in self.fields.items()}
        return str(catalog._(self.template, **fields))


#: the fields of an engine reason that hold cards in their text form
CARD_FIELDS = frozenset({"card", "cards", "top"})


def _shown(catalog: Any, name: str, value: Any) -> Any:
    """A field of an engine reason as the table shows it: ``7♥``, ``♥ hearts``, a verb, a
    move in the reader's words (``Dar K♥``)."""
    if isinstance(value, Card):
        return value.display()
    if isinstance(value, Action):
        return said_move(value, catalog)
    if name in CARD_FIELDS:  # "7H", "3C 3D", "give KH, give QS": cards and moves as shown
        return said_cards(str(value), catalog)
    if name == "suit" and value in SUIT_SYMBOLS:
        return suit_words(value, catalog)
    verb = action_verb(value) if name == "kind" and isinstance(value, str) else None
    if verb:
        return catalog._(verb)
    return value


def _said(catalog: Any, name: str, value: Any) -> Any:
    if isinstance(value, Reason):
        return value.said(catalog, lambda field, shown: _shown(catalog, field, shown))
    if isinstance(value, Words):  # an option's name, the options listed, a game's title
        return value.said(catalog)
    return value


class NoTable(TableError):
    def __init__(self, message: str = N_("There is no table here.")) -> None:
        super().__init__(message)


class TableExists(TableError):
    def __init__(self, message: str = N_("A table is already open here; finish it first.")) -> None:
        super().__init__(message)


class TableEnded(TableError):
    def __init__(self, message: str = N_("That table has ended.")) -> None:
        super().__init__(message)


class TableBusy(TableError):
    def __init__(self, message: str = N_("The table is busy; try again in a moment.")) -> None:
        super().__init__(message)


class Restarting(TableError):
    """A press that arrived while the bot is stopping: it is not applied, so it is not lost
    without a word either (``cogs.items``)."""

    def __init__(
        self, message: str = N_("The table is restarting; press again in a moment.")
    ) -> None:
        super().__init__(message)


class NotSeated(TableError):
    def __init__(self, message: str = N_("You are not seated at this table.")) -> None:
        super().__init__(message)


class AlreadySeated(TableError):
    def __init__(self, message: str = N_("You are already seated at this table.")) -> None:
        super().__init__(message)


class NotYourTurn(TableError):
    def __init__(self, whose: str | None = None) -> None:
        if whose:
            super().__init__(N_("It is not your turn. It is {name}'s turn."), name=whose)
        else:
            super().__init__(N_("It is not your turn."))


class StaleView(TableError):
    """A button from an older state of the game: the seat's current hand goes with it."""

    def __init__(
        self, message: str = N_("That button is out of date; here is your hand now.")
    ) -> None:
        super().__init__(message)


class CardNotHeld(StaleView):
    def __init__(self, card: str) -> None:
        TableError.__init__(
            self, N_("You no longer hold {card}; here is your hand now."), card=card
        )


class GameRunning(TableError):
    def __init__(self, message: str = N_("The game has already started.")) -> None:
        super().__init__(message)


class NotStarted(TableError):
    def __init__(self, message: str = N_("The game has not started yet.")) -> None:
        super().__init__(message)


class NotHost(TableError):
    def __init__(self, message: str = N_("Only the host can do that.")) -> None:
        super().__init__(message)


class TableFull(TableError):
    def __init__(self, seats: int) -> None:
        super().__init__(N_("The table is full ({seats} seats)."), seats=seats)


class BadOptions(TableError):
    """A malformed or unknown ``/play`` option."""


class Illegal(TableError):
    """The engine refused the action (its reason, as a sentence)."""


class Refused(Illegal):
    """The engine's reason for refusing a move, a rule or an option (``engine.reasons``), as a
    sentence: ``str`` is the English one, ``in_language`` says it in the reader's language."""

    def __init__(self, error: BaseException) -> None:
        why = getattr(error, "why", None)
        reason = Sentence(why if why is not None else Reason(str(error)))
        super().__init__("{reason}", reason=reason)
