"""The games' random number generators: seeding one cheaply and its JSON round trip.

Every game holds its own ``random.Random``, seeded from the match's seed; a saved game
keeps the generator's state (``rng_to_json``) so that play goes on as it would have.
"""

from __future__ import annotations

import _random
import random
from typing import Any

#: ``random.Random`` unseeded, and the C seeding its ``seed`` ends in (``seeded``)
_unseeded = random.Random.__new__
_seed_state = _random.Random.seed


def seeded(seed: int) -> random.Random:
    """``random.Random(seed)``: the same generator, in the same state, made in fewer steps.

    For an int seed, ``Random.__init__`` and ``Random.seed`` (both Python) only hand it to
    the C seeding and clear ``gauss_next``: written out here, that saves about an eighth of
    a seeding (some 4,000 instructions), which every new game pays, and simulate twice (the
    game's and its bots'). Any other seed goes through ``random.Random`` itself."""
    if type(seed) is not int:
        return random.Random(seed)
    rng = _unseeded(random.Random)
    _seed_state(rng, seed)
    vars(rng)["gauss_next"] = None  # as Random.seed sets it (the stub does not declare it)
    return rng


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list[Any]) -> random.Random:
    # unseeded: ``random.Random()`` would seed itself from the OS first, for nothing
    rng = _unseeded(random.Random)
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng
