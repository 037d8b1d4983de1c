"""The Mao practice bots: they speak before they play, call what they see, and can forget."""

from __future__ import annotations

from engine.actions import DeclareRule, Play, Say, Take
from engine.bots import make_bot
from engine.cards import Card
from engine.mao import Mao
from engine.mao.bots.heuristic import MaoHeuristic, MaoRandomBot
from tests.engine.mao.table import call, play, say, table, take, waiting


def act(g: Mao, seat: str, bot, at: float) -> object:
    """Ask ``bot`` as the seat's player and apply what it chose."""
    action = bot.choose(g.observation(seat), g.legal_actions(seat))
    g.apply(seat, action.stamped(at))
    return action


def react(g: Mao, seat: str, bot, at: float) -> object:
    action = bot.react(g.observation(seat), g.legal_actions(seat))
    if action is not None:
        g.apply(seat, action.stamped(at))
    return action


def test_make_bot_gives_the_mao_bots_for_both_levels():
    assert isinstance(make_bot("heuristic", "mao", 1), MaoHeuristic)
    assert isinstance(make_bot("random", "mao", 1), MaoRandomBot)
    assert type(make_bot("random", "macao", 1)).__name__ == "RandomBot"


def test_bot_says_its_phrases_first_then_plays_and_owes_nothing():
    g = table({"ana": "7S 2C", "bo": "9D 2D 3D"}, top="5S")
    bot = MaoHeuristic(1)
    first = act(g, "ana", bot, at=1)
    assert isinstance(first, Say)
    assert first.text == "Have a nice day. Seven of spades. Last card"
    second = act(g, "ana", bot, at=2)
    assert second == Play(cards=(Card.parse("7S"),))
    g.tick(30)
    assert g.stats[0]["penalties_taken"] == 0


def test_bot_takes_a_seven_chain_saying_penalty_card_for_each():
    g = table({"ana": "7H 2C 3C", "bo": "7C 2D 3D", "cy": "9S 4D 4S"}, top="5H")
    play(g, "ana", "7H", at=1)
    say(g, "ana", "have a nice day", at=1.1)
    play(g, "bo", "7C", at=2)
    say(g, "bo", "have a very nice day", at=2.1)
    bot = MaoHeuristic(2)
    assert act(g, "cy", bot, at=3).text == "Penalty card. Penalty card"
    assert act(g, "cy", bot, at=3.5) == Take()
    g.tick(40)
    assert g.stats[2]["penalties_taken"] == 0


def test_bot_continues_a_seven_chain_with_the_right_number_of_verys():
    g = table({"ana": "7H 2C 3C", "bo": "7C 2D 3D"}, top="5H")
    play(g, "ana", "7H", at=1)
    bot = MaoHeuristic(3)
    assert act(g, "bo", bot, at=2).text == "Have a very nice day"
    assert act(g, "bo", bot, at=2.5) == Play(cards=(Card.parse("7C"),))


def test_bot_names_the_suit_it_holds_most_of_with_a_jack():
    g = table({"ana": "JD 2C 3C 4C", "bo": "9D 2D 3D"}, top="5D")
    bot = MaoHeuristic(4)
    action = act(g, "ana", bot, at=1)
    assert action == Play(cards=(Card.parse("JD"),), suit="C")


def test_bot_takes_when_nothing_plays_by_the_base_rules():
    g = table({"ana": "9C 2C 3C", "bo": "9D 2D 3D"}, top="5H")
    assert act(g, "ana", MaoHeuristic(5), at=1) == Take()
    assert waiting(g) == []


def test_bot_calls_talking_it_hears():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    bot = MaoHeuristic(6)
    say(g, "cy", "so, how is everyone?", at=1)
    action = react(g, "bo", bot, at=1.5)
    assert action == Say(text="Talking", mentions=("cy",))
    assert g.stats[1]["calls"] == 1


def test_bot_calls_a_phrase_missing_when_the_window_closes():
    g = table({"ana": "6H 2C", "bo": "9D 2D 3D"}, top="5H")
    bot = MaoHeuristic(7)
    play(g, "ana", "6H", at=1)
    assert react(g, "cy", bot, at=2) is None  # ana may still say it
    g.tick(6)
    action = react(g, "cy", bot, at=6.5)
    assert action == Say(text="Failure to say 'Last card'", mentions=("ana",))
    assert g.stats[2]["calls"] == 1


def test_bot_calls_a_refused_card_by_its_reason():
    g = table({"ana": "9C 2C 3C", "bo": "6H 2D 3D"}, top="5H")
    bot = MaoHeuristic(8)
    play(g, "ana", "9C", at=1)
    play(g, "bo", "6H", at=1.2)
    first = react(g, "cy", bot, at=1.5)
    second = react(g, "cy", bot, at=1.6)
    assert {first.text, second.text} == {"Bad card", "Playing out of turn"}
    assert g.stats[2]["calls"] == 2 and g.stats[2]["bad_adjudications"] == 0


