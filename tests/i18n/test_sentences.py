"""Every text a player reads is a sentence, in every language: no engine field, no dict, no
card code, no ``None`` and, in Portuguese and Romanian, no English word left over.

Seeded games of every game are played by every kind of bot (the random bot misses its
calls, Mao's bots blunder), and every event, refusal (illegal moves are tried on purpose),
round and match summary, seat line, menu and hand is rendered as players read it: at the
terminal (``terminal.render``, ``terminal.language``) and on Discord (``cogs.render`` and
the game's own drawings through ``cogs.presentation``, the hand's content and buttons, the
refusals as ``tables.errors`` says them).
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po

import i18n
from cogs import presentation
from cogs import render as discord_render
from cogs.games.mao import render as render_mao
from engine import GAMES, describe, new_game, parse_action
from engine.actions import ACTION_KINDS
from engine.base import Game
from engine.bots import make_bot
from engine.bots.search import SearchBot
from engine.events import Event
from engine.mao import builder
from engine.options import OptionError
from engine.reasons import Refusal
from engine.turns import BotTable, is_timed
from i18n import DOMAIN, catalog_dir
from tables.errors import Refused
from tables.model import BOT_NAMES, Seat, Table
from terminal import render as terminal_render
from terminal.language import refusal, said
from terminal.moves import menu, typed_action
from terminal.shown import action_text

LANGUAGES = ("en", "pt-BR", "ro", "es", "fr", "de")
SEATS = ("ana", "bruno", "chen", "dana")
#: the seat the texts are rendered for (the player at the terminal, a hand on Discord)
ME = "ana"
#: the bots each game is played by, one seed each
KINDS = ("random", "heuristic", "expert")
#: options that make the games short enough to reach their rounds' and matches' ends
OPTIONS: dict[str, dict[str, Any]] = {
    "macao": {"target": 150},
    "president": {"target": 3},
    "lastcard": {"games": 3},
    "mao": {"rounds": 2},
}
MAX_STEPS = 260
#: every so many steps the player tries moves that are not allowed, and typing nonsense
TRY_EVERY = 9
#: what a player might type or press that the game refuses now
ATTEMPTS = (
    "draw",
    "pass",
    "take",
    "announce mau",
    "announce last card",
    "direction cw",
    "vote stop",
    "rebuy",
    "give 3C",
    "complete 9H 9S",
    "play AS suit=H",
)
TYPED = ("play ZZ", "fly away", "play", "pass now", "play AS suit=X", "give")

# --- what a sentence must not show ---------------------------------------------------------
#: the problems a player-facing text may have, each with a pattern that finds it
PROBLEMS = {
    # an engine key as a label ("seat: bruno", "place=4") or before its value ("count 2")
    "a field name": re.compile(
        r"\b(seat|seats|count|reason|place|title|type|kind|for|ruling|winners)\s*[:=]"
        r"|\b(seat|count|reason) \w"
    ),
    # an option as it is typed (``max_turns=0``, ``(player/qualquer_um)``: the options
    # listed) is the word to type
    "a snake_case word": re.compile(r"(?<![=/(])\b[a-z]+_[a-z_]+\b(?!=)"),
    # a key with a value after it: a quoted word before a colon is a call ("'Strafkarte': …")
    "a dict or a list": re.compile(r"[{}\[\]]|'\w+'\s*:\s*(?:['\"\d(]|None|True|False)"),
    "a card code": re.compile(r"(?<![\w♥♦♣♠])(10|[2-9TJQKA])[CDHS](?![\w])"),
    "a suit letter": re.compile(r"(?<![\w'\"+=-])[CDHS](?![\w'\"+=])"),
    "None": re.compile(r"\bNone\b"),
}


def problems(text: str, lang: str = "en") -> list[str]:
    """What is wrong with ``text`` as a sentence for players of ``lang``."""
    found = [name for name, pattern in PROBLEMS.items() if pattern.search(text)]
    if lang != "en":
        # what a player typed or said is quoted as it was: it is nobody's translation
        own = _QUOTED.sub(" ", text)
        english = sorted(w for w in _words(own) if w.lower() in english_only(lang))
        found += [f"the English word {w!r}" for w in english]
    return found


#: quoted as each language quotes (German closes „…“); a straight quote opens where no letter
#: stands before it, as French elides with the same mark ("L'option")
_QUOTED = re.compile(r"“[^”]*”|„[^”“]*[”“]|(?<![^\W\d_])'[^']*'")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def _words(text: str) -> list[str]:
    return _WORD.findall(re.sub(r"\{[^}]*\}", " ", text))


@functools.cache
def english_only(lang: str) -> frozenset[str]:
    """Words of the English messages that no message of ``lang`` uses: an English word
    there is one left untranslated. Names (seats, bots) are not words of either."""
    with open(catalog_dir(lang) / f"{DOMAIN}.po", "rb") as fh:
        catalog = read_po(fh, locale=lang.replace("-", "_"))
    source: set[str] = set()
    target: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        source.update(w.lower() for text in ids for w in _words(str(text)))
        target.update(w.lower() for text in strings for w in _words(str(text or "")))
    names = {s.lower() for s in (*SEATS, *BOT_NAMES)}
    # one letter or two is a rank, an abbreviation or a word of both languages ("a", "de")
    return frozenset(w for w in source - target - names if len(w) > 2)


def test_what_a_player_typed_is_quoted_after_an_elided_word_too():
    assert problems("L'option jeux doit être un nombre, pas 'many'.", "fr") == []
    assert problems("L'option jeux doit être un nombre, pas many.", "fr") == [
        "the English word 'many'"
    ]


def test_a_call_naming_a_one_word_phrase_is_no_dict():
    assert problems("Versäumt zu sagen 'Strafkarte': Dana hat eine Strafkarte genommen") == []
    assert problems("you out 'place': 4") == ["a dict or a list"]


def test_the_problems_found_are_the_leaks_players_met():
    assert problems("you out #{'place': 4, 'title': 'A-hole'}, 1 pt, A-hole")
    assert problems("Penalty: seat bruno, count 2, for last card")
    assert problems("Penalty: seat bruno, count 2, reason mau")
    assert problems("Not allowed: KC does not follow D or 10")
    assert problems("K♣ nu merge nici pe D, nici pe 10", "ro")
    assert problems("The round stopped with no winner (turns) None")
    assert problems("the dealer first chooses: direction_cw")
    assert problems("a cor deve ser red ou black", "pt-BR") == [
        "the English word 'black'",
        "the English word 'red'",
    ]
    assert problems("culoarea trebuie să fie red sau black", "ro")
    assert not problems("Not allowed: K♣ does not follow ♦ diamonds or 10.")
    assert not problems("bruno took 2 penalty cards for not saying “last card”")
    assert not problems("a cor deve ser vermelha ou preta", "pt-BR")


# --- the games, played and rendered -------------------------------------------------------
def played(game_name: str) -> Iterator[tuple[Game, list[Event], int]]:
    """Every step of the seeded games of ``game_name``: the game after it, its events, and
    the step's number."""
    cls = GAMES[game_name]
    count = max(cls.min_seats, min(len(SEATS), cls.max_seats))
    seats = list(SEATS[:count])
    for seed, kind in enumerate(KINDS):
        game = new_game(game_name, seats, seed=seed, options=OPTIONS.get(game_name))
        bots = {}
        for k, seat in enumerate(seats):
            bot = make_bot(kind, game_name, seed * 100 + k)
            if isinstance(bot, SearchBot):
                bot.playouts = 2  # its sentences, not its strength
            bots[seat] = bot
        table = BotTable(bots)
        now = 0.0
        yield game, list(game.observation(None).get("events") or []), 0
        for step in range(1, MAX_STEPS):
            if game.is_over:
                break
            deadline = game.next_deadline() if is_timed(game) else None
            if deadline is not None and deadline <= now:
                events = game.tick(now)
            else:
                moved = table.step(game, now)
                if moved is None:
                    if deadline is None:
                        break
                    now = deadline
                    continue
                events = moved[2]
                now += 1.0
            yield game, events, step


