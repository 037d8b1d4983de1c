"""President's derived fields: what the hot paths read instead of searching hands and the
pile (each hand grouped by rank, the sets it offers, the run on the pile, who can complete
four), built from the hands and the pile and kept up to date by every change. One part of
``engine.president.game.President``, which holds the fields; the part is handed the game."""

from __future__ import annotations

from engine.president.groups import KEYS_AT, PLAYS_AT, SETS_AT, Grouping, group_hands
from engine.president.sets import (
    FIRST_LEAD,
    LEAD,
    RANK_INDEX,
    SIZE_STEP,
    TWO,
    TWO_KEY,
    beat_key,
)
from engine.president.state import BELOW, NOBODY, PresidentState, holding
from engine.president.state import run as pile_run


class PresidentDerived:
    """Building and keeping the derived fields of the game it is handed."""

    def derive(self, game: PresidentState) -> None:
        """Build the derived fields (see ``President.__init__``) from the hands and the pile."""
        self.settle(game, group_hands(game.hands))

    def settle(self, game: PresidentState, grouping: Grouping) -> None:
        """Take the hands' ``grouping`` and derive the rest from the pile (``derive``, and a
        new deal)."""
        game.codes, game.counts, game.keys, game.plays = grouping
        for k, twos in enumerate(game.counts[TWO]):
            if twos and twos == len(game.hands[k]):
                self.twos_slot(game, k)  # only 2s: no lone 2 offered
        n = len(game.seats)
        game.nexts = (*range(1, n), 0)
        run = game.run_size = pile_run(game)
        top = game.top_index = RANK_INDEX[game.pile[-1]] if game.pile else -1
        if game.top_size:
            game.least = beat_key(game.top_size, top)
        else:
            game.least = FIRST_LEAD if game.first_lead else LEAD
        game.need = 4 - run if 0 < run < 4 else 0
        game.holders = self.find_holders(game)
        game.derived = True
        # in play, the seat on turn always holds cards (a seat left without any is out)
        turn = game.turn
        game.playing = (
            game.phase == "play" and not game.over and turn is not None and bool(game.hands[turn])
        )

    def find_holders(self, game: PresidentState) -> tuple[int, ...]:
        """PRES-6: the seats holding the cards that complete four on the pile (derived)."""
        need = game.need
        if not need:
            return NOBODY
        counts = game.counts[game.top_index]
        return holding(counts, need) if counts.strip(BELOW[need]) else NOBODY

    def twos_slot(self, game: PresidentState, k: int) -> None:
        """Seat ``k`` is offered a lone 2 when it holds one and something else: nobody goes out
        on a 2 (PRES-8; play leaves a hand of only 2s out of the round, but a saved state may
        hold one). The 2's action, if any, is just before the pass (the last)."""
        keys, plays = game.keys[k], game.plays[k]
        twos = game.codes[k][TWO]
        if len(keys) > 1 and keys[-2] == TWO_KEY:
            del keys[-2], plays[-2]
        if twos and len(game.hands[k]) > game.counts[TWO][k]:
            keys.insert(-1, TWO_KEY)
            plays.insert(-1, PLAYS_AT[TWO][twos][0])

    def replace_sets(self, game: PresidentState, k: int, r: int, before: int) -> None:
        """Seat ``k``'s actions of rank index ``r`` after its code of that rank, ``before``
        before, changed: one stretch of ``keys`` and ``plays``, found by its first key."""
        if r == TWO:
            self.twos_slot(game, k)
            return
        keys, plays = game.keys[k], game.plays[k]
        if before:
            start = keys.index(SIZE_STEP + r)
            end = start + SETS_AT[before]
        else:  # a rank new to the hand: its stretch goes before the first higher rank's
            start = next(i for i, key in enumerate(keys) if key % SIZE_STEP > r)
            end = start
        code = game.codes[k][r]
        keys[start:end], plays[start:end] = KEYS_AT[r][code], PLAYS_AT[r][code]