def test_bot_calls_a_turn_that_ran_out():
    g = table({"ana": "6H 2C 3C"}, top="5H", clock=True)
    bot = MaoHeuristic(9)
    react(g, "bo", bot, at=1)
    g.tick(5)
    action = react(g, "bo", bot, at=5.5)
    assert action == Say(text="Failure to play within five seconds", mentions=("ana",))


def test_bot_calls_mao_said_in_vain():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    say(g, "cy", "mao", at=1)
    action = react(g, "bo", MaoHeuristic(10), at=1.5)
    assert action == Say(text="Taking our Glorious Leader's name in vain", mentions=("cy",))


def test_bot_lets_a_point_of_order_run_a_while_then_ends_it():
    g = table({"ana": "6H 2C 3C"}, top="5H")
    bot = MaoHeuristic(11)
    say(g, "cy", "point of order", at=1)
    say(g, "cy", "a question", at=5)
    assert react(g, "bo", bot, at=5) is None
    say(g, "cy", "another question", at=21)
    assert react(g, "bo", bot, at=21) == Say(text="End of point of order")


def test_bot_declares_a_rule_after_winning_and_then_keeps_it():
    g = table({"ana": "6H", "bo": "9D 2D 3D", "cy": "9C 4D 4S"}, top="5H")
    play(g, "ana", "6H", at=1)
    say(g, "ana", "mao", at=1.1)
    bot = MaoHeuristic(12)
    action = react(g, "ana", bot, at=2)
    assert isinstance(action, DeclareRule)
    assert g.observation("ana")["rules"][0]["rule"]
    assert react(g, "ana", bot, at=3) is None


def test_bot_says_its_own_secret_rules_phrase():
    rule = {"trigger": {"kind": "play", "suit": "D"}, "effect": {"kind": "say", "phrase": "shine"}}
    g = table({"ana": "6D 2C 3C", "bo": "9D 2D 3D"}, top="5D")
    g.rules.append({"by": 0, "rule": rule})
    g._vocabulary = None
    bot = MaoHeuristic(13)
    assert act(g, "ana", bot, at=1).text == "Shine"
    act(g, "ana", bot, at=1.5)
    g.tick(30)
    assert g.stats[0]["penalties_taken"] == 0


def test_random_level_sometimes_forgets_a_phrase_and_sometimes_remembers():
    said = []
    for seed in range(40):
        g = table({"ana": "7H 2C 3C", "bo": "9D 2D 3D"}, top="5H")
        bot = MaoRandomBot(seed)
        first = act(g, "ana", bot, at=1)
        said.append(isinstance(first, Say))
    assert any(said) and not all(said)


def test_random_level_plays_any_card_the_base_rules_allow():
    seen = set()
    for seed in range(30):
        g = table({"ana": "6H 7H 5C 2D", "bo": "9D 2S 3D"}, top="5H")
        bot = MaoRandomBot(seed)
        action = act(g, "ana", bot, at=1)
        if isinstance(action, Say):
            action = act(g, "ana", bot, at=2)
        seen.add(str(action))
    assert {"play 6H", "play 7H", "play 5C"} <= seen


def test_heuristic_bots_alone_play_whole_rounds_without_a_penalty():
    from tests.engine.playthrough import record_playthrough

    for seed in (1, 2):
        text = record_playthrough("mao", 4, seed, options={"rounds": 2})
        assert "outcome" in text and '"type":"penalty"' not in text


def test_a_call_against_a_bot_lands_on_the_bot():
    g = table({"ana": "6H 2C", "bo": "9D 2D 3D"}, top="5H")
    bot = MaoRandomBot(0)
    bot.forget = 1.0  # forgets everything
    act(g, "ana", bot, at=1)
    assert g.observation(None)["top"] == "6H"
    g.tick(6)
    call(g, "bo", "failure to say last card", "ana", at=7)
    assert g.stats[0]["penalties"] == {"Failure to say 'Last card'": 1}
    take(g, "bo", at=8)


def test_a_bot_at_a_table_in_portuguese_says_its_phrases_in_portuguese():
    g = table({"ana": "7S 2C", "bo": "9D 2D 3D"}, top="5S", options={"language": "pt-BR"})
    bot = MaoHeuristic(1)
    first = act(g, "ana", bot, at=1)
    assert isinstance(first, Say)
    assert first.text == "Tenha um bom dia. Sete de espadas. Última carta"
    act(g, "ana", bot, at=2)
    g.tick(30)
    assert g.stats[0]["penalties_taken"] == 0


def test_heuristic_bots_alone_play_whole_rounds_without_a_penalty_in_every_language():
    from tests.engine.playthrough import record_playthrough

    for lang in ("pt-BR", "ro", "es", "fr", "de"):
        text = record_playthrough("mao", 4, 1, options={"rounds": 2, "language": lang})
        assert "outcome" in text and '"type":"penalty"' not in text
