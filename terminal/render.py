"""Text for the terminal: the table as an observation shows it, events, actions and results.

Everything here reads the contract's observation fields and event dicts, so every game renders
with no code of its own: the top card, the suit in force, the direction, the seats with their
cards and points, whose turn it is, a seat's titles or "out", the hand sorted as on Discord.
Engine bookkeeping (a phase, a run length, a pot) is never shown as it stands in the state.
A game that explains no rules (``secret_rules`` on its class: Mao) gets no "pending" line
and no direction, exactly as on Discord; its clock is shown as the seconds left. A score is
said as its game counts it (``Game.score_words``: points, or Mao's rounds won). Card texts
anywhere are shown with suit symbols (``10H`` -> ``10♥``). Both the plain mode and the live
table use this.

Every word is in the table's language: each function takes the catalog (``tr``, an
``i18n.Catalog``; English by default) and says its sentences through it, the engine's event
sentences included (``engine.describe`` takes the same catalog on Discord).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import GAMES, game_title, seat_facts
from engine.actions import Action
from engine.base import Game
from engine.cards import Card
from engine.describe import (
    describe_event,
    describe_events,
    drawn_hint,
    fold,
    folded_kinds,
    sort_hand,
)
from engine.prompts import must_answer
from engine.standing import describe_standing
from engine.words import Translations, join_names, word
from i18n import N_
from terminal.registry import terminal_game
from terminal.second_person import to_you
from terminal.shown import EN, card_text, suit_text


def cards_text(items: Sequence[str] | None) -> str:
    return " ".join(card_text(str(c)) for c in items or []) or "-"


def who(seat: Any, me: str | None, tr: Translations = EN) -> str:
    return tr._(YOU) if seat is not None and seat == me else str(seat)


#: the human's seat as the table names it
YOU = N_("you")


def scores_text(obs: Mapping[str, Any], me: str | None, tr: Translations = EN) -> str:
    """Every seat's score as its game counts it (``you 12 pts, ada 30 pts``; at Mao ``you 1
    round won``), for where a match stood; empty where the game keeps none."""
    scores = obs.get("scores") or {}
    game = game_of(obs)
    return ", ".join(f"{who(s, me, tr)} {seat_facts.score(game, n, tr)}" for s, n in scores.items())


def game_of(obs: Mapping[str, Any]) -> type[Game] | None:
    """The game class an observation (or event, with a ``game`` key) is of, if known."""
    return GAMES.get(str(obs.get("game")))


def secret_rules(obs: Mapping[str, Any]) -> bool:
    """Whether this game explains none of its rules (``Game.secret_rules``)."""
    game = game_of(obs)
    return game is not None and game.secret_rules


def speaks(game_name: str | None) -> bool:
    """Whether what a player types at this game's table is speech when it is no move
    (``Game.reads_chat``)."""
    game = GAMES.get(str(game_name))
    return game is not None and game.reads_chat


def pending_text(
    pending: Mapping[str, Any] | None, me: str | None, tr: Translations = EN
) -> str | None:
    """What the next player must answer, as Discord's table says it."""
    if not pending or pending.get("target") is None:
        return None
    target = who(pending.get("target"), me, tr)
    told = tr if me is None else to_you(tr, who(me, me, tr))
    return must_answer(pending.get("kind"), pending.get("count", 0), target, tr, told)


def clock_text(obs: Mapping[str, Any], now: float | None, tr: Translations = EN) -> str | None:
    """What the table's head says of the turn's clock, for a game that has one."""
    return terminal_game(obs.get("game")).clock_text(obs, now, tr)


def seat_bits(obs: Mapping[str, Any], seat: str, tr: Translations = EN) -> list[str]:
    """A seat's public facts (``engine.seat_facts``): cards held (or out), away, points,
    title."""
    scores = obs.get("scores") or {}
    held = seat_facts.holding(obs, seat, tr)
    bits = [held] if held else []
    if seat_facts.away(obs, seat):
        bits.append(tr._(seat_facts.AWAY))
    if seat in scores:
        bits.append(seat_facts.score(game_of(obs), scores[seat], tr))
    title = seat_facts.title(obs, seat, tr)
    if title:
        bits.append(title)
    return bits


