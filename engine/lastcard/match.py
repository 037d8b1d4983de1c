"""Last Card's match: the state kept across games, the vote after the first player is out
and the end of a game (LAST-9), the match's outcome, views, determinization and the JSON
round trip. ``engine.lastcard.checks`` and ``engine.lastcard.game`` add the play on top."""

from __future__ import annotations

from itertools import repeat
from operator import add, mul
from typing import Any

from engine.base import Event
from engine.cards import Card
from engine.events import GameView, Outcome, match_end
from engine.lastcard.codes import hand_code
from engine.memory import Memory
from engine.shedding import SheddingGame

#: more than any sum of places a match can make (twenty seats, a thousand games), so games
#: won rank first in ``outcome``'s one number a seat
RANKED = 1_000_000


class LastCardMatch(SheddingGame):
    """The match half of Last Card: games, places, the vote and what seats may see."""

    # slots: an instance keeps its attributes inline (every read and every method lookup
    # on it specialised by CPython 3.11) only up to 29 of them in its __dict__; with 30 it
    # gets a dict of its own, which makes each attribute read and method lookup slower
    __slots__ = ("codes", "results")

    def __init__(self) -> None:
        super().__init__()
        #: each hand's code (``engine.lastcard.codes``), changed with the hand
        self.codes: list[int] = []
        self.phase = "direction"  # "direction", "play" or "vote"
        self.out: list[bool] = []
        self.finished: list[int] = []  # seats out this game, in the order they went out
        self.votes: dict[int, str] = {}
        self.voters: list[int] = []
        self.called: list[bool] = []  # announced "last card" for the hand as it stands
        self.last_card_due: int | None = None
        self.results: list[dict[str, Any]] = []

    def set_hands(self, hands: list[list[Card]]) -> None:
        """Replace every hand (a deal, a saved or sampled state), their codes with them."""
        self.hands = hands
        self.codes = list(map(hand_code, hands))

    def still_in(self) -> list[int]:
        return [k for k in range(len(self.seats)) if not self.out[k]]

    def vote_order(self) -> list[int]:
        winner = self.finished[0]
        order = []
        k = self.next_seat(winner)
        while k not in order:
            order.append(k)
            k = self.next_seat(k)
        return order

    # --- the vote and the end of a game (LAST-9) -------------------------------------------
    def open_vote(self, events: list[Event]) -> None:
        self.phase = "vote"
        self.votes = {}
        self.voters = self.vote_order()
        events.append({"type": "vote_open", "voters": [self.seats[k] for k in self.voters]})

    def vote(self, i: int, choice: str, events: list[Event]) -> None:
        self.votes[i] = choice
        events.append({"type": "vote", "seat": self.seats[i], "choice": choice})
        voters = len(self.voters)
        yes = sum(1 for c in self.votes.values() if c == "continue")
        no = len(self.votes) - yes
        if 2 * yes > voters:
            result = "continue"
        elif 2 * no >= voters:
            result = "stop"  # a tie stops, and so does every seat that never votes
        else:
            return
        events.append({"type": "vote_result", "result": result, "continue": yes, "stop": no})
        if result == "continue":
            self.phase = "play"
        else:
            self.finish_game(events)

    def finish_game(self, events: list[Event], stalemate: bool = False) -> None:
        """Place everyone, record the game, then end the match or deal the next game."""
        seats = self.seats
        n = len(seats)
        finished = self.finished
        base = len(finished) + 1
        places = [base] * n  # the seats still in share the place after those out...
        if stalemate:  # ...unless the game stopped: then fewest cards first
            hands = self.hands
            rest = sorted((k for k in range(n) if not self.out[k]), key=lambda k: len(hands[k]))
            for r, k in enumerate(rest):
                prev = rest[r - 1] if r else None
                if prev is not None and len(hands[prev]) == len(hands[k]):
                    places[k] = places[prev]
                else:
                    places[k] = base + r
        for place, k in enumerate(finished, start=1):
            places[k] = place
        winner = finished[0] if finished else None
        winner_seat = None if winner is None else seats[winner]
        points = dict.fromkeys(seats, 0)
        if winner is not None:
            self.scores[winner] += 1
            points[seats[winner]] = 1
        named = dict(zip(seats, places, strict=True))
        self.results.append({"game": self.round, "winner": winner_seat, "places": named})
        self.turn = None
        self.drawn = None
        self.pending = None
        self.last_card_due = None
        self.phase = "play"
        events.append(
            {
                "type": "round_end",
                "round": self.round,
                "winner": winner_seat,
                "places": named,
                "points": points,
                "scores": dict(zip(seats, self.scores, strict=True)),
            }
        )
        if self.round >= self.options["games"]:
            self.over = True
            events.append(match_end(self.outcome()))
            return
        dealer = winner if winner is not None else (self.round_first + 1) % n
        self.start_round(dealer, events)

    def finish_round(self, winner: int | None, events: list[Event]) -> None:
        self.finish_game(events, stalemate=True)

    def outcome(self) -> Outcome:
        seats = self.seats
        scores = self.scores
        # most games won first, then the fewest places summed, as one number a seat
        key = [*map(mul, scores, repeat(-RANKED))]
        for result in self.results:
            key = [*map(add, key, map(result["places"].__getitem__, seats))]
        ranked = sorted(key)
        order = sorted(range(len(seats)), key=key.__getitem__)  # equals keep seat order
        # a seat's place is one more than the seats ahead of it, so equals share one
        places = {seats[k]: ranked.index(key[k]) + 1 for k in order}
        # those first are the first of ``order``, in seat order (a stable sort's)
        winners = [*map(seats.__getitem__, order[: ranked.count(ranked[0])])]
        return {
            "places": places,
            "scores": dict(zip(seats, scores, strict=True)),
            "winners": winners,
            "draw": len(winners) > 1,
            "games": list(map(dict, self.results)),
        }

    # --- what seats may see ---------------------------------------------------------------
    def extra_observation(self, i: int | None) -> GameView:
        seats = self.seats
        return {
            "phase": self.phase,
            "dealer": seats[self.round_first],
            "out": [seats[k] for k in self.finished],
            "vote": None
            if self.phase != "vote"
            else {
                "voters": [seats[k] for k in self.voters],
                "votes": {seats[k]: c for k, c in self.votes.items()},
            },
            "must_announce": i is not None and self.last_card_due == i,
            "games": list(map(dict, self.results)),
        }

    # --- determinization (engine.determinize) ---------------------------------------------
    @classmethod
    def turn_from_observation(cls, observation: dict[str, Any], index: dict[str, int]) -> Any:
        vote = observation["vote"]
        if observation["phase"] == "vote" and vote is not None and vote["voters"]:
            # play resumes after the winner; the view names the next voter instead
            return index[vote["voters"][0]]
        return super().turn_from_observation(observation, index)

    @classmethod
    def extra_from_observation(
        cls, observation: dict[str, Any], memory: Memory, index: dict[str, int]
    ) -> dict[str, Any]:
        obs = observation
        seats = obs["seats"]
        out = set(obs["out"])
        vote = obs["vote"] or {"voters": [], "votes": {}}
        me = index[obs["seat"]]
        return {
            "round_first": index[obs["dealer"]],
            "phase": obs["phase"],
            "out": [s in out for s in seats],
            "finished": [index[s] for s in obs["out"]],
            "votes": [[index[s], c] for s, c in vote["votes"].items()],
            "voters": [index[s] for s in vote["voters"]],
            "called": [False] * len(seats),
            "last_card_due": me if obs["must_announce"] else None,
            "results": obs["games"],
        }

    # --- serialisation --------------------------------------------------------------------
    def extra_to_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "out": list(self.out),
            "finished": list(self.finished),
            "votes": [[k, c] for k, c in self.votes.items()],
            "voters": list(self.voters),
            "called": list(self.called),
            "last_card_due": self.last_card_due,
            "results": [
                {"game": r["game"], "winner": r["winner"], "places": dict(r["places"])}
                for r in self.results
            ],
        }

    def extra_from_dict(self, data: dict[str, Any]) -> None:
        # the hands are in place (``from_dict``, or a sampled state): their codes follow
        self.set_hands(self.hands)
        self.phase = data["phase"]
        self.out = list(data["out"])
        self.finished = list(data["finished"])
        self.votes = {k: c for k, c in data["votes"]}
        self.voters = list(data["voters"])
        self.called = list(data["called"])
        self.last_card_due = data["last_card_due"]
        self.results = [
            {"game": r["game"], "winner": r["winner"], "places": dict(r["places"])}
            for r in data["results"]
        ]
