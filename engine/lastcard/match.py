"""Last Card's match: the state kept across games, the vote after the first player is out
and the end of a game (LAST-9), the match's outcome, views, determinization and the JSON
round trip. ``engine.lastcard.checks`` and ``engine.lastcard.game`` add the play on top."""

from __future__ import annotations

from typing import Any

from engine.base import Event
from engine.cards import Card
from engine.events import GameView, Outcome, match_end
from engine.lastcard.codes import hand_code
from engine.memory import Memory
from engine.shedding import SheddingGame


class LastCardMatch(SheddingGame):
    """The match half of Last Card: games, places, the vote and what seats may see."""

    # a slot: the state has 30 fields in its __dict__ already, and one more there would
    # make every attribute read slower (past the 30 keys instances share)
    __slots__ = ("codes",)

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
        n = len(self.seats)
        places = [0] * n
        for place, k in enumerate(self.finished, start=1):
            places[k] = place
        rest = [k for k in range(n) if not self.out[k]]
        base = len(self.finished) + 1
        if stalemate:
            rest.sort(key=lambda k: len(self.hands[k]))
            for r, k in enumerate(rest):
                prev = rest[r - 1] if r else None
                same = prev is not None and len(self.hands[prev]) == len(self.hands[k])
                places[k] = places[prev] if same else base + r  # type: ignore[index]
        else:
            for k in rest:
                places[k] = base
        winner = self.finished[0] if self.finished else None
        if winner is not None:
            self.scores[winner] += 1
        named = dict(zip(self.seats, places, strict=True))
        self.results.append(
            {
                "game": self.round,
                "winner": None if winner is None else self.seats[winner],
                "places": named,
            }
        )
        self.turn = None
        self.drawn = None
        self.pending = None
        self.last_card_due = None
        self.phase = "play"
        events.append(
            {
                "type": "round_end",
                "round": self.round,
                "winner": None if winner is None else self.seats[winner],
                "places": named,
                "points": {s: int(k == winner) for k, s in enumerate(self.seats)},
                "scores": dict(zip(self.seats, self.scores, strict=True)),
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
        n = len(self.seats)
        sums = [0] * n
        for result in self.results:
            for k, seat in enumerate(self.seats):
                sums[k] += result["places"][seat]
        key = [(-self.scores[k], sums[k]) for k in range(n)]
        order = sorted(range(n), key=lambda k: key[k])
        places: dict[str, int] = {}
        for r, k in enumerate(order):
            if r and key[k] == key[order[r - 1]]:
                places[self.seats[k]] = places[self.seats[order[r - 1]]]
            else:
                places[self.seats[k]] = r + 1
        winners = [s for s in self.seats if places[s] == 1]
        return {
            "places": places,
            "scores": dict(zip(self.seats, self.scores, strict=True)),
            "winners": winners,
            "draw": len(winners) > 1,
            "games": [dict(r) for r in self.results],
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
            "games": [dict(r) for r in self.results],
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
