"""Nothing at a Mao table shows anyone a card of another player's hand (MAO-12, the seed's
"New players are NOT told the rules"): a game of random presses (good cards, bad cards,
out of turn, takes), chatter and calls, checked after every step against what each player
and an onlooker can see anywhere (thread, table message, DMs, ephemeral answers, and every
earlier version of each)."""

from __future__ import annotations

import random

from tests.e2e.chairman import cards_in
from tests.e2e.maotable import mao_table

CHATTER = ("hmm", "talking", "bad card", "point of order", "end of point of order", "ok!")


def offered(mt, name: str) -> list[str]:
    """Every action on ``name``'s hand DM: button actions and select values."""
    found = []
    for comp in mt.dm(name).components_flat():
        action = mt.action_of(comp.get("custom_id", ""))
        if action is not None:
            found.append(action)
        found += [o["value"] for o in comp.get("options") or [] if o["value"] != "-"]
    return found


async def test_no_message_shows_anyone_a_card_of_another_hand(fake_discord, tmp_path):
    mt = await mao_table(fake_discord, tmp_path, ("ana", "bo", "cy"), turn_seconds=0)
    mt.users["onlooker"] = fake_discord.add_member("onlooker")
    players = ("ana", "bo", "cy")
    rng = random.Random(4)
    public: set[str] = set()
    for step in range(40):
        name = players[rng.randrange(3)] if rng.random() < 0.3 else None
        if name is None:
            turn = mt.game.current_player()
            name = next((n for n in players if mt.seat(n) == turn), "ana")
        choice = rng.random()
        if choice < 0.25:
            target = rng.choice([p for p in players if p != name])
            await mt.say(name, rng.choice(CHATTER), mentions=(target,))
        else:
            actions = offered(mt, name)
            if actions:
                await mt.press(name, rng.choice(actions))
        if step % 5 == 4:
            await mt.advance(rng.choice([1.0, 6.0, 11.0]))
        public |= set(mt.game.to_dict()["pile"])
        secret = {n: set(mt.hand(n)) - public for n in players}
        for viewer, user in mt.users.items():
            seen = cards_in(fake_discord.all_text_seen_by(user))
            for holder, cards in secret.items():
                if holder != viewer:
                    leaked = cards & seen
                    assert not leaked, f"step {step}: {viewer} can see {leaked} held by {holder}"
    assert mt.game.version > 40  # the game did move
