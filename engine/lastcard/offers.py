"""What a Last Card seat may do, as ``legal_actions`` lists it: the plays that may lead,
read off the hand's code (LAST-3..5, LAST-7), the card just drawn played or kept (LAST-7),
the dealer's choice of direction (LAST-2), the vote (LAST-9) and "last card" owed (LAST-8).
One part of ``engine.lastcard.game.LastCard``, which answers who may act (and, in
``lone_offers``, the turn's seat with these offers in one call); the part is handed the game
it reads."""

from __future__ import annotations

from engine.actions import Action
from engine.lastcard.codes import ANSWER, ANSWER_MIXED, FOLLOW, HELD_TWICE, SINGLES, TWICE
from engine.lastcard.plays import ANNOUNCE, DIRECTIONS, DRAWN_OFFERS, VOTES
from engine.lastcard.state import LastCardState
from engine.shedding.game import DRAW, TAKE


class LastCardOffers:
    """The legal actions of a Last Card seat, by the moment of the game it is at."""

    def lead_offers(self, game: LastCardState, i: int) -> list[Action]:
        """The legal actions of seat ``i``, on turn to lead a play in a match going on."""
        out = self.lead_plays(game, i)
        if game.last_card_due == i:
            out.insert(0, ANNOUNCE)
        return out

    def lead_plays(self, game: LastCardState, i: int) -> list[Action]:
        """``lead_offers`` but the announcement: the single cards that may lead (those of
        the suit in force by rank, then the others by suit and rank), then the multiples
        rank by rank, read off the hand's code
        (``engine.lastcard.codes``) without a pass over the hand; else the draw or the take.
        The hottest path of every simulation."""
        code = game.codes[i]
        pending = game.pending
        if pending is None:
            lead = FOLLOW[game.suit][game.pile[-1][0]]
        else:
            lead = ANSWER_MIXED if game.options["mix_twos_on_fives"] else ANSWER[pending["rank"]]
        out: list[Action] = [*SINGLES[code & lead.suited], *SINGLES[code & lead.others]]
        if not out:  # LAST-7: only one who cannot play draws
            return [DRAW if pending is None else TAKE]
        twice = code & TWICE
        if twice:  # a rank held twice: its group's plays, by its bits
            groups = lead.groups
            for held in HELD_TWICE[twice]:
                out += groups[code & held]
        if pending is not None:
            out.append(TAKE)
        return out

    def off_the_lead(self, game: LastCardState, i: int) -> list[Action]:
        """The legal actions of seat ``i`` but on turn to lead: a seat not on turn, the card
        just drawn, the direction, the vote."""
        if game.over:
            return []
        phase = game.phase
        if phase != "play":
            return self.between_plays(game, i, phase)
        out: list[Action] = [ANNOUNCE] if game.last_card_due == i else []
        drawn = game.drawn
        if i == game.turn and drawn is not None:
            out.extend(DRAWN_OFFERS[drawn])
        return out

    def between_plays(self, game: LastCardState, i: int, phase: str) -> list[Action]:
        """The dealer's choice of direction, or the vote (and a "last card" still due)."""
        if phase == "direction":
            return list(DIRECTIONS) if i == game.turn else []
        out: list[Action] = [ANNOUNCE] if game.last_card_due == i else []
        if i in game.voters and i not in game.votes:
            out.extend(VOTES)
        return out
