"""What the table service refuses, as exceptions the cogs turn into one sentence each.

Each error's ``str`` is already the sentence a player should read. Errors that come with
the player's current hand (a stale button, a card no longer held) carry ``seat`` so the cog
can show it.
"""

from __future__ import annotations


class TableError(Exception):
    """Base of every refusal: nothing changed at the table."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NoTable(TableError):
    def __init__(self, message: str = "There is no table here.") -> None:
        super().__init__(message)


class TableExists(TableError):
    def __init__(self, message: str = "This thread already has a table; finish it first.") -> None:
        super().__init__(message)


class TableEnded(TableError):
    def __init__(self, message: str = "That table has ended.") -> None:
        super().__init__(message)


class TableBusy(TableError):
    def __init__(self, message: str = "The table is busy; try again in a moment.") -> None:
        super().__init__(message)


class NotSeated(TableError):
    def __init__(self, message: str = "You are not seated at this table.") -> None:
        super().__init__(message)


class AlreadySeated(TableError):
    def __init__(self, message: str = "You are already seated at this table.") -> None:
        super().__init__(message)


class NotYourTurn(TableError):
    def __init__(self, whose: str | None = None) -> None:
        who = f" It is {whose}'s turn." if whose else ""
        super().__init__(f"It is not your turn.{who}")


class StaleView(TableError):
    """A button from an older state of the game: the seat's current hand goes with it."""

    def __init__(self, message: str = "That button is out of date; here is your hand now.") -> None:
        super().__init__(message)


class CardNotHeld(StaleView):
    def __init__(self, card: str) -> None:
        super().__init__(f"You no longer hold {card}; here is your hand now.")


class GameRunning(TableError):
    def __init__(self, message: str = "The game has already started.") -> None:
        super().__init__(message)


class NotStarted(TableError):
    def __init__(self, message: str = "The game has not started yet.") -> None:
        super().__init__(message)


class NotHost(TableError):
    def __init__(self, message: str = "Only the host can do that.") -> None:
        super().__init__(message)


class TableFull(TableError):
    def __init__(self, seats: int) -> None:
        super().__init__(f"The table is full ({seats} seats).")


class BadOptions(TableError):
    """A malformed or unknown ``/play`` option."""


class Illegal(TableError):
    """The engine refused the action (its reason, as a sentence)."""