def seat_lines(
    obs: Mapping[str, Any], form: str, marker: str, blank: str = "", tr: Translations = EN
) -> list[str]:
    """One text per seat, in order; ``form`` gets ``marker`` (whose turn), ``name``, ``bits``."""
    me = obs.get("seat")
    out = []
    for seat in obs.get("seats") or list(obs.get("counts") or {}):
        mark = marker if seat == obs.get("turn") else blank
        bits = ", ".join(seat_bits(obs, seat, tr))
        text = form.format(marker=mark, name=who(seat, me, tr), bits=bits)
        out.append(text.replace(" ()", "").rstrip())
    return out


#: the first words of the table's lines that the live table takes apart
HAND_LINE = N_("Your hand: {cards}")
SEATS_LINE = N_("Seats: {seats}")


def table_lines(
    obs: Mapping[str, Any], now: float | None = None, tr: Translations = EN
) -> list[str]:
    """The whole table as ``obs`` shows it, for the seat it belongs to."""
    me = obs.get("seat")
    lines = []
    head = [tr._(game_title(str(obs.get("game", "game"))))]
    if obs.get("round") is not None:
        head.append(tr._("round {round}", round=obs["round"]))
    if obs.get("turn") is not None:
        head.append(tr._("turn: {name}", name=who(obs["turn"], me, tr)))
    clock = clock_text(obs, now, tr)
    if clock:
        head.append(clock)
    if obs.get("direction") and not secret_rules(obs):  # a reversal would tell a rule
        head.append(word(obs["direction"], tr))
    lines.append("== " + " · ".join(head) + " ==")
    pile = []
    if "top" in obs:
        top = obs.get("top")
        shown = cards_text(top if isinstance(top, list) else [top] if top else [])
        pile.append(tr._("Top: {cards}", cards=shown))
    suit = obs.get("suit")
    top = obs.get("top")
    named = suit and isinstance(top, str) and Card.parse(top).suit != suit
    if suit and isinstance(top, str) and (named or not secret_rules(obs)):
        pile.append(tr._("suit in force: {suit}", suit=suit_text(suit, tr)))
    if obs.get("stock") is not None:
        pile.append(tr._("stock: {count}", count=obs["stock"]))
    if pile:
        lines.append("   ".join(pile))
    if not secret_rules(obs):
        waiting = pending_text(obs.get("pending"), me, tr)
        if waiting:
            lines.append(tr._("Pending: {pending}", pending=waiting))
        if obs.get("lost_turns"):
            lost = ", ".join(f"{who(s, me, tr)} {n}" for s, n in obs["lost_turns"].items())
            lines.append(tr._("Turns still to sit out: {seats}", seats=lost))
    parts = seat_lines(obs, "{marker}{name} ({bits})", "*", tr=tr)
    if parts:
        lines.append(tr._(SEATS_LINE, seats=" | ".join(parts)))
    if me is not None:
        hand = sort_hand(obs.get("hand") or [], obs.get("game"))
        lines.append(tr._(HAND_LINE, cards=cards_text(hand)))
    return lines


def hint_line(obs: Mapping[str, Any], legal: list[Action], tr: Translations = EN) -> str | None:
    """``You drew Q♠: play it now or pass.``, from what the seat may do now (as a Discord
    hand says it)."""
    return drawn_hint(obs.get("drawn"), legal, tr=tr)


def event_text(
    event: Mapping[str, Any],
    me: str | None = None,
    game: type[Game] | None = None,
    tr: Translations = EN,
) -> str:
    """One event in words (``engine.describe``, or ``game``'s own describer), for the seat
    ``me``."""
    told = tr if me is None else to_you(tr, who(me, me, tr))
    return describe_event(event, lambda seat: who(seat, me, tr), viewer=me, tr=told, game=game)


