"""What a page sends on its table's socket, and what becomes of it (``web.server`` opens the
socket; this module answers each message).

A seated page sends ``{"type": "act", "action": ..., "token": ...}``, at a table that reads
chat ``{"type": "say", "text": ...}``, a form its game offers the seat filled in (``{"type":
"form", "values": {...}}``: Mao's New rule, ``web.plugin``), and from a seat the table marked
away ``{"type": "back"}``. In a lobby, a page whose key names its user (the Activity's)
presses the Discord lobby's buttons: ``{"type": "join", "name": ...}`` (under the name Discord
gave them, signed when the Activity opened), ``"leave"``, ``"bot"`` and the host's
``"start"``. While the game runs, a seated player's page sends ``{"type": "leave_game"}`` once
its player has confirmed **Leave the table**: as ``/table leave``, a bot plays the seat to the
end, and the page goes on as a spectator's saying so (``web.frames``). It is a message of its
own, so a lobby's **Leave** pressed as the game starts leaves no game unasked. On a closed
table's page its players and host may send ``{"type": "again"}``, **Play again**: the rematch
opens in the table's thread as the table message's button opens it (``rematch``, set by
``cogs.web``). However a rematch opens, every page of the closed table is sent ``{"type":
"moved", "table": ..., "key": ...}``, a key to the new table of the same kind as its own
(``web.hub``). Each goes through the same service call as a Discord press (``service.act``,
``service.say``, ``service.back``, ``service.join``, ``service.leave``,
``service.rematch``...); words said on a page are shown in the thread under the speaker's name
(``Echo``). Anything else, a stale token, a move not offered, a spectator's move, more than
``RATE`` messages a second, is answered ``{"type": "refused", "reason": ..., "frame": ...}``
with the page drawn again as it stands, and changes nothing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from engine.actions import Action, Say, parse_action
from engine.reasons import Refusal
from i18n import N_
from i18n import get as catalog_of
from tables.errors import GameRunning, NotStarted, Refused, TableError
from tables.model import Table
from tables.service import TableService
from tables.timing import since_start
from web.frames import catalog, frame
from web.hub import Hub, Page
from web.links import SPECTATOR
from web.registry import web_game

#: messages a connection may send in any one second; more are refused
RATE = 8
#: the longest thing a player may say from the page (characters)
MAX_SPEECH = 300
#: the most fields a filled form may send
MAX_FIELDS = 12
SPECTATORS_WATCH = N_("Spectators watch the table; only a seated player's link can play.")
UNKNOWN_MESSAGE = N_("That message is not one the table knows.")
TOO_FAST = N_("Too many messages at once: wait a moment.")
NOTHING_SAID = N_("Say something first.")
NO_SPEECH = N_("This game does not read what players say.")
NOT_AWAY = N_("You are not marked away: play on.")
NO_NAME = N_("Open the table from Discord again to take a seat.")
NO_REMATCH = N_("A rematch is opened from the table's thread on Discord.")


class Echo(Protocol):
    """Whoever shows the table's thread words said on a page (``cogs.announcer``): told
    before the words go to the table, and again if they were refused."""

    def expect(self, table_id: int, seat: str, text: str) -> None: ...

    def forget(self, table_id: int, seat: str, text: str) -> None: ...


#: what a page may press in the lobby, as the Discord lobby's buttons (``web.frames.LOBBY_WORDS``)
LOBBY = ("join", "leave", "bot", "start")


class PageMessages:
    """Answers every message a page sends (see the module docstring)."""

    def __init__(
        self, service: TableService, hub: Hub, names: Callable[[int, Any], str | None]
    ) -> None:
        self.service = service
        self.hub = hub
        #: the name a user takes a seat under, as Discord gave it (``Activity.name_of``)
        self.names = names
        #: shows the table's thread what is said on a page, as the **Say** form's words are
        self.echo: Echo | None = None
        #: the clock the per-connection limit counts seconds on
        self.monotonic: Callable[[], float] = time.monotonic
        #: opens a rematch of a closed table in its thread for a user (``cogs.web``); -> the
        #: new table's id. None: no Discord to open it in
        self.rematch: Callable[[int, int], Awaitable[int]] | None = None

    def too_fast(self, page: Page) -> bool:
        """Whether this message is one more than ``RATE`` in the last second."""
        now = self.monotonic()
        page.recent = [t for t in page.recent if now - t < 1.0] + [now]
        return len(page.recent) > RATE

    async def handle(self, page: Page, text: str) -> None:
        """One message from a page: a move, speech, a form or "I'm back", or a refusal that
        changes nothing."""
        try:
            data = json.loads(text)
        except ValueError:
            data = None  # refused below as a message the table does not know
        if isinstance(data, dict) and data.get("type") == "again":
            await self.again(page)  # a closed table has left memory: its rematch needs none
            return
        try:
            table = self.service.get(page.table_id)
        except TableError as exc:  # the table has closed and left memory
            said = exc.in_language(catalog_of(page.language))
            await self.hub.send(page, {"type": "refused", "reason": said, "final": True})
            return
        tr = catalog(table)
        reason: str | None = None
        if self.too_fast(page):
            reason = tr._(TOO_FAST)
        elif page.user_id == SPECTATOR:
            reason = tr._(SPECTATORS_WATCH)
        else:
            try:
                await self.carry_out(page, table, data)
            except TableError as exc:
                reason = exc.in_language(tr)
            except Refusal as exc:  # an action's text the engine cannot read
                reason = Refused(exc).in_language(tr)
            except (ValueError, TypeError, KeyError):
                reason = tr._(UNKNOWN_MESSAGE)
        if reason is not None:
            # the page is drawn again as it stands, so a stale page catches up
            drawn = frame(table, page.seat, self.hub.viewers(table.id), page.user_id)
            await self.hub.send(page, {"type": "refused", "reason": reason, "frame": drawn})

    async def again(self, page: Page) -> None:
        """**Play again** pressed on a closed table's page: the rematch opened (and every page
        of the table sent to it, ``Hub.rematch_opened``); or a refusal that changes nothing."""
        tr = catalog_of(page.language)
        try:
            if self.too_fast(page):
                raise TableError(TOO_FAST)
            if page.user_id == SPECTATOR:
                raise TableError(SPECTATORS_WATCH)
            if self.rematch is None:
                raise TableError(NO_REMATCH)
            # the hub sends every page of the closed table, this one too, to the new lobby
            await self.rematch(page.table_id, page.user_id)
        except TableError as exc:
            await self.hub.send(page, {"type": "refused", "reason": exc.in_language(tr)})

    def table_time(self, table: Table) -> float:
        """Now on the table's clock, for a game judged in real time: a page's message has
        no snowflake, so its time is when it arrived."""
        return since_start(self.service.clock.now(), table.started_at or 0.0)

    async def carry_out(self, page: Page, table: Table, data: Any) -> None:
        kind = data.get("type") if isinstance(data, dict) else None
        if kind == "act":
            text, token = data["action"], data["token"]
            if not isinstance(text, str) or not isinstance(token, str) or len(text) > 200:
                raise ValueError(text)
            await self.act(page, table, parse_action(text), token)
        elif kind == "say":
            if not table.game_class.reads_chat:
                raise TableError(NO_SPEECH)
            said = data["text"]
            if not isinstance(said, str) or not said.strip():
                raise TableError(NOTHING_SAID)
            text = said.strip()[:MAX_SPEECH]
            speech = Say(text=text, at=self.table_time(table))
            seat = page.seat or ""
            if self.echo is not None:
                self.echo.expect(table.id, seat, text)
            try:
                # the thread's chat goes the same way (``cogs.games.mao.chat``): one path for speech
                await self.service.say(table.id, page.user_id, speech)
            except Exception:
                if self.echo is not None:
                    self.echo.forget(table.id, seat, text)
                raise
        elif kind == "form":
            values = data["values"]
            if not isinstance(values, dict) or len(values) > MAX_FIELDS:
                raise ValueError(values)
            if not all(isinstance(v, str) and len(v) <= MAX_SPEECH for v in values.values()):
                raise ValueError(values)
            # the game makes the move from the form (Mao: the rule, checked by its builder)
            await self.act(page, table, web_game(table.game_name).action(values), None)
        elif kind in LOBBY:
            await self.lobby(page, table, kind, data.get("name"))
        elif kind == "leave_game":
            await self.leave_game(page, table)
        elif kind == "back":
            # "I'm back", as the hand DM's button: a bot stops playing the seat
            if not await self.service.back(table.id, page.user_id):
                raise TableError(NOT_AWAY)
        else:
            raise ValueError(kind)

    async def act(self, page: Page, table: Table, action: Action, token: str | None) -> None:
        """The page's seat makes ``action``, timed now: when a move was made is the table's
        clock's to say, never the page's (a time it sent is replaced)."""
        await self.service.act(
            table.id, page.user_id, action.stamped(self.table_time(table)), token
        )

    async def lobby(self, page: Page, table: Table, verb: str, claim: Any = None) -> None:
        """A lobby's button pressed on the page, through the service as on Discord; a join
        is under the name Discord gave (``claim``: the name the page was given, signed). The
        page offers them in the lobby only: a game is left with ``leave_game``."""
        if table.status != "lobby":
            raise GameRunning()
        if verb == "join":
            name = self.names(page.user_id, claim)
            if name is None:  # the name comes from Discord when the Activity opens
                raise TableError(NO_NAME)
            await self.service.join(table.id, page.user_id, name)
        elif verb == "leave":
            await self.service.leave(table.id, page.user_id)
        elif verb == "bot":
            await self.service.add_bot(table.id, page.user_id)
        else:
            await self.service.start(table.id, page.user_id)

    async def leave_game(self, page: Page, table: Table) -> None:
        """**Leave the table** confirmed on a seated page while the game runs: as ``/table
        leave``, a bot plays the seat to the end; every page is drawn again after it, this
        one as a spectator's saying so (``web.frames``)."""
        if table.status == "lobby":
            raise NotStarted()  # a lobby is left with its own Leave, which asks nothing
        await self.service.leave(table.id, page.user_id)