def discord_table(game: Game, lang: str, status: str = "running") -> Table:
    seats = [Seat(seat=s, name=s.capitalize(), user_id=k + 1) for k, s in enumerate(game.seats)]
    return Table(
        id=1,
        game_name=game.name,
        options=dict(getattr(game, "options", {}) or {}),
        seed=1,
        status=status,
        seats=seats,
        game=game,
        language=lang,
    )


def embed_texts(embed: Any) -> list[str]:
    texts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for field in embed.fields:
        texts += [field.name, *field.value.split("\n")]
    return [t for t in texts if t]


def refusals(game: Game) -> list[Refusal]:
    """What the game says to moves of the player's that it does not allow now."""
    if game.is_over:
        return []
    legal = {str(a) for a in game.legal_actions(ME)}
    hand = [str(c) for c in game.observation(ME).get("hand") or []]
    tried = [f"play {c}" for c in hand[:4]] + list(ATTEMPTS)
    # a game where a refused move may be penalised (Mao) is tried on a copy
    target = copy.deepcopy(game) if game.secret_rules else game
    found = []
    for text in tried:
        if text in legal:
            continue
        try:
            target.apply(ME, parse_action(text).stamped(0.0) if game.timed else text)
        except Refusal as exc:
            found.append(exc)
        else:
            target = copy.deepcopy(game)  # it was allowed after all: back to the table's state
    return found


