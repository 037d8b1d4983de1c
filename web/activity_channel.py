"""What the Activity offers a signed-in user in the channel it was launched in: the channel's
table with the user's own key, or, where there is none, the form to open one, the tables
open in the channel's threads and the table that last closed there.

Keys and tickets are signed here (``web.links``); whether a thread may be listed is the
Discord side's to say (``listed``, set by ``cogs.web``), as the page knows nothing of who may
see a thread.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from engine import GAMES, game_title
from i18n import Catalog
from i18n import get as catalog_of
from tables.model import Table
from tables.service import TableService
from web.frames import page_title
from web.links import Signer

#: the bots a table opened from the Activity may seat, as ``/play``'s ``bots``
BOTS = range(10)
#: the open tables in a text channel's threads the Activity lists there, the oldest first
NEARBY_SHOWN = 5


def opening_form(tr: Catalog) -> dict[str, Any]:
    """The form the Activity shows where its channel has no table (``static/form.js``)."""
    games = sorted(GAMES, key=lambda name: tr._(game_title(name)))
    return {
        "title": tr._("Open a table here"),
        "submit": tr._("Open the table"),
        "fields": [
            {
                "key": "game",
                "label": tr._("Game"),
                "options": [[name, tr._(game_title(name))] for name in games],
            },
            {"key": "bots", "label": tr._("Bots"), "options": [[str(n), str(n)] for n in BOTS]},
        ],
    }


def chosen(values: Any) -> tuple[str, int] | None:
    """The game and the count of bots the form sent (``{"game", "bots"}``); None for
    anything the form does not offer."""
    if not isinstance(values, dict):
        return None
    game, bots = values.get("game"), values.get("bots")
    offered = [str(n) for n in BOTS]
    if not isinstance(game, str) or game not in GAMES or not isinstance(bots, str):
        return None
    return (game, int(bots)) if bots in offered else None


class ChannelOffer:
    """The answer to a user who launched the Activity in a channel."""

    def __init__(
        self, service: TableService, signer: Signer, listed: Callable[[int], bool]
    ) -> None:
        self.service = service
        self.signer = signer
        #: whether a table's thread is open to everyone in its channel
        self.listed = listed

    def in_channel(self, channel_id: int, user_id: int) -> dict[str, Any] | None:
        """The channel's table as the user opens it (``opens``); None where it has none."""
        table = self.service.in_channel(channel_id)
        if table is None:
            return None
        return self.opens(table.id, user_id, table.seat_of_user(user_id) is not None)

    def to_open(self, channel_id: int, user_id: int, locale: str) -> dict[str, Any]:
        """Where the channel has no table: ``{"table": None, "open"}`` (the form, in the
        user's ``locale``, with the signed ticket that lets it open one here), the tables
        open in the channel's threads (``"nearby"``, to join or watch) and, where its last
        table closed, ``"last"``: that table's ``{"table", "key"}`` (its end is shown above
        the form, with Play again for its players)."""
        tr = catalog_of(locale)
        ticket = self.signer.opening(user_id, channel_id, time.time())
        answer: dict[str, Any] = {
            "table": None,
            "open": {"form": opening_form(tr), "ticket": ticket, "locale": locale},
        }
        # a text channel's tables live in its threads: the page lists them to join or watch
        shown = self.service.in_threads_of(channel_id)
        near = [t for t in shown if t.channel_id and self.listed(t.channel_id)]
        if near:
            answer["nearby"] = {
                "title": tr._("Tables open in this channel"),
                "tables": [self.nearby(t, user_id, tr) for t in near[:NEARBY_SHOWN]],
            }
        last = self.service.last_closed(channel_id)
        if last is not None:
            # the table that played here last, as it ended: Play again for its players
            answer["last"] = self.opens(last.id, user_id, last.seat_of_user(user_id) is not None)
        return answer

    def nearby(self, table: Table, user_id: int, tr: Catalog) -> dict[str, Any]:
        """An open table in a thread of the Activity's channel, as its list shows it: what it
        is and how it stands, and what the page opens it with (``opens``)."""
        title = page_title(table, tr)  # in the reader's language, as the list around it
        if table.status == "lobby":
            count = len(table.seats)
            about = tr.ngettext(
                "In its lobby, {count} seated", "In its lobby, {count} seated", count
            )
        else:
            about = tr._("Playing: watch it")
        seated = table.seat_of_user(user_id) is not None
        return {"title": title, "about": about, **self.opens(table.id, user_id, seated)}

    def opens(self, table_id: int, user_id: int, seated: bool) -> dict[str, Any]:
        """What the page opens table ``table_id`` with: the user's own key, seated or not
        (who they are lets them sit down in the lobby)."""
        key = self.signer.player(table_id, user_id, time.time())
        return {"table": table_id, "key": key, "seated": seated}
