"""A game's options read from text or a dict, checked by the game, defaults filled; a problem
is refused with a sentence naming the game's options and ranges (``engine.options``)."""

from __future__ import annotations

from typing import Any

from engine import GAMES, Game
from engine.options import Listing, OptionError, title_words
from engine.reasons import Reason, Sentence
from i18n import N_
from tables.errors import BadOptions


def parse_option_text(game: str, text: str | None) -> dict[str, Any]:
    """``target=300 twos_stack=on`` -> ``{"target": 300, "twos_stack": True}``: the options
    given, each read in the type and range the game declares (``engine.options``).

    Raise ``BadOptions`` naming the problem and listing the game's options and ranges.
    """
    cls = _game_class(game)
    try:
        return cls.parse_options(text)
    except OptionError as exc:
        if exc.malformed is None:
            raise BadOptions("{reason}", reason=exc.why) from exc
        raise BadOptions(
            N_(
                "Write options as name=value separated by spaces; {word} is not. "
                "{game} options: {known}."
            ),
            word=repr(exc.malformed),
            game=title_words(cls.title),
            known=Listing(cls.option_specs),
        ) from exc
    except ValueError as exc:
        raise BadOptions("{reason}", reason=_why(exc)) from exc


def _why(error: Exception) -> Reason:
    """The engine's reason for ``error`` (English text when it kept none), as a sentence."""
    why = getattr(error, "why", None)
    return Sentence(why if why is not None else Reason(str(error)))


def parse_options(game: str, text: str | dict[str, Any] | None) -> dict[str, Any]:
    """Options for ``game`` from option text (or a dict), checked by the game, defaults filled.

    Raise ``BadOptions`` with a sentence naming the game's options when anything is off.
    """
    cls = _game_class(game)
    raw = dict(text) if isinstance(text, dict) else parse_option_text(game, text)
    try:
        return cls.check_options(raw)
    except OptionError as exc:
        raise BadOptions("{reason}", reason=exc.why) from exc
    except ValueError as exc:
        raise BadOptions(
            N_("{reason} {game} options: {known}."),
            reason=_why(exc),
            game=title_words(cls.title),
            known=Listing(cls.option_specs),
        ) from exc


def _game_class(game: str) -> type[Game]:
    cls = GAMES.get(game)
    if cls is None:
        raise BadOptions(N_("There is no game called {game}."), game=repr(game))
    return cls
