"""Checks that must hold for every game in every reachable state, and a random playout.

Usable for any game that keeps the engine contract: the card checks read the game's
``to_dict()`` form (keys ``hands``, ``stock``, ``pile`` and any others a game names), so a game
that keeps cards elsewhere passes ``card_keys``; a game with cards every seat may see outside
the pile passes ``public``.

- ``check_card_conservation(game, decks)``: every card of the decks is somewhere, once.
- ``check_round_trip(game)``: ``from_dict(to_dict())`` is equal, JSON-safe and replays alike.
- ``check_illegal_refused(game, seat, action)``: raises ``IllegalAction`` and changes nothing.
- ``check_no_leaks(game)``: no observation holds another seat's cards or the stock order.
- ``check_events_public(before, game, seat, events)``: events name only cards that were shown.
- ``random_playout(...)``: play a game by seeded random choices, yielding every step.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from engine import IllegalAction, new_game, parse_action
from engine.actions import Action
from engine.base import Game
from engine.bots import make_bot
from engine.cards import ALL_CARDS, pack
from engine.events import Event

CARD_TEXTS = frozenset(str(c) for c in ALL_CARDS)

#: where a shedding game's dict keeps cards
CARD_KEYS = ("hands", "stock", "pile")


def card_strings(value: Any) -> list[str]:
    """Every canonical card text anywhere inside a JSON-like value (keys and words included)."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in CARD_TEXTS:
                found.append(item)
            elif len(item) > 3:
                for word in item.replace(",", " ").replace(":", " ").split():
                    if word in CARD_TEXTS:
                        found.append(word)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def cards_held(data: dict[str, Any], keys: Iterable[str] = CARD_KEYS) -> Counter[str]:
    """The multiset of cards found under ``keys`` of a game's dict."""
    found: Counter[str] = Counter()
    for key in keys:
        found.update(card_strings(data.get(key, [])))
    return found


def check_card_conservation(
    game: Game, decks: int = 1, card_keys: Iterable[str] = CARD_KEYS
) -> None:
    """Hands, stock and pile hold exactly ``decks`` packs between them."""
    held = cards_held(game.to_dict(), card_keys)
    expected = Counter(str(c) for c in pack(decks))
    missing = expected - held
    extra = held - expected
    assert not missing and not extra, f"cards missing {dict(missing)}, extra {dict(extra)}"


def acting_seats(game: Game) -> list[tuple[str, list[Action]]]:
    """Every seat that has a legal action now, with those actions, in seat order."""
    out = []
    for seat in game.seats:
        legal = game.legal_actions(seat)
        if legal:
            out.append((seat, legal))
    return out


def check_round_trip(game: Game, replay_steps: int = 12, seed: int = 0) -> None:
    """``from_dict(to_dict())`` is equal and JSON-safe, and both copies then play alike."""
    data = game.to_dict()
    text = json.dumps(data, sort_keys=True)
    copy_ = type(game).from_dict(json.loads(text))
    assert copy_ == game
    assert json.dumps(copy_.to_dict(), sort_keys=True) == text
    for seat in [None, *game.seats]:
        assert copy_.observation(seat) == game.observation(seat)
        json.dumps(game.observation(seat))
    # replay on two fresh copies so the game passed in is left alone
    a = type(game).from_dict(json.loads(text))
    b = type(game).from_dict(json.loads(text))
    rng = random.Random(seed)
    for _ in range(replay_steps):
        if a.is_over:
            break
        movers = acting_seats(a)
        assert movers == acting_seats(b)
        if not movers:
            break
        seat, legal = movers[int(rng.random() * len(movers))]
        action = legal[int(rng.random() * len(legal))]
        assert a.apply(seat, action) == b.apply(seat, action)
        assert a.to_dict() == b.to_dict()