def events_text(
    events: list[dict[str, Any]],
    me: str | None = None,
    game: type[Game] | None = None,
    tr: Translations = EN,
) -> list[str]:
    """Events in words, repeated draws folded into one line."""
    told = tr if me is None else to_you(tr, who(me, me, tr))
    return describe_events(events, lambda seat: who(seat, me, tr), viewer=me, tr=told, game=game)


class EventLines:
    """Event sentences as they arrive over many moves, a run of draws by one seat kept as
    one line that grows ("chen drew 8 cards"), however many moves it took."""

    def __init__(
        self, me: str | None, game: type[Game] | None = None, tr: Translations = EN
    ) -> None:
        self.me = me
        self.game = game
        self.kinds = folded_kinds(game)
        self.tr = tr
        self.lines: list[str] = []
        self.run: Mapping[str, Any] | None = None

    def add(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            folded = fold(self.run, event, self.kinds)
            if folded is not None:
                self.run = folded
                self.lines[-1] = event_text(folded, self.me, self.game, self.tr)
                continue
            self.lines.append(event_text(event, self.me, self.game, self.tr))
            self.run = dict(event) if event.get("type") in self.kinds else None

    def extend(self, lines: list[str]) -> None:
        """Lines of one's own (a round's summary): the run ends."""
        self.lines.extend(lines)
        self.run = None


def standings(
    places: dict[str, int],
    scores: Mapping[str, Any],
    me: str | None,
    tr: Translations = EN,
    game: type[Game] | None = None,
) -> list[str]:
    """``1. ada  12 pts`` lines, best first (the scores as ``game`` counts them)."""
    ranked = sorted(places, key=lambda s: places[s]) if places else list(scores)
    lines = []
    for seat in ranked:
        place = places.get(seat)
        score = "  " + seat_facts.score(game, scores[seat], tr) if seat in scores else ""
        lines.append(f"{place if place else '-'}. {who(seat, me, tr)}{score}")
    return lines


def round_end_lines(
    event: Mapping[str, Any],
    me: str | None = None,
    tr: Translations = EN,
    game: Game | None = None,
) -> list[str]:
    """A round's end, spelled out: who went out, each seat's points and totals, and, given
    the ``game``, how the match is won and who leads it."""
    lines = [f"*** {event_text(event, me, tr=tr)} ***"]
    points = event.get("points") or {}
    totals = event.get("scores") or {}
    titles = event.get("titles") or {}
    for seat in totals or points:
        row = f"  {who(seat, me, tr):<8}"
        if seat in points:
            row += f" +{points[seat]:<4}"
        if seat in totals:
            row += " " + tr._("total {total}", total=totals[seat])
        if titles.get(seat):
            row += f"  {word(titles[seat], tr)}"
        lines.append(row.rstrip())
    if game is not None and totals:
        options = getattr(game, "options", None)
        standing = describe_standing(type(game), options, totals, lambda s: who(s, me, tr), me, tr)
        lines.extend("  " + line for line in standing)
    return lines


def outcome_lines(
    outcome: Mapping[str, Any],
    me: str | None = None,
    tr: Translations = EN,
    game: type[Game] | None = None,
) -> list[str]:
    """The match's end: the winner and the standings (scored as ``game`` counts them)."""
    places, scores = outcome.get("places") or {}, outcome.get("scores") or {}
    ranked = standings(places, scores, me, tr, game)
    over = tr._("Match over. {outcome}", outcome=outcome_text(outcome, me, tr))
    return [f"*** {over} ***"] + ["  " + r for r in ranked]


def outcome_text(outcome: Mapping[str, Any], me: str | None = None, tr: Translations = EN) -> str:
    """Winners of a finished match in one line."""
    winners = [who(w, me, tr) for w in outcome.get("winners", [])]
    if not winners:
        return tr._("No winner.")
    if len(winners) > 1 and me in outcome.get("winners", []):
        # "între tine și ada": the player after "between" is the sentence's own word
        others = [who(w, me, tr) for w in outcome["winners"] if w != me]
        return tr._("Draw between you and {names}.", names=join_names(others, tr))
    if len(winners) > 1:
        return tr._("Draw between {names}.", names=join_names(winners, tr))
    return tr._("Winner: {name}.", name=winners[0])
