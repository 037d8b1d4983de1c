"""Last Card's match: the vote after the first player is out and the end of a game (LAST-9),
the match's outcome, what seats may see of it, determinization and the JSON round trip of
the state beyond the shedding core's. One part of ``engine.lastcard.game.LastCard``, which
holds the state; the part is handed the game it works on.

Choices recorded here, where the spec is silent: the vote is decided as soon as its result
is certain; one vote per game, after the first player is out. ``current_player()`` names the
next seat yet to vote, in turn order from the winner, but any seat still to vote may vote
first. The table service casts ``vote stop`` for a seat that has not voted after 30 seconds
(the engine reads no clock). If they stop, everyone still holding cards shares second place.
A game stopped by the turn limit or by nobody being able to play or draw ends with the seats
still in placed by fewest cards held; the next game's dealer is then the seat after the last
dealer. A match is option ``games`` games (default 1). Its places rank by games won, then by
the sum of places over the games; ``scores`` counts games won.
"""

from __future__ import annotations

from itertools import repeat
from operator import add, mul
from typing import Any

from engine.events import Event, match_end
from engine.lastcard.shapes import LastCardOutcome, LastCardView, sent
from engine.lastcard.state import LastCardState
from engine.memory import Memory

#: more than any sum of places a match can make (twenty seats, a thousand games), so games
#: won rank first in ``outcome``'s one number a seat
RANKED = 1_000_000


class LastCardMatch:
    """Games, places, the vote and what seats may see of them, for the game it is handed."""

    def vote_order(self, game: LastCardState) -> list[int]:
        winner = game.finished[0]
        order = []
        k = game.next_seat(winner)
        while k not in order:
            order.append(k)
            k = game.next_seat(k)
        return order

    # --- the vote and the end of a game (LAST-9) -------------------------------------------
    def open_vote(self, game: LastCardState, events: list[Event]) -> None:
        game.phase = "vote"
        game.votes = {}
        game.voters = self.vote_order(game)
        events.append(sent({"type": "vote_open", "voters": [game.seats[k] for k in game.voters]}))

    def vote(self, game: LastCardState, i: int, choice: str, events: list[Event]) -> None:
        game.votes[i] = choice
        events.append(sent({"type": "vote", "seat": game.seats[i], "choice": choice}))
        voters = len(game.voters)
        yes = sum(1 for c in game.votes.values() if c == "continue")
        no = len(game.votes) - yes
        if 2 * yes > voters:
            result = "continue"
        elif 2 * no >= voters:
            result = "stop"  # a tie stops, and so does every seat that never votes
        else:
            return
        events.append(sent({"type": "vote_result", "result": result, "continue": yes, "stop": no}))
        if result == "continue":
            game.phase = "play"
        else:
            self.finish_game(game, events)

    def finish_game(
        self, game: LastCardState, events: list[Event], stalemate: bool = False
    ) -> None:
        """Place everyone, record the game, then end the match or deal the next game."""
        seats = game.seats
        n = len(seats)
        finished = game.finished
        base = len(finished) + 1
        places = [base] * n  # the seats still in share the place after those out...
        if stalemate:  # ...unless the game stopped: then fewest cards first
            hands = game.hands
            rest = sorted((k for k in range(n) if not game.out[k]), key=lambda k: len(hands[k]))
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
            game.scores[winner] += 1
            points[seats[winner]] = 1
        named = dict(zip(seats, places, strict=True))
        game.results.append({"game": game.round, "winner": winner_seat, "places": named})
        game.turn = None
        game.drawn = None
        game.pending = None
        game.last_card_due = None
        game.phase = "play"
        events.append(
            {
                "type": "round_end",
                "round": game.round,
                "winner": winner_seat,
                "places": named,
                "points": points,
                "scores": dict(zip(seats, game.scores, strict=True)),
            }
        )
        if game.round >= game.options["games"]:
            game.over = True
            events.append(match_end(self.outcome(game)))
            return
        dealer = winner if winner is not None else (game.round_first + 1) % n
        game.start_round(dealer, events)

    def outcome(self, game: LastCardState) -> LastCardOutcome:
        seats = game.seats
        scores = game.scores
        # most games won first, then the fewest places summed, as one number a seat
        key = [*map(mul, scores, repeat(-RANKED))]
        for result in game.results:
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
            "games": list(map(dict, game.results)),
        }

    # --- what seats may see ---------------------------------------------------------------
    def extra_observation(self, game: LastCardState, i: int | None) -> LastCardView:
        seats = game.seats
        return {
            "phase": game.phase,
            "dealer": seats[game.round_first],
            "out": [seats[k] for k in game.finished],
            "vote": None
            if game.phase != "vote"
            else {
                "voters": [seats[k] for k in game.voters],
                "votes": {seats[k]: c for k, c in game.votes.items()},
            },
            "must_announce": i is not None and game.last_card_due == i,
            "games": list(map(dict, game.results)),
        }

    # --- determinization (engine.determinize) ---------------------------------------------
    def next_voter(self, observation: dict[str, Any], index: dict[str, int]) -> int | None:
        """The ``turn`` of a state showing ``observation`` while a vote is open: the next
        voter, which the view names (play resumes after the winner); None otherwise."""
        vote = observation["vote"]
        if observation["phase"] == "vote" and vote is not None and vote["voters"]:
            return index[vote["voters"][0]]
        return None

    def extra_from_observation(
        self, observation: dict[str, Any], memory: Memory, index: dict[str, int]
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
    def extra_to_dict(self, game: LastCardState) -> dict[str, Any]:
        return {
            "phase": game.phase,
            "out": list(game.out),
            "finished": list(game.finished),
            "votes": [[k, c] for k, c in game.votes.items()],
            "voters": list(game.voters),
            "called": list(game.called),
            "last_card_due": game.last_card_due,
            "results": [
                {"game": r["game"], "winner": r["winner"], "places": dict(r["places"])}
                for r in game.results
            ],
        }

    def extra_from_dict(self, game: LastCardState, data: dict[str, Any]) -> None:
        # the hands are in place (``from_dict``, or a sampled state): their codes follow
        game.set_hands(game.hands)
        game.phase = data["phase"]
        game.out = list(data["out"])
        game.finished = list(data["finished"])
        game.votes = {k: c for k, c in data["votes"]}
        game.voters = list(data["voters"])
        game.called = list(data["called"])
        game.last_card_due = data["last_card_due"]
        game.results = [
            {"game": r["game"], "winner": r["winner"], "places": dict(r["places"])}
            for r in data["results"]
        ]
