"""The bot interface, the random bot and the registry of per-game heuristic bots.

A bot decides from what its seat may see and the actions offered, never from the game
state: ``choose(observation, legal)`` gets ``game.observation(seat)`` and
``game.legal_actions(seat)`` and returns one of the offered actions. Bots draw from a
seeded ``random.Random`` (their own, or one a driver shares among a game's bots through the
``rng`` setter, as simulate does), so a simulation replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping
from typing import Any, ClassVar

from engine.actions import Action
from engine.events import Observation as Observation

BOT_KINDS = ("random", "heuristic", "expert")


class Bot:
    """Base class: a named decision rule over observations."""

    kind = "bot"
    #: whether ``choose`` and ``react`` read the observation; a bot that decides from the
    #: offered actions alone says False, and drivers then hand it an empty one instead of
    #: building it (``engine.asking.view``)
    reads_observation: ClassVar[bool] = True
    #: whether it reads its observation only while ``choose`` or ``react`` runs (never keeps
    #: it for later, nor hands it to another thread); drivers then hand it one built as it
    #: is read (``Game.bot_view``), which costs only the fields it reads
    reads_in_call: ClassVar[bool] = False
    #: whether it chooses by index (``choice_index``): drivers then take the offered action
    #: at that index themselves, so they know it is one of the offered ones without looking
    #: for it. A subclass that overrides ``choose`` without saying ``by_index`` again is
    #: taken not to (its ``choose`` is what decides)
    by_index: ClassVar[bool] = False
    #: whether it picks uniformly among the offered actions with one ``rng.random()`` and
    #: reads nothing else (``RandomBot.choice_index``): the driver's hottest path then makes
    #: that very draw itself instead of calling the bot. Declared by ``RandomBot``; a
    #: subclass that decides or reads otherwise (overrides ``choose``, ``choice_index`` or
    #: ``reads_observation`` without saying ``uniform`` again) is taken not to
    uniform: ClassVar[bool] = False
    #: whether it keeps nothing from one call to the next but its generator, so a driver
    #: may seat the same bot at game after game, handing it each game's generator
    #: (``terminal.simulate``). A promise each class makes for itself: a subclass that does
    #: not say ``stateless`` again is taken not to be (it may note what it saw)
    stateless: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "choose" in cls.__dict__ and "by_index" not in cls.__dict__:
            cls.by_index = False
        if "uniform" not in cls.__dict__ and any(
            name in cls.__dict__ for name in ("choose", "choice_index", "reads_observation")
        ):
            cls.uniform = False
        cls.uniform = cls.uniform and cls.by_index and not cls.reads_observation
        if "stateless" not in cls.__dict__:
            cls.stateless = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        """The bot's own generator, made when first used: a table keeps a bot for every
        seat (a human's is a stand-in that may never play), and a ``random.Random`` holds
        about 2.5 KiB of state."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        raise NotImplementedError

    def choice_index(self, observation: Observation, legal: list[Action]) -> int:
        """The index in ``legal`` (not empty) of the action ``choose`` would return, for a
        bot that chooses ``by_index``."""
        raise NotImplementedError

    def react(self, observation: Observation, legal: list[Action]) -> Action | None:
        """Something to do out of turn (Mao: a call, a phrase, a new rule), or None.

        Drivers ask every bot after each change (but those a ``TableWatch`` answers for);
        most games have nothing to react to.
        """
        return None

    @classmethod
    def table_watch(cls, bots: Mapping[str, Bot]) -> TableWatch | None:
        """A watch for the bots of one table to share (``engine.turns.BotTable`` asks for one
        per table), or None: bots that read the same public events share one reading."""
        return None


class TableWatch:
    """What the bots of one table share: one reading of the public table, made from their
    observations' public fields only, which also says which of them to ask to react.

    ``members`` are the bots that share it, by seat; ``asks(observation)`` (any member's
    observation of the game as it is now) names the members whose ``react`` may come to
    something now: a driver need not ask the others at this version.
    """

    members: Mapping[str, Bot]

    def asks(self, observation: Observation) -> Collection[str]:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform over the legal actions.

    It never reads the observation, so drivers build none for it; a subclass that does read
    one must say ``reads_observation = True``.
    """

    kind = "random"
    reads_observation: ClassVar[bool] = False
    by_index: ClassVar[bool] = True
    uniform: ClassVar[bool] = True
    stateless: ClassVar[bool] = True

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self.choice_index(observation, legal)]

    def choice_index(self, observation: Observation, legal: list[Action]) -> int:
        # the rng property, written out (``uniform``: engine.turns.BotTable.step draws alike)
        return int((self._rng or self.rng).random() * len(legal))


HEURISTICS: dict[str, type[Bot]] = {}
#: games whose expert level is a bot of their own rather than the shared search
#: (``engine.bots.expert.ExpertBot`` on the game's playouts): Mao's
EXPERTS: dict[str, type[Bot]] = {}
#: games whose "random" level needs to know their rules (Mao: speaking is part of a move)
RANDOM_LEVELS: dict[str, type[Bot]] = {}


def heuristic(game: str) -> Callable[[type[Bot]], type[Bot]]:
    """Class decorator: register the heuristic bot for ``game``."""

    def register(cls: type[Bot]) -> type[Bot]:
        HEURISTICS[game] = cls
        return cls

    return register


def random_level(game: str) -> Callable[[type[Bot]], type[Bot]]:
    """Class decorator: register the random-level bot for ``game`` (default ``RandomBot``)."""

    def register(cls: type[Bot]) -> type[Bot]:
        RANDOM_LEVELS[game] = cls
        return cls

    return register


def expert_level(game: str) -> Callable[[type[Bot]], type[Bot]]:
    """Class decorator: register ``game``'s own expert bot (made as ``cls(seed)``)."""

    def register(cls: type[Bot]) -> type[Bot]:
        EXPERTS[game] = cls
        return cls

    return register
