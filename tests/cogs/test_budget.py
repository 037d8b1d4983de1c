"""The process's account of its requests to Discord: the global requests of the last second,
and how much slower the bots go as they near the process's share of the global limit."""

from __future__ import annotations

from cogs.budget import BACK_OFF, GLOBAL, INTERACTION, SLOWEST, Account


class Held:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_interaction_requests_do_not_count_towards_the_global_rate():
    account = Account(10, now=Held())
    for _ in range(50):
        account.count(INTERACTION, "POST /interactions/{interaction_id}/{token}/callback")
    assert account.rate() == 0
    assert account.pace() == 1.0
    assert account.buckets == {INTERACTION: 50}


def test_the_bots_keep_their_pace_below_the_back_off_line():
    account = Account(10, now=Held())
    for _ in range(int(BACK_OFF * 10)):
        account.count(GLOBAL, "PATCH /channels/{channel_id}/messages/{message_id}")
    assert account.pace() == 1.0
    assert account.routes == {"PATCH /channels/{channel_id}/messages/{message_id}": 8}


def test_past_the_line_the_bots_slow_the_more_the_further_past_up_to_the_slowest():
    account = Account(10, now=Held())
    paces = []
    for _ in range(40):
        account.count(GLOBAL, "PATCH /channels/{channel_id}/messages/{message_id}")
        paces.append(account.pace())
    past = paces[int(BACK_OFF * 10) :]
    assert past == sorted(past) and past[0] > 1.0
    assert paces[-1] == SLOWEST


def test_requests_older_than_a_second_no_longer_count():
    clock = Held()
    account = Account(10, now=clock)
    for _ in range(20):
        account.count(GLOBAL, "POST /channels/{channel_id}/messages")
    assert account.pace() > 1.0
    clock.t += 1.0
    assert account.rate() == 0
    assert account.pace() == 1.0
