"""What a seat sees is what the service accepts: two humans press only what their hand DMs
show, beside bots, and every press of a button on screen is accepted, except the second click
of a true double click.

The table clock is faked, so bots move only when the test lets time pass (``BOT_DELAY``): a
human picks a button from their DM as it stands, thinks (time passes, bots may move), and
presses it. If the DM still shows that button, the press must be accepted; and a DM that said
"Your turn" must still say so after the thinking (no turn is taken back by a bot). Every few
presses is a double click: the same button twice, the second before the first is answered.
Each seed plays one round (a Macao, Mau-Mau or President round, a Last Card game) to its end or
to its first ``PRESSES`` human presses (Macao and President rounds mostly end first; a Mau-Mau or
Last Card round can take 300), so every kind of button a game offers is pressed somewhere
across the seeds.

This test checks which presses are accepted, not how fast they are answered (Discord's 3 s
is ``test_press_answers``' and ``benchmarks/bot_load.py``'s). Its waits are ``PATIENCE``
seconds of wall time, and the fake judges Discord's 3 s on its own clock, which leaves out
the time the machine's load kept the process off the cores (``tests.fakediscord.own_time``):
in a full run on a loaded machine a gen-2 garbage collection over the whole suite's heap
stops the process for 0.4-0.9 s of CPU, 1-2.2 s of wall time at load 16, and once pushed a
press past a 3 s judged in wall time.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from tables.clock import FakeClock
from tests.e2e.chairman import choices, lobby_id, open_table, start_bot
from tests.fakediscord.own_time import PATIENCE

SEEDS = range(20)
#: human presses per seed at most: whole rounds of every seed (up to 300 presses) doubled this
#: file's CPU, and on a loaded machine let the odd press outlast Discord's 3 s
PRESSES = 40
#: a bound on the loop only
STEPS = 4000
BOT_DELAY = 1.0
#: one round each
GAMES = {
    "macao": "rounds=1",
    "maumau": "rounds=1",
    "lastcard": "games=1",
    "president": "rounds=1",
}


async def click(fake, user, message, custom_id: str) -> dict:
    i = await fake.click(user, message, custom_id)
    return await i.wait_finished(PATIENCE)


async def settle(bot) -> None:
    for _ in range(3):
        await asyncio.sleep(0)
        await bot.publisher.settled()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_button_on_screen_is_accepted(fake_discord, tmp_path, game, seed):
    fake = fake_discord
    clock = FakeClock()
    ana, bo = fake.add_member("ana"), fake.add_member("bo")
    bot = await start_bot(fake, tmp_path, clock=clock, seed=seed, bot_delay=BOT_DELAY)
    # no card pictures: they are drawn from the very layout the buttons come from (see
    # test_card_images), and here the CPU goes to the presses, not to PNGs nobody reads
    table, _, message = await open_table(
        fake, bot, ana, game=game, bots=2, options=GAMES[game], images=False, patience=PATIENCE
    )
    await click(fake, bo, message, lobby_id(message, "join"))
    started = await click(fake, ana, message, lobby_id(message, "start"))
    assert not started["ephemeral"], started["content"]
    rng = random.Random(seed)
    presses = doubles = 0
    for _ in range(STEPS):
        await settle(bot)
        if table.status != "running" or presses >= PRESSES:
            break
        offered = [(u, fake.dms(u)[-1]) for u in (ana, bo) if fake.dms(u)]
        offered = [(u, m) for u, m in offered if choices(m)]
        if not offered:
            await clock.advance(BOT_DELAY)  # bots' turns
            continue
        user, hand = rng.choice(offered)
        shown = hand.custom_ids()
        your_turn = "**Your turn.**" in hand.content
        cid, value = rng.choice(choices(hand))
        await clock.advance(rng.choice([0.0, 0.0, BOT_DELAY, 3 * BOT_DELAY]))  # thinking
        await settle(bot)
        if your_turn:
            assert "**Your turn.**" in hand.content, f"{game} seed {seed}: a turn taken back"
        if hand.custom_ids() != shown or table.status != "running":
            continue  # the view changed while they thought (bots played on): not on screen
        double = value is None and rng.random() < 0.2
        if value is None:
            first = await fake.click(user, hand, cid)
            second = await fake.click(user, hand, cid) if double else None
        else:
            first, second = await fake.select(user, hand, cid, [value]), None
        answer = await first.wait_finished(PATIENCE)
        assert not answer["ephemeral"], f"{game} seed {seed}: {cid} {value}: {answer['content']}"
        presses += 1
        if second is not None:
            again = await second.wait_finished(PATIENCE)
            assert again["ephemeral"], f"{game} seed {seed}: a double click applied twice"
            doubles += 1
    assert presses >= PRESSES or table.status == "finished", f"{game} seed {seed}: {table.status}"
    assert presses >= 1
