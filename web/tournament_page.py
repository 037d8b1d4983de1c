"""A tournament's public page: ``GET /tournament/{id}?key=...`` (static HTML and JS) and its
WebSocket ``GET /ws/tournament/{id}?key=...``, which sends the page's frame at once and again
whenever the event changes (a player joined, a table opened, a table ended).

The page is read-only and shows public information only: the event's shape, status and round,
the standings with the stated tie-break, and its tables with a link to each one's spectator
page while it plays and to its replay once it has finished. It reads the event through the
table service's frozen view (``Tournaments.view``); nothing of a table's game is in it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from engine import game_title
from i18n import N_, Catalog
from i18n import get as catalog_of
from tables.errors import TableError
from tables.model import Table
from tables.service import TableService
from tables.tournaments.event import Event, TournamentListener
from tables.tournaments.rules import TIE_BREAK
from tables.tournaments.view import FORMAT, STATUS, GameView, TournamentView
from web.links import BadKey, Signer, id_in
from web.reader import reader

log = logging.getLogger(__name__)

NO_EVENT = N_("There is no such tournament.")
TITLE = N_("{format} tournament #{id} · {game}")
COLUMNS = (N_("Place"), N_("Player"), N_("Points"), N_("Won"), N_("Played"))


class TournamentPages(TournamentListener):
    """The open tournament pages, by event, kept drawn as the event changes."""

    def __init__(
        self,
        service: TableService,
        signer: Signer,
        spectator_link: Callable[[int], str],
        replay_link: Callable[[int], str],
        static: Path,
    ) -> None:
        self.service = service
        self.signer = signer
        self.spectator_link = spectator_link
        self.replay_link = replay_link
        self.static = static
        self.pages: dict[int, set[web.WebSocketResponse]] = {}

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/tournament/{event}", self.page),
            web.get("/ws/tournament/{event}", self.socket),
        ]

    async def page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(self.static / "tournament.html")

    def view_of(self, request: web.Request) -> TournamentView | str:
        """The event a request's link opens, or the reason it opens none (a message for the
        catalogs: no event is known, so it is said in the reader's language)."""
        event_id = id_in(request.match_info["event"])
        if event_id is None:
            return NO_EVENT
        try:
            self.signer.check_tournament(request.query.get("key", ""), event_id)
            return self.service.tournaments.view(event_id)
        except BadKey as exc:
            return str(exc)
        except TableError:
            return NO_EVENT

    async def socket(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(heartbeat=30)
        await ws.prepare(request)
        view = self.view_of(request)
        if isinstance(view, str):
            tr = reader(request)
            said = {"type": "refused", "reason": tr._(view), "final": True, "language": tr.lang}
            await ws.send_str(json.dumps(said))
            await ws.close()
            return ws
        self.pages.setdefault(view.id, set()).add(ws)
        try:
            await ws.send_str(json.dumps(self.frame(view)))
            async for message in ws:  # the page sends nothing; a message is ignored
                if message.type != WSMsgType.TEXT:
                    break
        finally:
            pages = self.pages.get(view.id)
            if pages is not None:
                pages.discard(ws)
                if not pages:
                    del self.pages[view.id]
        return ws

    def frame(self, view: TournamentView) -> dict[str, Any]:
        return tournament_frame(view, catalog_of(view.language), self.table_links)

    def table_links(self, game: GameView) -> dict[str, str] | None:
        if game.table_id is None or game.bye:
            return None
        if game.result:
            return {"href": self.replay_link(game.table_id), "kind": "replay"}
        if game.done:
            return None  # ended early: no match to replay
        return {"href": self.spectator_link(game.table_id), "kind": "live"}

    async def draw(self, event_id: int) -> None:
        """Send every open page of the event its new frame."""
        pages = list(self.pages.get(event_id, ()))
        if not pages:
            return
        text = json.dumps(self.frame(self.service.tournaments.view(event_id)))
        results = await asyncio.gather(*(ws.send_str(text) for ws in pages), return_exceptions=True)
        for ws, result in zip(pages, results, strict=True):
            if isinstance(result, BaseException):
                self.pages.get(event_id, set()).discard(ws)

    async def close_all(self) -> None:
        sockets = [ws for pages in self.pages.values() for ws in pages]
        self.pages.clear()
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)

    # --- the listener -------------------------------------------------------------------
    async def event_changed(self, event: Event) -> None:
        await self.draw(event.id)

    async def table_opened(self, event: Event, table: Table) -> None:
        await self.draw(event.id)

    async def standings_changed(self, event: Event) -> None:
        await self.draw(event.id)


def points(value: float, tr: Catalog) -> str:
    return tr.number(round(value, 2))


def tournament_frame(
    view: TournamentView,
    tr: Catalog,
    links: Callable[[GameView], dict[str, str] | None],
) -> dict[str, Any]:
    """What a tournament page draws, in the event's language: public information only."""
    title = tr._(
        TITLE, format=tr._(FORMAT[view.format]), id=view.id, game=tr._(game_title(view.game))
    )
    if view.format == "swiss" and view.rounds is not None:
        length = tr.ngettext("{count} round", "{count} rounds", view.rounds)
    else:
        length = tr.ngettext("{count} minute", "{count} minutes", view.minutes or 0)
    facts = [
        f"{length} · {tr._('tables of {n}', n=view.seats)} · "
        + (tr._("bots fill short tables") if view.bots else tr._("no bots")),
        tr._("Status: {status}.", status=tr._(STATUS[view.status])),
    ]
    if view.format == "swiss" and view.rounds and view.round:
        facts.append(tr._("Round {round} of {rounds}", round=view.round, rounds=view.rounds))
    tables = []
    for game in reversed(view.games):
        if game.table_id is None and not game.bye:
            continue  # seated, its table not open yet
        who = ", ".join(game.names)
        if game.bye:
            label = tr._("Round {round}: {name} has a bye", round=game.round, name=who)
        elif view.format == "swiss":
            label = tr._(
                "Round {round}, table #{table}: {players}",
                round=game.round,
                table=game.table_id,
                players=who,
            )
        else:
            label = tr._("Table #{table}: {players}", table=game.table_id, players=who)
        link = links(game)
        if link is not None:
            link["label"] = tr._("Replay") if link["kind"] == "replay" else tr._("Watch live")
        tables.append({"label": label, "link": link})
    return {
        "type": "tournament",
        "title": title,
        "language": view.language,
        "facts": facts,
        "heading": tr._("Final standings") if view.final else tr._("Standings"),
        "columns": [tr._(c) for c in COLUMNS],
        "standings": [
            {
                "rank": s.rank,
                "name": s.name + (" 🔥" if s.on_fire else ""),
                "points": points(s.points, tr),
                "wins": s.wins,
                "played": s.played,
            }
            for s in view.standings
        ],
        "tie_break": tr._(TIE_BREAK[view.format]),
        "tables_heading": tr._("Tables"),
        "tables": tables,
        "empty": tr._("No tables yet."),
    }
