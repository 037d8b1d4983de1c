"""Near misses in what players type: typing slips and word endings (MAO-11's "Bad call").

``engine.mao.phrases`` reads words close to a call as a failed call, not as talk: the same
words with other endings or in another order, or a few typing slips away.
"""

from __future__ import annotations


def stem(word: str) -> str:
    """The word without a plural or verb ending ("played" -> "play"), when enough is left."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def edit_distance(a: str, b: str, limit: int) -> bool:
    """Whether ``a`` and ``b`` are at most ``limit`` typing slips apart.

    A slip is a letter added, dropped, changed, or two neighbours swapped (the restricted
    Damerau-Levenshtein distance), so "bad crad" is one slip from "bad card".
    """
    if abs(len(a) - len(b)) > limit:
        return False
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, before[j - 2] + 1)
            current.append(cost)
        if min(current) > limit:
            return False
        before, previous = previous, current
    return previous[-1] <= limit
