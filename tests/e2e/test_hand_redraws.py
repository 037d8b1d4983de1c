"""A press redraws the hand DMs whose view it changed and no other: the hands whose choices
changed, and every hand that says whose turn it is when the turn moves on (``Change.redraw``,
what ``cogs.hand_dms`` edits after a move)."""

from __future__ import annotations

import random

from tests.e2e.chairman import hand_message, play_one, settled, start_bot, started_table


def _shown(message) -> tuple:
    return (message.content, tuple(c.get("custom_id") for c in message.components_flat()))


async def test_a_press_edits_the_hands_whose_view_changed_and_no_other(fake_discord, tmp_path):
    fake = fake_discord
    players = [fake.add_member(name) for name in ("ana", "bo", "cy", "di")]
    bot = await start_bot(fake, tmp_path)
    table, _thread, _message = await started_table(fake, bot, *players, game="macao")
    await settled(bot)
    by_seat = {table.seat_of_user(p.id).seat: p for p in players}
    rng = random.Random(7)
    turns_moved = 0
    for _ in range(16):
        if not table.is_running:
            break
        presser = by_seat[table.waiting()[0]]
        others = [p for p in players if p is not presser]
        hands = {p.id: hand_message(fake, p) for p in others}
        before = {p.id: (_shown(hands[p.id]), len(hands[p.id].edits)) for p in others}
        turn = table.game.current_player()
        mark = len(fake.rest_log)
        await play_one(fake, presser, hand_message(fake, presser), rng)
        await settled(bot)
        if not table.is_running:
            break
        channels = fake.rest_counts(since=mark)
        for p in others:
            hand = fake.message(hands[p.id].id)
            edited = len(hand.edits) - before[p.id][1]
            changed = _shown(hand) != before[p.id][0]
            # one request on the DM's channel for a hand that shows something new, none else
            assert edited == int(changed), p.name
            assert channels.get(hand.channel_id, 0) == edited, p.name
        now = table.game.current_player()
        if now != turn:
            turns_moved += 1
            current = by_seat[now].name
            # a hand that waits says on whom, though its own choices did not change
            for p in others:
                if by_seat[now] is not p:
                    assert f"Waiting for {current}" in fake.message(hands[p.id].id).content
    assert turns_moved
