"""The card pictures that go with a hand or a table message on Discord.

``Attachments`` is the one hook the publisher calls wherever it sends or edits a hand or
the table message: it says whether the table shows pictures (``tables.preferences``: the table's
own choice, else the server's), describes what the picture shows (``pictures``), and turns
it into a ``discord.File`` (PNG bytes from the LRU, drawn in one of two picture threads on
a miss so the event loop never waits on Pillow). The file rides on the send or edit the publisher
makes anyway, so a picture costs no REST call of its own, and the table embed shows it with
``attachment://table.png``.

The table picture is built from the public observation (``observation(None)``) only; the
hand picture from its seat's own observation and the layout of its buttons, and it is only
ever attached to that seat's DM or ephemeral answer. File names and alt text are fixed
words or what the picture's own viewer may see.
"""

from __future__ import annotations

import asyncio
import io
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from functools import cache
from typing import Any

import discord

from cogs import render
from cogs.drawn import TABLE_FILE, Drawings, Drawn
from cogs.hand_layout import Choice, HandLayout
from engine import Event
from engine.cards import Card, is_card
from engine.describe import sort_hand
from engine.prompts import cards_word, must_answer
from i18n import Catalog
from pictures import HandCard, HandPicture, SeatCount, TablePicture, TableWords
from pictures.cache import HANDS, TABLES, PictureCache
from tables import queries
from tables.model import Seat, Table
from tables.preferences import Preferences

HAND_FILE = "hand.png"
ALT_LIMIT = 1000


def _cards_of(choice: Choice) -> list[str]:
    data = choice.action.to_dict()
    found = list(data.get("cards") or [])
    if data.get("card"):
        found.append(data["card"])
    return [str(c) for c in found]


def hand_picture(table: Table, seat: Seat, layout: HandLayout) -> HandPicture | None:
    """The hand of ``seat`` as a picture: the cards in the order its buttons list them, each
    marked with its button's label (``menu`` for one chosen in a select), then the cards
    that cannot be played now, sorted as the text sorts them; its title ("Sua mão: 7
    cartas") in the table's language."""
    view = layout.hand
    if view is None:
        return None
    hand = [str(c) for c in view.observation.get("hand") or [] if is_card(c)]
    marks: dict[str, tuple[int, str, str]] = {}  # card -> (rank of the mark, label, style)
    order: list[str] = []
    for row in layout.rows:
        in_select = row[0] == "select"
        for choice in row[-1]:
            played = _cards_of(choice)
            for text in played:
                if text not in order:
                    order.append(text)
            if len(played) == 1 and not choice.action.to_dict().get("suit"):
                mark = (
                    (2, choice.label, "menu") if in_select else (3, choice.label, choice.style.name)
                )
            else:
                mark = (1, "menu", "menu")
            for text in played:
                if mark[0] > marks.get(text, (0, "", ""))[0]:
                    marks[text] = mark
    left = Counter(hand)
    ordered: list[str] = []
    for text in order:
        ordered += [text] * left.pop(text, 0)
    ordered += sort_hand([c for c in hand if c in left], table.game_class.name)
    cards = tuple(
        HandCard(c, marks[c][1], marks[c][2]) if c in marks else HandCard(c) for c in ordered
    )
    tr = render.catalog(table)
    title = tr._("Your hand: {cards}", cards=cards_word(len(cards), tr))
    return HandPicture(cards, title)


def hand_alt(picture: HandPicture, tr: Catalog = render.EN) -> str:
    """The hand picture's alt text, in the table's language."""
    shown = " ".join(render.card(c.card) for c in picture.cards) or tr._("no cards")
    return tr._("Your hand: {cards}", cards=shown)[:ALT_LIMIT]


