"""Helpers for Mao's end-to-end tests: a Mao table in a fake Discord thread with a fake clock.

``mao_table`` opens a table with ``/play game:mao``, seats the players, starts it, and (when
``hands`` is given) lays out a hand-made position, so each test starts from the cards its rule
needs. Players then act as people do: ``say`` writes in the thread (mentions and replies as
Discord sends them), or, at a table opened with ``speech="say"``, sends the **Say** form of
their hand DM (a mention or a reply becomes the offender chosen there); ``press`` presses a
button of their hand DM, and ``advance`` moves the table's clock on. ``posts`` is what the
Chairman has said in the thread (the words said through **Say** are left out of it: they are
the players', shown in ``said``).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from cogs.client import ChairmanBot
from tables.clock import FakeClock
from tables.model import Table
from tests.e2e.chairman import click, lobby_id, open_table, settled, start_bot
from tests.engine.positions import card_texts
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser


@dataclass
class MaoTable:
    fake: FakeDiscord
    bot: ChairmanBot
    clock: FakeClock
    table: Table
    thread_id: int
    message: FakeMessage
    users: dict[str, FakeUser] = field(default_factory=dict)
    #: how players speak: "chat" (in the thread) or "say" (the Say form on the hand)
    speech: str = "chat"
    #: who said what through Say, by the id of the thread post that shows it
    spoken: dict[int, str] = field(default_factory=dict)

    # --- who is who ----------------------------------------------------------------------
    def seat(self, name: str) -> str:
        return str(self.users[name].id)

    def mention(self, name: str) -> str:
        return f"<@{self.users[name].id}>"

    def penalty(self, call: str, offender: str, caller: str | None = None) -> str:
        """The Chairman's line for a penalty: the call, its caller if a player made it, and
        who takes the card."""
        by = f", called by {self.mention(caller)}" if caller else ""
        return f"{call}{by}. {self.mention(offender)} takes a penalty card."

    @property
    def game(self) -> Any:
        return self.table.game

    def hand(self, name: str) -> list[str]:
        return list(self.game.observation(self.seat(name))["hand"])

    def infractions(self) -> list[tuple[str, str]]:
        """(call, offender name) of every infraction still waiting for its call."""
        names = {str(u.id): n for n, u in self.users.items()}
        return [(f["call"], names[self.game.seats[f["seat"]]]) for f in self.game.infractions]

    # --- laying out cards ----------------------------------------------------------------
    async def lay_out(
        self, hands: dict[str, str], top: str = "5H", turn: str | None = None
    ) -> None:
        """Give the named players exactly these cards, put ``top`` on the pile and the turn to
        ``turn``, keeping everything else (rules, scores, the clock); see ``laid_out``."""
        async with self.table.lock:
            self.table.game = laid_out(
                self.game,
                {self.seat(n): cards for n, cards in hands.items()},
                top,
                self.seat(turn) if turn else None,
            )
            self.bot.tables._arm(self.table)
            self.bot.publisher.touch(self.table)
        await self.settle()

    # --- acting --------------------------------------------------------------------------
    async def settle(self) -> None:
        for _ in range(3):
            await asyncio.sleep(0)
            # a change is done once its table's lock is let go (its commit awaited), then shown
            await settled(self.bot)

    async def say(
        self,
        name: str,
        text: str,
        mentions: tuple[str, ...] = (),
        reply_to: FakeMessage | None = None,
        heard: bool = True,
    ) -> FakeMessage:
        """``name`` writes ``text`` in the thread (``@x`` mentions added in front), and waits
        until the table has heard it. A message that must not be heard (``heard=False``) is
        not waited for: no time is long enough to prove a silence; a heard message after it
        does, as the bot reads a thread's messages in order."""
        if self.speech == "say":
            return await self.say_with_form(name, text, mentions, reply_to)
        content = " ".join([*(self.mention(m) for m in mentions), text])
        version = self.game.version
        message = await self.fake.user_says(
            self.users[name], self.thread_id, content, reply_to=reply_to
        )
        if heard:
            await self.fake.wait_for(lambda: self.game.version > version, what=f"{text!r} heard")
        await self.settle()
        return message

    async def say_with_form(
        self,
        name: str,
        text: str,
        mentions: tuple[str, ...] = (),
        reply_to: FakeMessage | None = None,
    ) -> FakeMessage:
        """``name`` presses **Say** on their hand and sends ``text``, naming the first of
        ``mentions`` or whoever wrote ``reply_to``; waits until the table has heard it and
        the thread shows it; -> that post."""
        await self.settle()
        about = mentions[0] if mentions else None
        if reply_to is not None and about is None:
            by_id = {u.id: n for n, u in self.users.items()}
            about = self.spoken.get(reply_to.id) or by_id.get(reply_to.author_id)
        user = self.users[name]
        opened = await self.fake.click(user, self.dm(name), self.buttons(name)["Say"])
        form = (await opened.wait_finished())["modal"]["custom_id"]
        values: dict[str, Any] = {"say:words": text}
        if about is not None:
            values["say:about"] = [self.seat(about)]
        version, before = self.game.version, len(self.fake.messages(self.thread_id))
        sent = await self.fake.submit_modal(user, form, values)
        answer = await sent.wait_finished()
        assert not answer.get("ephemeral"), answer.get("content")
        await self.fake.wait_for(lambda: self.game.version > version, what=f"{text!r} heard")
        await self.settle()
        shown = f"**{name}**: {discord.utils.escape_markdown(text)}"
        post = next(m for m in self.fake.messages(self.thread_id)[before:] if shown in m.content)
        self.spoken[post.id] = name
        return post

    def said(self) -> list[str]:
        """The words said through **Say**, as the thread shows them."""
        return [
            line
            for m in self.fake.messages(self.thread_id)
            if m.author_id == self.fake.bot_user.id
            for line in m.content.split("\n")
            if line.startswith("💬 ")
        ]

    def dm(self, name: str) -> FakeMessage:
        dms = self.fake.dms(self.users[name])
        assert dms, f"{name} has no hand DM"
        return dms[-1]

    def buttons(self, name: str) -> dict[str, str]:
        """label -> custom id of every button on ``name``'s hand DM."""
        out = {}
        for comp in self.dm(name).components_flat():
            if comp.get("type") == 2 and comp.get("custom_id"):
                out[comp.get("label", "")] = comp["custom_id"]
        return out

    async def press(self, name: str, action: str) -> dict[str, Any]:
        """Press the button for ``action`` (``play 7H``, ``take``, ``rejoin``) on the hand DM."""
        await self.settle()
        message = self.dm(name)
        custom_id = next((c for c in message.custom_ids() if self.action_of(c) == action), "")
        if custom_id:
            i = await self.fake.click(self.users[name], message, custom_id)
        else:
            picks = [
                c
                for c in message.components_flat()
                if any(o["value"] == action for o in c.get("options") or [])
            ]
            assert picks, f"{action!r} is not offered to {name}: {message.custom_ids()}"
            i = await self.fake.select(self.users[name], message, picks[0]["custom_id"], [action])
        response = await i.wait_finished()
        await self.settle()
        return response

    def action_of(self, custom_id: str) -> str | None:
        """The action a hand button of this table plays (``chairman:act:<table>:<token>:<action>``),
        or None for any other component."""
        kind, _, rest = custom_id.removeprefix("chairman:").partition(":")
        table, _, rest = rest.partition(":")
        if kind != "act" or table != str(self.table.id):
            return None
        return rest.partition(":")[2]

    async def advance(self, seconds: float) -> None:
        await self.clock.advance(seconds)
        await self.settle()

    def now(self) -> float:
        """The table clock."""
        return self.clock.now() - (self.table.started_at or 0.0)

    async def advance_to(self, table_time: float) -> None:
        await self.advance(max(0.0, table_time - self.now()))

    # --- reading -------------------------------------------------------------------------
    def posts(self) -> list[str]:
        """The Chairman's messages in the thread after the table message, oldest first, less
        the players' words said through **Say** (``said``)."""
        bot_id = self.fake.bot_user.id
        found = []
        for m in self.fake.messages(self.thread_id):
            if m.author_id != bot_id or m.id == self.message.id:
                continue
            own = "\n".join(line for line in m.content.split("\n") if not line.startswith("💬 "))
            if own:
                found.append(own)
        return found

    def announcements(self) -> list[str]:
        """The Chairman's announcements one line each, whichever post carried them: those of
        changes that pile up while a post is on its way share the next one."""
        return [line for post in self.posts() for line in post.split("\n")]

    def table_text(self) -> str:
        return self.fake.message(self.message.id).text()


