"""The fake Discord's side of ``bot_load.py``: the child process it starts, as Discord is
another machine.

It opens the tables (``--humans`` of them with a person beside three bots, the rest bots
only), starts them, plays the people's seats by pressing their hand DMs' buttons (``person``,
counted in ``Presses``), asks ``/table status`` in a random table every 50 ms, and reports on
its stdout, one JSON line at a time, what Discord would have seen: the bot's requests by
bucket (global, interaction) and route, the interaction answers and how long each took, the
presses' figures. ``bot_load.py`` runs it as ``bot_load.py --fake-side`` and reads those
lines; ``percentile`` is shared with it.

Nothing here is imported by the bot or the tests.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.server import GLOBAL, INTERACTION  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def say(**fields: Any) -> None:
    print(json.dumps(fields), flush=True)


async def answered_in(i: Any, began: float) -> float:
    """Seconds until ``i`` was answered; infinite if it was not within Discord's 3 s (the fake
    then refuses the answer, as Discord does)."""
    try:
        await i.wait_answered(timeout=3.5)
    except AssertionError:
        return float("inf")
    return asyncio.get_running_loop().time() - began


class Presses:
    """What the people's presses got: first answers, what was shown, refusals, defers."""

    def __init__(self) -> None:
        self.measuring = False
        self.answered: list[float] = []
        self.shown: list[float] = []
        self.refused = 0
        self.deferred = 0

    def figures(self) -> dict[str, Any]:
        return {
            "presses": len(self.answered),
            "refused": self.refused,
            "deferred": self.deferred,
            "press_p50_ms": percentile(self.answered, 0.5) * 1000,
            "press_p99_ms": percentile(self.answered, 0.99) * 1000,
            "press_max_ms": max(self.answered, default=float("nan")) * 1000,
            "shown_p50_ms": percentile(self.shown, 0.5) * 1000,
            "shown_p99_ms": percentile(self.shown, 0.99) * 1000,
            "shown_max_ms": max(self.shown, default=float("nan")) * 1000,
            "press_late": sum(1 for a in self.answered if a > 3.0),
        }


async def person(fake: Any, user: Any, think: float, rng: random.Random, got: Presses) -> None:
    """Play a seat as a person does: when the hand DM offers a move, think, then press one
    of the moves it offers now; a DM is pressed once until the bot redraws it."""
    from tests.e2e.chairman import choices
    from tests.fakediscord.interactions import DEFERRED_MESSAGE, DEFERRED_UPDATE

    loop = asyncio.get_running_loop()
    pressed: tuple[int, int] | None = None
    while True:
        dms = fake.dms(user)
        message = dms[-1] if dms else None
        if message is None or not choices(message) or (message.id, len(message.edits)) == pressed:
            await asyncio.sleep(0.02)
            continue
        await asyncio.sleep(think)
        offered = choices(message)  # as the DM stands now: a bot's move may have redrawn it
        if not offered:
            continue
        pressed = (message.id, len(message.edits))
        cid, value = offered[int(rng.random() * len(offered))]
        measured = got.measuring
        if value is None:
            i = await fake.click(user, message, cid)
        else:
            i = await fake.select(user, message, cid, [value])
        began = loop.time()
        answered = await answered_in(i, began)
        try:
            shown = await i.wait_finished(timeout=10.0)
        except AssertionError:
            shown = None
        if not measured:
            continue
        got.answered.append(answered)
        got.shown.append(float("inf") if shown is None else loop.time() - began)
        if i.response is not None and i.response["type"] in (DEFERRED_MESSAGE, DEFERRED_UPDATE):
            got.deferred += 1
        if shown is not None and shown["ephemeral"]:
            got.refused += 1  # a refusal says why, just to them, with the hand as it is


async def fake_side(
    tables: int, humans: int, seconds: float, bot_delay: float, images: bool
) -> None:
    fake = FakeDiscord()
    await fake.start()
    host = fake.add_member("host")
    people = [fake.add_member(f"person{k}") for k in range(min(humans, tables))]
    say(api=fake.api_base, gateway=fake.gateway_url, token=fake.token, guild=fake.guild_id)
    await fake.wait_connected(timeout=60)
    await fake.wait_for(lambda: fake.sync_count > 0, timeout=60, what="commands synced")
    loop = asyncio.get_running_loop()
    opening: list[float] = []
    hosts = [*people, *[host] * (tables - len(people))]
    for k, opener in enumerate(hosts):
        options: dict[str, Any] = {"game": "macao", "images": images}
        options.update({"bots": 3} if k < len(people) else {"bots": 4, "watch": True})
        i = await fake.slash(opener, "play", fake.general_id, **options)
        opening.append(await answered_in(i, loop.time()))
        await i.wait_finished(timeout=30)  # /play thinks, then opens the thread
    threads = [t.id for t in fake.threads()]
    say(opened=len(threads))
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # bot measured
    starting: list[float] = []
    for thread_id, opener in zip(threads, hosts, strict=True):
        message = fake.messages(thread_id)[0]
        start = next(c for c in message.custom_ids() if c.endswith(":start"))
        i = await fake.click(opener, message, start)
        starting.append(await answered_in(i, loop.time()))
        await asyncio.sleep(bot_delay / tables)
    presses = Presses()
    players = [
        asyncio.create_task(person(fake, user, bot_delay, random.Random(k), presses))
        for k, user in enumerate(people)
    ]
    await asyncio.sleep(2 * bot_delay)  # warm up
    rng = random.Random(1)
    latencies: list[float] = []
    calls_before = len(fake.rest_calls)
    cpu_before = time.process_time()
    say(measuring=True)
    presses.measuring = True
    end = loop.time() + seconds
    while loop.time() < end:
        thread_id = threads[int(rng.random() * len(threads))]
        i = await fake.slash(host, "table status", thread_id)
        latencies.append(await answered_in(i, loop.time()))
        await asyncio.sleep(0.05)
    presses.measuring = False
    window = fake.rest_calls[calls_before:]
    for player in players:
        player.cancel()
    # the global bucket (Discord's 50 a second for the whole bot) and the interaction bucket
    # (callbacks, and edits and follow-ups through an interaction's token: exempt)
    answers = sum(1 for c in window if c.bucket == INTERACTION)
    kinds = Counter(c.route for c in window if c.bucket == GLOBAL)
    answer_kinds = Counter(c.route for c in window if c.bucket == INTERACTION)
    answered = [*opening, *starting, *latencies, *presses.answered]
    say(
        **presses.figures(),
        done=True,
        fake_cpu=(time.process_time() - cpu_before) / seconds,
        calls=len(window) - answers,
        kinds=dict(kinds.most_common()),
        answer_kinds=dict(answer_kinds.most_common()),
        answers=answers - len(latencies),  # less the probes' own answers
        probes=len(latencies),
        interaction_p50_ms=percentile(latencies, 0.5) * 1000,
        interaction_p99_ms=percentile(latencies, 0.99) * 1000,
        start_p99_ms=percentile(starting, 0.99) * 1000,
        answer_max_ms=max(answered) * 1000,
        late=sum(1 for a in answered if a > 3.0),
        interactions=len(answered),
    )
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await fake.stop()