def check_illegal_refused(game: Game, seat: str, action: Action | str | dict[str, Any]) -> str:
    """``action`` raises ``IllegalAction`` and leaves the game exactly as it was.

    Returns the reason, so a test may check it says something useful.
    """
    before = game.to_dict()  # fresh lists and dicts: apply cannot change them under us
    version = getattr(game, "version", None)
    try:
        game.apply(seat, action)
    except IllegalAction as exc:
        reason = exc.reason
    else:
        raise AssertionError(f"{seat} was allowed {action}")
    assert game.to_dict() == before, f"refusing {action} changed the game"
    assert getattr(game, "version", None) == version
    assert reason, "an IllegalAction needs a reason a player can read"
    return reason


def check_no_leaks(
    game: Game, public: Iterable[str] = (), card_keys: Iterable[str] = CARD_KEYS
) -> None:
    """No observation shows a card that only another seat or the stock holds.

    A card may appear in seat s's observation when s holds it, when it is in the pile (it
    was played face up) or when the game declares it ``public``. Events are left out here:
    they are checked when they are made, by ``check_events_public`` (so is a ``history`` of
    them). With several decks a
    card that is both hidden and visible cannot be told apart, and is let through.
    """
    data = game.to_dict()
    hands: list[list[str]] = data["hands"]
    seen_by_all = cards_held(data, [k for k in card_keys if k not in ("hands", "stock")])
    seen_by_all.update(public)
    stock = list(data.get("stock", []))
    for seat in [None, *game.seats]:
        mine = Counter() if seat is None else Counter(hands[game.seats.index(seat)])
        hidden: Counter[str] = Counter(stock)
        for k, hand in enumerate(hands):
            if seat is None or game.seats[k] != seat:
                hidden.update(hand)
        # events, and Mao's round history of them, are checked as they are made
        view = {k: v for k, v in game.observation(seat).items() if k not in ("events", "history")}
        shown = set(card_strings(view))
        leaked = sorted(c for c in shown if hidden[c] and not mine[c] and not seen_by_all[c])
        assert not leaked, f"observation of {seat} shows hidden cards {leaked}"
        if len(stock) > 1:
            assert stock not in _lists(view), f"observation of {seat} holds the stock order"


def _lists(value: Any) -> Iterator[list[Any]]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _lists(item)
    elif isinstance(value, list):
        yield value
        for item in value:
            yield from _lists(item)


def check_events_public(
    before: dict[str, Any],
    game: Game,
    seat: str | None,
    events: list[Event],
    card_keys: Iterable[str] = CARD_KEYS,
) -> None:
    """Cards named in ``events`` were shown: played, on the pile, or the actor's own to show.

    ``before`` is the game's ``to_dict()`` from before the action; ``seat`` is who acted
    (None for a clock tick). A card drawn from the stock never appears in an event.
    """
    named = set(card_strings(events))
    if not named:
        return
    public_keys = [k for k in card_keys if k not in ("hands", "stock")]
    shown = cards_held(before, public_keys) + cards_held(game.to_dict(), public_keys)
    if seat is not None:
        shown.update(before["hands"][before["seats"].index(seat)])
    leaked = sorted(c for c in named if not shown[c])
    assert not leaked, f"events after {seat}'s action name unseen cards {leaked}: {events}"


@dataclass
class Step:
    """One action of a random playout: who did what, what it said, and the game after it."""

    game: Game
    seat: str | None
    action: Action | None
    events: list[Event]
    before: dict[str, Any] | None  # to_dict before the step; None when not kept
    now: float


