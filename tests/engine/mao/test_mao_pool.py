"""COMMON-2 for Mao (seed 000): the pile but its top card is turned over to become the pool,
in the order it lies, so its oldest card is drawn first; ``pool=shuffle`` shuffles it."""

from __future__ import annotations

from tests.engine.invariants import check_card_conservation
from tests.engine.mao.table import hand, play, table, take


def emptied(options=None):
    g = table({"ana": "6H 2C 3C", "bo": "9D 9S 9C"}, top="5H", options=options)
    # the pile, bottom first, and an empty pool: the other cards sit under the pile
    g.pile = g.stock[:] + g.pile
    g.stock = []
    return g


def test_common_2_the_empty_pool_is_the_pile_turned_over():
    g = emptied()
    bottom, second = str(g.pile[0]), str(g.pile[1])
    top = g.pile[-1]
    events = take(g, "ana", at=1)
    assert any(e["type"] == "reshuffle" for e in events)
    assert hand(g, "ana")[-1] == bottom  # the pile's oldest card is the new pool's top
    assert str(g.stock[-1]) == second and g.pile == [top]
    check_card_conservation(g)


def test_common_2_the_turned_pool_keeps_every_card_in_the_order_it_lay():
    g = emptied()
    under = [str(c) for c in g.pile[:-1]]
    take(g, "ana", at=1)
    drawn = [hand(g, "ana")[-1], *(str(c) for c in reversed(g.stock))]
    assert drawn == under


def test_common_2_option_pool_shuffle_shuffles_it():
    g = emptied({"pool": "shuffle"})
    under = [str(c) for c in g.pile[:-1]]
    take(g, "ana", at=1)
    drawn = [hand(g, "ana")[-1], *(str(c) for c in reversed(g.stock))]
    assert sorted(drawn) == sorted(under) and drawn != under


def test_common_2_a_play_then_a_draw_keeps_the_played_card_on_the_pile():
    g = emptied()
    play(g, "ana", "6H", at=1)
    take(g, "bo", at=2)
    assert str(g.pile[-1]) == "6H" and len(g.pile) == 1


def test_common_2_an_unknown_pool_option_is_refused():
    import pytest

    with pytest.raises(ValueError, match="pool"):
        table({"ana": "6H"}, options={"pool": "sorted"})