def table_picture(table: Table) -> TablePicture | None:
    """The public picture of a running table (nothing from any hand): the pile, what is in
    force, every seat's cards and score, and the last play as the table's sentences tell
    it."""
    public = queries.public(table)
    if public is None:
        return None
    view = public.observation
    top = view.get("top")
    tops = tuple(str(c) for c in (top if isinstance(top, list) else [top]) if is_card(c))
    suit = view.get("suit")
    named = suit if suit and tops and Card.parse(tops[-1]).suit != suit else None
    pending = view.get("pending") or None
    keys = [s.seat for s in table.seats]
    stack = None
    if pending and pending.get("count"):
        kind = "skip" if pending.get("kind") == "skip" else "draw"
        target = str(pending.get("target"))
        # the seat's place, so the badge names it as its row does (even "Player 3")
        stack = (kind, int(pending["count"]), keys.index(target) if target in keys else -1)
    waiting = set(public.waiting)
    counts = view.get("counts") or {}
    tr = render.catalog(table)
    scores = view.get("scores") or {}
    seats = tuple(
        SeatCount(
            s.name,
            counts.get(s.seat),
            s.seat in waiting,
            render.score_words(table, scores[s.seat]) if s.seat in scores else "",
        )
        for s in table.seats
    )
    stock = view.get("stock")
    tells = _tells_rules(table)
    words = table_words(tr)
    if named or (stack and stack[0] == "draw"):
        suit = tr._(render.SUIT_WORDS[named]) if named in render.SUIT_WORDS else ""
        draw = tr.ngettext("+{count} card", "+{count} cards", stack[1]) if stack else ""
        words = replace(words, suit=suit, draw=draw)
    return TablePicture(
        top=tops,
        named_suit=named,
        direction=view.get("direction") if tells else None,
        pending=stack if tells else None,
        stock=stock if isinstance(stock, int) else None,
        seats=seats,
        title=render.table_title(table),
        words=words,
        last=last_play(table, view.get("events") or []),
    )


def last_play(table: Table, events: list[Event]) -> str:
    """The latest play among the public events, as the table's sentences tell it ("Ana
    played 7♥"), or "" before the first."""
    for event in reversed(events):
        if event.get("type") == "play":
            return render.event_line(table, event)
    return ""


@cache
def table_words(tr: Catalog) -> TableWords:
    """The table picture's own words in ``tr``'s language (remembered: a picture is built
    at every table edit). Short, for the picture's narrow columns; the table picture
    context keeps them apart from the same words in the table's sentences."""
    return TableWords(
        stock=tr._("stock {count}"),
        set_of=tr.pgettext("table picture", "set of {count}"),
        top_card=tr.pgettext("table picture", "top card"),
        empty_pile=tr.pgettext("table picture", "empty pile"),
        named=tr.pgettext("table picture", "named"),
        clockwise=tr.pgettext("table picture", "clockwise"),
        counterclockwise=tr.pgettext("table picture", "counter-\nclockwise"),
        skip=tr.pgettext("table picture", "skip {count}"),
        target=tr.pgettext("table picture", "for {name}"),
        player=tr._("Player {n}"),
    )


def _tells_rules(table: Table) -> bool:
    """Whether the table may show what the rules do (direction, a pending stack): not for a
    game of secret rules (Mao), whose picture shows only what its own embed shows."""
    return not table.game_class.secret_rules


def table_alt(picture: TablePicture, tr: Catalog = render.EN) -> str:
    """The table picture's alt text, in the table's language."""
    parts = [picture.title]
    if picture.top:
        parts.append(tr._("top: {cards}", cards=render.cards(list(picture.top))))
    if picture.named_suit:
        suit = render.suit_text(picture.named_suit, tr)
        parts.append(tr._("suit in force: {suit}", suit=suit))
    if picture.direction:
        parts.append(tr._(picture.direction))
    if picture.pending:
        kind, count, index = picture.pending
        target = picture.seats[index].name if 0 <= index < len(picture.seats) else tr._("nobody")
        parts.append(must_answer(kind, count, target, tr))  # the table message's sentence
    seats = ", ".join(
        s.name
        + ("" if s.count is None else " " + cards_word(s.count, tr))
        + (f" {s.score}" if s.score else "")
        + (" " + tr._("(to play)") if s.to_play else "")
        for s in picture.seats
    )
    parts.append(tr._("seats: {seats}", seats=seats))
    if picture.last:
        parts.append(picture.last)
    return "; ".join(parts)[:ALT_LIMIT]


#: the two threads pictures are drawn in: one for table edits nobody is waiting on, one at
#: a time, so that however many tables move at once they hold at most one thread (and the
#: interpreter lock no more than one thread's share); and one for a picture someone waits
#: for (an answer to a press, a hand), so it never queues behind them. Two threads, not the
#: default executor's several, also bound the memory drawing holds: each thread keeps its
#: own allocator arena with a canvas and a compressor's worth in it.
_executors: dict[bool, ThreadPoolExecutor] = {}


