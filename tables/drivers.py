"""Each running table's driver (``engine.driver.TableDriver``): a bot for every seat (a
human's plays only as their stand-in) and the timings the table is run with."""

from __future__ import annotations

from engine.bots import Bot, make_bot
from engine.driver import TableDriver
from tables import bot_runner
from tables.model import Table
from tables.registry import table_game


class Drivers:
    """Sets up a table's driver when its game starts or is recovered."""

    def __init__(
        self,
        *,
        bot_delay: float,
        turn_timeout: float,
        vote_timeout: float,
        expert_budget: float,
    ) -> None:
        self.bot_delay = bot_delay
        self.turn_timeout = turn_timeout
        self.vote_timeout = vote_timeout
        self.expert_budget = expert_budget

    def make(self, table: Table) -> TableDriver:
        """``table``'s driver, with a bot for every seat (a human's plays only as stand-in)."""
        plugin = table_game(table.game_name)
        bots = {}
        for position, seat in enumerate(table.seats):
            # a human's stand-in plays at the table's bot level, whatever its bots' own kinds
            kind = seat.bot_kind or table.bot_level
            bot = self._bot(kind, table.game_name, table.seed + position)
            # an expert bot gets the wall clock and its budget (tables.bot_runner)
            bots[seat.seat] = bot_runner.prepare(bot, self.expert_budget)
        table.driver = TableDriver(
            bots,
            played_by_bot=lambda key: table.seat(key).played_by_bot,
            human=lambda key: not table.seat(key).is_bot,
            bot_delay=self.bot_delay,
            turn_timeout=self.turn_timeout,
            vote_timeout=self.vote_timeout,
            patience=lambda game, now: plugin.bot_patience(game, now, self.bot_delay),
        )
        return table.driver

    @staticmethod
    def _bot(kind: str, game: str, seed: int) -> Bot:
        try:
            return make_bot(kind, game, seed)
        except ValueError:
            return make_bot("random", game, seed)