async def mao_table(
    fake: FakeDiscord,
    tmp_path: Path,
    players: tuple[str, ...] = ("ana", "bo", "cy"),
    *,
    hands: dict[str, str] | None = None,
    top: str = "5H",
    turn: str | None = None,
    admin: tuple[str, ...] = (),
    speech: str = "chat",
    message_content: str = "auto",
    web_port: int | None = None,
    **options: Any,
) -> MaoTable:
    """A started Mao table; ``options`` go to ``/play`` (turn_seconds=..., mode=..., ...).
    Its players speak as ``speech`` says ("chat" or "say"), to a bot started with
    ``MESSAGE_CONTENT=message_content`` (and serving the web table on ``web_port``)."""
    # the fake clock packs minutes of play into milliseconds, while Discord's limit of five
    # posts per five seconds is real time: it would only make these tests wait
    fake.ratelimits.mode = "off"
    users = {name: fake.add_member(name, admin=name in admin) for name in players}
    clock = FakeClock()
    web = {} if web_port is None else {"web_port": web_port}
    bot = await start_bot(fake, tmp_path, clock=clock, message_content=message_content, **web)
    host = users[players[0]]
    table, thread_id, message = await open_table(fake, bot, host, game="mao", **options)
    for name in players[1:]:
        await click(fake, users[name], message, lobby_id(message, "join"))
    await click(fake, host, message, lobby_id(message, "start"))
    mt = MaoTable(fake, bot, clock, table, thread_id, message, users, speech=speech)
    if hands is not None:
        await mt.lay_out(hands, top, turn or players[0])
    await mt.settle()
    return mt