def _executor(background: bool) -> ThreadPoolExecutor:
    if background not in _executors:
        name = "table-pictures" if background else "pictures"
        _executors[background] = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
    return _executors[background]


async def png_of(cache: PictureCache, picture: Any, background: bool = False) -> bytes:
    """The PNG of ``picture``: from the cache on the loop, else drawn in a picture thread
    (the background one when nobody waits for it)."""
    found = cache.peek(picture)
    if found is not None:
        return found
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_executor(background), cache.render, picture)


class Attachments:
    """Decides and makes the pictures of one bot's tables (``Publisher`` holds one)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        #: table id -> pictures on; forgotten when a setting changes (``forget``)
        self.choices: dict[int, bool] = {}
        #: the table messages drawn lately, one drawing per table state
        self.drawings = Drawings()

    def wanted(self, table: Table) -> bool:
        if table.id not in self.choices:
            db = getattr(self.bot, "db", None)
            on = True if db is None else Preferences(db).images_for(table.guild_id, table.id)
            self.choices[table.id] = on
        return self.choices[table.id]

    def forget(self, table_id: int | None = None) -> None:
        """A setting changed: read it again (one table's, or every table's)."""
        if table_id is None:
            self.choices.clear()
        else:
            self.choices.pop(table_id, None)
            self.drawings.forget(table_id)

    async def hand(
        self, table: Table, seat: Seat, layout_of: Callable[[], HandLayout]
    ) -> tuple[HandLayout, list[discord.File]]:
        """The hand's layout (``layout_of()``) and its picture ([] when off), both of one
        moment: drawing the picture may wait on a worker thread, and if the hand changed
        meanwhile both are drawn again."""
        layout = layout_of()
        if not self.wanted(table):
            return layout, []
        for attempt in range(3):
            picture = hand_picture(table, seat, layout)
            if picture is None:
                return layout, []
            data = await png_of(HANDS, picture)
            now = layout_of()
            if now.key() == layout.key() or attempt == 2:
                break  # (or still moving: keep the pair drawn together; the flush follows)
            layout = now
        if picture is None:  # (the loop always draws one; this tells the type checker)
            return layout, []
        return layout, [_file(data, HAND_FILE, hand_alt(picture, render.catalog(table)))]

    def picture_of(self, table: Table) -> Callable[[Table], TablePicture | None] | None:
        """How the table's picture is made, or None when the table shows none."""
        return table_picture if self.wanted(table) else None

    async def table_drawn(
        self, table: Table, background: bool = False
    ) -> tuple[Drawn, list[discord.File]]:
        """The table message (``cogs.drawn``, drawn once per state) and its picture's file,
        both of one moment (as ``hand``); no file when off or before the game.
        ``background``: nobody waits for it (a table edit, not an answer)."""
        picture_of = self.picture_of(table)
        drawn = self.drawings.table(table, picture_of)
        data = b""
        for attempt in range(3):
            if drawn.picture is None:
                break
            data = await png_of(TABLES, drawn.picture, background)
            now = self.drawings.table(table, picture_of)
            if now.picture == drawn.picture:
                drawn = now  # the latest text, with the same picture
                break
            if attempt == 2:
                break
            drawn = now
        if drawn.picture is None:
            return drawn, []
        return drawn, [_file(data, TABLE_FILE, table_alt(drawn.picture, render.catalog(table)))]

    async def table_message(
        self, table: Table
    ) -> tuple[discord.Embed, discord.ui.View | None, list[discord.File]]:
        """The table message with its picture shown in the embed (``table_drawn``)."""
        drawn, files = await self.table_drawn(table)
        return drawn.embed, drawn.view, files

    @staticmethod
    def again(files: list[discord.File]) -> list[discord.File]:
        """Fresh copies of ``files`` (a request that failed has read them)."""
        return [_file(f.data, f.filename, f.description) for f in files if isinstance(f, _Picture)]


class _Picture(discord.File):
    """A PNG attachment that keeps its bytes, so it can be sent again."""

    __slots__ = ("data",)

    def __init__(self, data: bytes, filename: str, description: str | None) -> None:
        super().__init__(io.BytesIO(data), filename=filename, description=description)
        self.data = data


def _file(data: bytes, name: str, description: str | None) -> discord.File:
    return _Picture(data, name, description)