def other_refusals(game_name: str) -> list[BaseException]:
    """Options and (Mao) rules that are refused."""
    found: list[BaseException] = []
    for options in ({"target": -1}, {"nonsense": 1}, {"games": "many"}):
        try:
            new_game(game_name, list(SEATS), seed=0, options=options)
        except OptionError as exc:
            found.append(exc)
    if GAMES[game_name].players_make_rules:
        for trigger, answer in (("colour", "green"), ("class", "big"), ("card", "ZZ")):
            try:
                builder.build(trigger, "skip", {"detail": answer})
            except Refusal as exc:
                found.append(exc)
    return found


def rendered(game: Game, events: list[Event], step: int, lang: str) -> Iterator[str]:
    """Every text a player reads after this step, at the terminal and on Discord."""
    tr = i18n.get(lang)
    cls = type(game)
    table = discord_table(game, lang, "finished" if game.is_over else "running")
    if cls.secret_rules:  # Mao's thread: the Chairman's posts and the table's short lines
        yield from render_mao.announcements(table, events)
        yield from (render_mao.event_line(table, event) or "" for event in events)
    for event in events:
        yield terminal_render.event_text(event, ME, cls, tr)
        yield discord_render.event_line(table, event)
        if event.get("type") == "round_end":
            yield from terminal_render.round_end_lines(event, ME, tr, game)
        if event.get("type") == "match_end":
            yield from terminal_render.outcome_lines(event, ME, tr, cls)
    observation = game.observation(ME)
    legal = game.legal_actions(ME) if not game.is_over else []
    yield from terminal_render.table_lines(observation, 0.0, tr)
    yield terminal_render.hint_line(observation, legal, tr) or ""
    yield from (action_text(a, tr) for a in menu(legal, game.name))
    yield from embed_texts(presentation.table_embed(table))
    layout = presentation.hand_layout(table, table.seat(ME))
    yield from layout.content.split("\n")
    for row in layout.rows:
        if row[0] == "select":
            yield row[1]
        yield from (choice.label for choice in row[-1])
    if game.is_over:
        yield from terminal_render.outcome_lines(game.outcome(), ME, tr, cls)
        yield discord_render.finished_line(table)
    if step % TRY_EVERY == 0:
        for exc in refusals(game):
            yield tr._("Not allowed: {reason}", reason=refusal(exc, tr))
            yield Refused(exc).in_language(tr)


@functools.cache
def texts(game_name: str) -> dict[str, dict[str, str]]:
    """By language, every text rendered from the games of ``game_name``, each with where it
    was read."""
    found: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for game, events, step in played(game_name):
        for lang in LANGUAGES:
            shown = found[lang]
            for text in rendered(game, events, step, lang):
                for line in text.split("\n"):
                    shown.setdefault(line, f"{game_name}, step {step}")
    for lang in LANGUAGES:
        tr = i18n.get(lang)
        for exc in other_refusals(game_name):
            found[lang][said(exc, tr)] = f"{game_name}, a refused option or rule"
            found[lang][Refused(exc).in_language(tr)] = f"{game_name}, on Discord"
        for typed in TYPED:
            try:
                typed_action(typed, tr)
            except ValueError as exc:
                found[lang][said(exc, tr)] = f"{game_name}, typed {typed!r}"
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_text_a_player_reads_is_a_sentence(game_name, lang):
    shown = texts(game_name)[lang]
    bad = [(where, text, problems(text, lang)) for text, where in shown.items()]
    bad = [b for b in bad if b[2]]
    assert not bad, "\n".join(f"{where}: {text!r}: {found}" for where, text, found in bad[:15])


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_event_has_a_sentence_of_its_own(game_name):
    """No event is told as its fields (``engine.describe``'s last resort)."""
    untold = {}
    for game, events, _step in played(game_name):
        for event in events:
            told = describe.describe_event(event, game=type(game))
            if told == describe._plain(event, str, describe.show_card):
                untold[event["type"]] = told
    assert not untold, untold


def test_every_kind_of_action_is_tried_or_played():
    """The attempts reach every kind of move a game may refuse (so a new kind is tried)."""
    tried = {text.split()[0] for text in (*ATTEMPTS, "play")}
    assert tried >= set(ACTION_KINDS) - {"say", "rejoin", "declare_rule", "back", "leave"}