def random_playout(
    game_name: str,
    n_players: int,
    seed: int,
    chooser_seed: int = 0,
    options: dict[str, Any] | None = None,
    max_steps: int = 2000,
    seconds_per_action: float = 1.0,
    keep_before: bool = True,
) -> Iterator[Step]:
    """Play ``game_name`` with random choices, yielding a ``Step`` after every action.

    Each step picks uniformly among seats that have a legal action (so out-of-turn actions
    get their chance), then uniformly among that seat's actions, stamped with a fake clock
    that advances ``seconds_per_action`` per action. When no seat may act and the game has a
    deadline, the clock jumps to it and the game is ticked (a step with ``action`` None).
    The same arguments always give the same playout. The yielded game is the live one: do
    not change it. ``keep_before=False`` skips ``Step.before`` for a test that never reads it
    (a Mao ``to_dict`` costs about as much as the rest of the step).
    """
    game = new_game(game_name, [f"p{k}" for k in range(n_players)], seed=seed, options=options)
    rng = random.Random(chooser_seed)
    now = 0.0
    for _ in range(max_steps):
        if game.is_over:
            return
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now:
            before = game.to_dict() if keep_before else None
            events = game.tick(now)
            yield Step(game, None, None, events, before, now)
            continue
        movers = acting_seats(game)
        if not movers:
            if deadline is None:
                raise AssertionError(f"nobody can act and nothing is due: {game.observation(None)}")
            now = max(now, deadline)
            continue
        seat, legal = movers[int(rng.random() * len(movers))]
        action = legal[int(rng.random() * len(legal))].stamped(now)
        before = game.to_dict() if keep_before else None
        events = game.apply(seat, action)
        yield Step(game, seat, action, events, before, now)
        now += seconds_per_action


def mixed_playout(
    game_name: str,
    seed: int,
    n: int,
    chooser: int,
    options: dict[str, Any] | None = None,
    max_steps: int = 1500,
    prepare: Callable[[Game], Game] | None = None,
) -> Iterator[Step]:
    """Heuristic play with random slips and random out-of-turn timing.

    Each step one seat among those with a legal action moves (so announcements come early,
    late or never); a third of moves are uniform over the legal actions, the rest the
    heuristic bot's. ``prepare`` may rewrite the dealt game (e.g. start from high totals).
    """
    seats = [f"p{k}" for k in range(n)]
    game = new_game(game_name, seats, seed=seed, options=options)
    if prepare is not None:
        game = prepare(game)
    rng = random.Random(chooser)
    bots = {s: make_bot("heuristic", game_name, chooser + k) for k, s in enumerate(seats)}
    for _ in range(max_steps):
        if game.is_over:
            return
        movers = acting_seats(game)
        assert movers, "nobody can act in a game that is not over"
        seat, legal = movers[int(rng.random() * len(movers))]
        if rng.random() < 1 / 3:
            action = legal[int(rng.random() * len(legal))]
        else:
            action = bots[seat].choose(game.observation(seat), legal)
        before = game.to_dict()
        events = game.apply(seat, action)
        yield Step(game, seat, action, events, before, 0.0)


def replay_log(
    game_name: str,
    n: int,
    seed: int,
    options: dict[str, Any] | None,
    log: Iterable[tuple[str, Any]],
) -> Game:
    """A new game of ``n`` seats (p0, p1...) from ``seed`` with every (seat, action) applied:
    what a table rebuilt from its action log holds."""
    game = new_game(game_name, [f"p{k}" for k in range(n)], seed=seed, options=options)
    for seat, action in log:
        game.apply(seat, parse_action(action))
    return game


def check_log_replays_alike(
    game_name: str,
    n: int,
    seed: int,
    options: dict[str, Any] | None,
    steps: Iterable[Step],
) -> tuple[Game, Game]:
    """Play ``steps`` out, logging each (seat, action) as JSON text, then rebuild the game
    from ``seed`` and that log (``replay_log``): it equals the game played. Returns the
    game played and the one replayed, for a test to compare more of them."""
    log: list[tuple[str, str]] = []
    final = None
    for step in steps:
        # a log holds moves only: a timed step (no seat, no action) cannot be written down
        assert step.seat is not None and step.action is not None, "a timed step in the log"
        log.append((step.seat, json.dumps(step.action.to_dict())))
        final = step.game
    assert final is not None
    replay = replay_log(game_name, n, seed, options, log)
    assert replay == final
    return final, replay


def check_round_trips_along(steps: Iterable[Step], every: int, replay_steps: int = 6) -> None:
    """``check_round_trip`` on every ``every``-th state of ``steps`` and on the last."""
    for k, step in enumerate(steps):
        if k % every == 0 or step.game.is_over:
            check_round_trip(step.game, replay_steps=replay_steps, seed=k)
