"""What President tells its players of itself: its rules in a few sentences (``/rules`` and
the terminal's rules screen), its options (each with its range, its help and the sentence a
lobby shows), the option names a player types, marked for the catalogs beside their
declaration, the figures its results keep, and how the match is won (PRES-9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.options import Option
from engine.reasons import Reason
from engine.words import N_, NC_

RULES_SUMMARY = N_(
    "4 to 10 players, all cards dealt. Aces are high, 3s low, and 2s clear the pile.\n"
    "• Lead any single, pair, triple or four of a kind. To follow, play the same number "
    "of a higher rank, or more cards than the pile has. Matching the rank exactly skips "
    "the next player.\n"
    "• A **2** (played alone) or four of a kind on the pile clears it and you lead again; "
    "you may even slip in the cards that complete four out of turn.\n"
    "• Pass whenever you like. If everyone passes back to you, the pile clears and you "
    "lead. You may not go out on a 2.\n"
    "First out is **President** (2 points), second **Vice-President** (1); last holding "
    "cards is the **A-hole**, who must hand the President their best card next round. "
    "First to the target wins."
)

#: what players read for the figures a match's results keep (``Game.figure_labels``)
FIGURE_LABELS = {
    "presidencies": N_("times President"),
    "vice_presidencies": N_("times Vice-President"),
    "a_hole_rounds": N_("rounds as A-hole"),
}

#: the option names a player types, marked for the catalogs beside their declaration
OPTION_NAMES = (NC_("option name", "target"), NC_("option name", "rounds"))

OPTIONS: tuple[Option, ...] = (
    Option.number("target", 11, 1, 10_000, "the total that ends the match (highest wins)").saying(
        N_("First to **{value}** points wins.")
    ),
    Option.number("rounds", 0, 0, 10_000, "rounds in the match (0: play to the target)").saying(
        N_("The match lasts **{value}** rounds.")
    ),
)


def match_rule(options: Mapping[str, Any]) -> Reason:
    """PRES-9: the first to the target wins the match."""
    return Reason(
        N_("The first to {target} points wins the match"), target=options.get("target", 11)
    )
