"""Swiss pairing, byes, tie-breaks and arena points (``tables.tournaments.rules``)."""

from __future__ import annotations

import itertools

from tables.tournaments.rules import (
    Played,
    arena_points,
    arena_tables,
    standings,
    swiss_pairing,
    swiss_points,
)


def duel(rnd: int, winner: int, loser: int) -> Played:
    return Played(rnd, {winner: 1, loser: 2}, (winner, loser))


def play_swiss(players: list[int], rounds: int, seats: int = 2) -> list[Played]:
    """Run a Swiss event where the lower user id always wins."""
    games: list[Played] = []
    for rnd in range(1, rounds + 1):
        pairing = swiss_pairing(standings("swiss", players, games), seats)
        for table in pairing.tables:
            order = sorted(table)
            games.append(Played(rnd, {u: i + 1 for i, u in enumerate(order)}, table))
        if pairing.bye is not None:
            games.append(Played(rnd, {}, (pairing.bye,), bye=True))
    return games


def meetings(games: list[Played]) -> list[tuple[int, int]]:
    return [
        pair for g in games if not g.bye for pair in itertools.combinations(sorted(g.players), 2)
    ]


def test_swiss_no_repeat_pairings_over_three_rounds_of_eight() -> None:
    games = play_swiss(list(range(1, 9)), 3)
    pairs = meetings(games)
    assert len(pairs) == 12
    assert len(set(pairs)) == len(pairs)


def test_swiss_no_repeats_at_tables_of_four_when_possible() -> None:
    games = play_swiss(list(range(1, 9)), 2, seats=4)
    pairs = meetings(games)
    # 8 players at two tables of four, twice: 24 meetings, none repeated is impossible
    # (each player meets 3 then 3 of the other 4), so only those forced repeat
    assert len(pairs) == 24
    assert len(set(pairs)) >= 16


def test_swiss_seats_by_score() -> None:
    players = [1, 2, 3, 4]
    games = [duel(1, 1, 2), duel(1, 3, 4)]
    pairing = swiss_pairing(standings("swiss", players, games))
    # the two winners meet, and the two losers
    assert sorted(map(sorted, pairing.tables)) == [[1, 3], [2, 4]]


def test_swiss_repeat_only_when_nothing_else_is_left() -> None:
    players = [1, 2]
    games = [duel(1, 1, 2)]
    pairing = swiss_pairing(standings("swiss", players, games))
    assert pairing.tables == [(1, 2)]


def test_swiss_odd_player_gets_a_bye_worth_a_win_and_never_twice() -> None:
    players = [1, 2, 3, 4, 5]
    games = play_swiss(players, 5)
    byes = [g.players[0] for g in games if g.bye]
    assert len(byes) == 5
    assert len(set(byes)) == 5
    first_bye = swiss_pairing(standings("swiss", players, []))
    assert first_bye.bye == 5  # the lowest-placed (joined last) when all are level
    ranked = standings("swiss", players, [Played(1, {}, (5,), bye=True)])
    assert next(s for s in ranked if s.user_id == 5).points == 1.0


def test_swiss_odd_player_sits_with_a_bot_when_allowed() -> None:
    pairing = swiss_pairing(standings("swiss", [1, 2, 3], []), 2, bots_allowed=True)
    assert pairing.bye is None
    assert sorted(len(t) for t in pairing.tables) == [1, 2]


def test_swiss_tie_broken_by_points_of_those_met() -> None:
    # 1 beat 2, 3 beat 4; then 2 came second of three and 4 last (1's opponent did better)
    games = [duel(1, 1, 2), duel(1, 3, 4), Played(2, {5: 1, 2: 2, 4: 3}, (5, 2, 4))]
    ranked = standings("swiss", [3, 1, 2, 4, 5], games)
    order = [s.user_id for s in ranked]
    assert order.index(1) < order.index(3)


def test_swiss_full_tie_goes_to_who_joined_first() -> None:
    ranked = standings("swiss", [7, 3], [])
    assert [s.user_id for s in ranked] == [7, 3]


def test_swiss_points_share_a_tied_place() -> None:
    assert swiss_points(1, {1: 1, 2: 1}) == 0.5
    assert swiss_points(1, {1: 1, 2: 2, 3: 3}) == 1.0
    assert swiss_points(2, {1: 1, 2: 2, 3: 3}) == 0.5


def test_arena_streak_doubles_wins_after_two_in_a_row() -> None:
    games = [duel(0, 1, 2), duel(0, 1, 2), duel(0, 1, 2), duel(0, 2, 1), duel(0, 1, 2)]
    ranked = {s.user_id: s for s in standings("arena", [1, 2], games)}
    # 2 + 2 + 4 (on fire) + 0 (streak broken) + 2
    assert ranked[1].points == 10
    assert ranked[2].points == 2