def laid_out(game: Any, hands: dict[str, str], top: str, turn: str | None) -> Any:
    """A copy of a live Mao game with these hands, this top card and this turn.

    Every card stays in the game: the ones asked for are taken from wherever they were, the
    other players keep what they can of their hands, the rest is the pool. The turn's clock
    starts now; no 7 is pending and no speech window is open.
    """
    data = game.to_dict()
    index = {seat: k for k, seat in enumerate(data["seats"])}
    pool: Counter[str] = Counter([*data["stock"], *data["pile"]])
    for hand in data["hands"]:
        pool.update(hand)
    wanted = {index[seat]: card_texts(cards) for seat, cards in hands.items()}
    for cards in [*wanted.values(), card_texts(top)]:
        for card in cards:
            assert pool[card] > 0, f"{card} is not in the pack twice"
            pool[card] -= 1
    new_hands = []
    for k, hand in enumerate(data["hands"]):
        if k in wanted:
            new_hands.append(wanted[k])
            continue
        kept = [c for c in hand if pool[c] > 0]
        for card in kept:
            pool[card] -= 1
        new_hands.append(kept)
    stock = []
    for card in [*data["stock"], *data["pile"], *(c for h in data["hands"] for c in h)]:
        if pool[card] > 0:
            pool[card] -= 1
            stock.append(card)
    data.update(
        hands=new_hands,
        stock=stock,
        pile=card_texts(top),
        suit=card_texts(top)[0][-1],
        pending=None,
    )
    extra = data["extra"]
    extra.update(windows=[], presaid=[], turn_since=extra["now"])
    extra["going_out"] = [False] * len(new_hands)
    if turn is not None:
        data["turn"] = index[turn]
    return type(game).from_dict(data)