def test_arena_second_place_scores_only_at_three_or_more() -> None:
    assert arena_points(2, 2, False) == 0
    assert arena_points(2, 3, False) == 1
    assert arena_points(1, 4, True) == 4


def test_arena_a_first_place_shared_with_a_bot_is_a_win() -> None:
    games = [Played(0, {1: 1, 2: 3}, (1, 2), seats=3, bot_places=(1,))]
    ranked = {s.user_id: s for s in standings("arena", [1, 2], games)}
    assert (ranked[1].wins, ranked[1].points) == (1, 2)
    assert (ranked[2].wins, ranked[2].points) == (0, 0)


def test_arena_tie_broken_by_wins_then_fewer_tables() -> None:
    games = [
        Played(0, {1: 1, 2: 2, 3: 3}, (1, 2, 3)),  # 1: 2 points, 1 win
        Played(0, {2: 2, 3: 1, 4: 3}, (2, 3, 4)),  # 2: 2 points, no win
    ]
    ranked = [s.user_id for s in standings("arena", [2, 1, 3, 4], games)]
    assert ranked.index(1) < ranked.index(2)


def test_arena_seats_full_tables_and_waits_for_the_rest() -> None:
    pairing = arena_tables([5, 6, 7], seats=2, others_playing=True, bots_allowed=False)
    assert pairing.tables == [(5, 6)]
    alone = arena_tables([7], seats=2, others_playing=False, bots_allowed=True)
    assert alone.tables == [(7,)]
    nobody = arena_tables([7], seats=2, others_playing=False, bots_allowed=False)
    assert nobody.tables == []


def test_arena_standings_of_two_hundred_players() -> None:
    players = list(range(200))
    games = [
        Played(0, {a: 1, b: 2}, (a, b))
        for i in range(50)
        for a, b in [((i * 7) % 200, (i * 7 + 1) % 200)]
    ] * 20
    ranked = standings("arena", players, games)
    winners = sorted((i * 7) % 200 for i in range(50))
    losers = sorted(w + 1 for w in winners)
    idle = [p for p in players if p not in winners and p not in losers]
    # twenty wins in a row: 2 + 2, then 4 each on the streak
    assert [(s.user_id, s.points, s.wins) for s in ranked[:50]] == [(w, 76, 20) for w in winners]
    # no points and no wins: fewer tables played first, then who joined first
    assert [s.user_id for s in ranked[50:]] == idle + losers


def test_a_swiss_table_without_a_result_scores_nothing_and_meets_nobody() -> None:
    games = [Played(1, {1: 0, 2: 0}, (1, 2)), duel(1, 3, 4)]
    assert swiss_points(0, {1: 0, 2: 0}) == 0.0
    by_user = {s.user_id: s for s in standings("swiss", [1, 2, 3, 4], games)}
    assert [(by_user[u].points, by_user[u].played, by_user[u].wins) for u in (1, 2)] == [
        (0.0, 1, 0),
        (0.0, 1, 0),
    ]
    assert by_user[1].buchholz == 0.0 and not by_user[1].met


def test_a_person_tied_with_a_bot_shares_the_place_with_it() -> None:
    # ana and a bot share first of three seats, bo is last: ana has (1 + 0.5) / 2
    assert swiss_points(1, {1: 1, 2: 3}, seats=3, bot_places=[1]) == 0.75
    assert swiss_points(3, {1: 1, 2: 3}, seats=3, bot_places=[1]) == 0.0
    games = [Played(1, {1: 1, 2: 3}, (1, 2), seats=3, bot_places=(1,))]
    by_user = {s.user_id: s for s in standings("swiss", [1, 2], games)}
    assert (by_user[1].points, by_user[2].points) == (0.75, 0.0)
    # a bot placed apart from every person changes nobody's share
    assert swiss_points(1, {1: 1, 2: 1}, seats=3, bot_places=[3]) == 0.75


def test_places_count_among_a_tables_seats_bots_included() -> None:
    # alone with a bot at two seats, second place is a loss
    assert swiss_points(2, {1: 2}, seats=2) == 0.0
    # three people and a bot at President: places 1 to 4 of four seats
    places = {1: 1, 2: 2, 3: 4}
    assert [swiss_points(places[u], places, seats=4) for u in (1, 2, 3)] == [1.0, 2 / 3, 0.0]
    games = [Played(1, {1: 2, 2: 3}, (1, 2), seats=3)]
    by_user = {s.user_id: s for s in standings("arena", [1, 2], games)}
    assert (by_user[1].points, by_user[2].points) == (1, 0)  # second of three seats
