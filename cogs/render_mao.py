"""What a Mao table looks like on Discord: lobby, table message, hands and the Chairman's words.

Mao is played without telling anyone the rules (seed 000), so everything here shows facts and
never reasons: the top card, the suit a Jack named, whose turn it is and when their clock runs
out, how many cards each player holds, and what happened ("ana played 7♥", "bo took a card",
"Talking: bo took a penalty card"). Nothing says why a card went back, what a pending 7 means
or what a secret rule does; a rule's words are shown only to its author, in their own hand.
A card is shown only when it is public (played onto the pile); a card that went back to a
hand is named only to its holder.

Everything is in the table's language, and the Chairman names calls and phrases the way that
language says them (``engine.mao.languages``). The Chairman's posts in the thread
(``announcements``) are penalties by call name with the
offender and the caller, "Point of order." / "End of point of order.", "<name> has made a new
rule.", players going out and rounds ending.

``cogs.render`` hands Mao tables to this module; ``cogs.mao_hand`` turns a ``MaoLayout``
into buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from cogs import render
from engine import Action, Event
from engine.cards import Card
from engine.events import Observation
from engine.mao.builder import describe as in_words
from engine.mao.languages import Speech, speech
from i18n import N_, Catalog
from tables.model import Seat, Table

#: the options shown on the table; ``house_rules`` never is, nor ``jack_suit`` and ``pool``
#: (naming them would tell a rule)
SHOWN_OPTIONS = ("turn_seconds", "speech_window", "call_window", "mode")
#: how many recent happenings the table message lists
RECENT_LINES = 6
MAX_CARD_BUTTONS = 20
OBJECT = N_("The object of the game is to get rid of all your cards.")
READS_THREAD = N_(
    "The Chairman reads this thread: once the game starts, everything a seated player "
    "writes here counts."
)


# --- names ------------------------------------------------------------------------------
def speech_of(table: Table) -> Speech:
    """How the table's language says Mao's calls and phrases."""
    return speech(getattr(table, "language", "en"))


def call_name(table: Table, call: Any) -> str:
    """A call (its canonical name) as the table's language says it."""
    return speech_of(table).call(str(call or ""))


def name(table: Table, key: Any) -> str:
    return render.seat_name(table, key)


def _is_bot(table: Table, key: Any) -> bool:
    try:
        return table.seat(str(key)).bot_kind is not None
    except KeyError:
        return False


def mention(table: Table, key: Any) -> str:
    """A human as a mention (shown as @name), a bot by name."""
    try:
        seat = table.seat(str(key))
    except KeyError:
        return str(key)
    return f"<@{seat.user_id}>" if seat.user_id is not None else seat.name


def options_line(table: Table) -> str:
    return " · ".join(f"{k}={table.options[k]}" for k in SHOWN_OPTIONS if k in table.options)


# --- the lobby and the table message ----------------------------------------------------
def lobby_embed(table: Table) -> discord.Embed:
    tr = render.catalog(table)
    title = tr._("{table} — lobby", table=render.table_title(table))
    embed = discord.Embed(title=title, colour=discord.Colour.blurple())
    before = f"{tr._(OBJECT)}\n{tr._(READS_THREAD)}\n\n"
    embed.description = render.lobby_text(table, before, options_line(table))
    return embed


def clock_line(table: Table, view: Observation) -> str:
    """Whose turn, and when their clock runs out; stopped during a Point of Order."""
    tr = render.catalog(table)
    turn = view.get("turn")
    who = tr._("Turn: **{name}**", name=name(table, turn) if turn is not None else "—")
    if view.get("point_of_order") is not None:
        return who + " · " + tr._("⏸ point of order: the clock is stopped")
    ends = view.get("turn_ends")
    origin = table.started_at
    if ends is None or origin is None or turn is None:
        return who
    return who + " · " + tr._("clock runs out {when}", when=f"<t:{int(origin + ends)}:R>")


def seat_line(table: Table, seat: Seat, view: Observation) -> str:
    tr = render.catalog(table)
    counts = view.get("counts") or {}
    parts = [render.seat_label(table, seat)]
    if seat.seat in (view.get("out") or []):
        parts.append(tr._("out"))
    else:
        parts.append(render._cards_word(counts.get(seat.seat, 0), tr))
    if seat.seat in (view.get("away") or []):
        parts.append(tr._("away (a bot plays)"))
    won = (view.get("scores") or {}).get(seat.seat, 0)
    if won:
        parts.append(tr.ngettext("{count} round won", "{count} rounds won", won))
    return " · ".join(parts)


def table_embed(table: Table) -> discord.Embed:
    """The public picture of a running or finished Mao table."""
    game = table.game
    if game is None:
        return lobby_embed(table)
    tr = render.catalog(table)
    view = game.observation(None)
    colour = discord.Colour.green() if table.is_running else discord.Colour.dark_grey()
    embed = discord.Embed(title=render.table_title(table), colour=colour)
    lines: list[str] = []
    top = view.get("top")
    if top is not None:
        lines.append(tr._("Top card: **{card}**", card=render.cards(top)))
        if view.get("suit") and Card.parse(str(top)).suit != view["suit"]:
            suit = render.suit_text(view["suit"], tr)
            lines.append(tr._("Suit named: **{suit}**", suit=suit))
        elif view.get("suit_open"):
            lines.append(tr._("Suit named: not yet"))
    if table.is_running:
        lines.append(clock_line(table, view))
    elif table.status == "finished":
        lines.append(render.finished_line(table))
    else:
        lines.append(render.ended_line(table))
    embed.description = "\n".join(lines)
    seats = "\n".join(seat_line(table, s, view) for s in table.seats)
    embed.add_field(name=tr._("Seats"), value=seats[:1024] or "—", inline=False)
    recent = [t for t in (event_line(table, e) for e in view.get("events") or []) if t]
    if recent:
        lately = "\n".join(recent[-RECENT_LINES:])[:1024]
        embed.add_field(name=tr._("Lately"), value=lately, inline=False)
    footer = [
        tr._("Round {round}", round=view["round"]),
        tr._("pool {count}", count=view.get("stock", 0)),
        options_line(table),
    ]
    embed.set_footer(text=" · ".join(footer)[:2000])
    return embed


def event_line(table: Table, event: Event) -> str | None:
    """One public happening in a few words, or None for what the table does not list
    (speech, skipped turns: the turn marker shows those)."""
    tr = render.catalog(table)
    kind = event.get("type")
    who = name(table, event.get("seat"))
    count = event.get("count")
    if kind == "play":
        text = tr._("{name} played {cards}", name=who, cards=render.cards(event.get("cards")))
        if event.get("suit"):
            text += tr._(" and named {suit}", suit=render.suit_text(event["suit"], tr))
        return text
    if kind == "take":
        return tr._("{name} took {cards}", name=who, cards=render._cards_word(count, tr))
    if kind == "refused":
        if event.get("action") == "play":
            return tr._("{name} played a card; it went back", name=who)
        return tr._("{name} reached for the pool; the card stayed", name=who)
    if kind == "penalty":
        call = call_name(table, event.get("call"))
        return tr._("{call}: {name} took a penalty card", call=call, name=who)
    if kind == "given":
        return tr._("{name} was given {cards}", name=who, cards=render._cards_word(count, tr))
    if kind == "rejoin":
        return tr._("{name} rejoined with {cards}", name=who, cards=render._cards_word(count, tr))
    if kind == "out":
        return tr._("{name} is out", name=who)
    if kind == "new_rule":
        return tr._("{name} made a new rule", name=who)
    if kind == "point_of_order":
        return tr._("Point of order")
    if kind == "point_of_order_end":
        return tr._("End of point of order")
    if kind == "away":
        return tr._("{name} is away", name=who)
    if kind == "back":
        return tr._("{name} is back", name=who)
    if kind == "deal":
        return tr._("Round {round} dealt", round=event.get("round"))
    if kind == "round_end":
        return tr._("Round {round} over", round=event.get("round"))
    if kind == "reshuffle":
        return tr._("The pile became the new pool")
    if kind == "suit_named":
        return tr._("{name} named {suit}", name=who, suit=render.suit_text(event.get("suit"), tr))
    if kind == "overturned":
        call = call_name(table, event.get("call"))
        return tr._("Ruling overturned: {call} on {name}", call=call, name=who)
    return None


# --- the Chairman's posts in the thread -------------------------------------------------
def penalty_text(table: Table, event: Event) -> str:
    """``Talking. @bo takes a penalty card.`` (with the caller when a player called it)."""
    tr = render.catalog(table)
    call = call_name(table, event.get("call", ""))
    by = event.get("by")
    offender = mention(table, event.get("seat"))
    if by in (None, "Chairman"):
        said = call
    else:
        said = tr._("{call}, called by {caller}", call=call, caller=mention(table, by))
    if not event.get("count"):
        return tr._(
            "{call}. {name} would take a penalty card, but the pool is empty.",
            call=said,
            name=offender,
        )
    return tr._("{call}. {name} takes a penalty card.", call=said, name=offender)


def announcements(table: Table, events: list[Event]) -> list[str]:
    """What the Chairman says in the thread about these events, in order."""
    tr = render.catalog(table)
    said = speech_of(table)
    lines: list[str] = []
    for event in events:
        kind = event.get("type")
        key = event.get("seat")
        if kind == "penalty":
            lines.append(penalty_text(table, event))
        elif kind == "say" and _is_bot(table, key):
            # a bot's words reach the table the way a person's do: written in the thread,
            # with whom they name (a call's offender) as a person's mention would show
            named = "".join(f" {mention(table, s)}" for s in event.get("to") or ())
            lines.append(f"🤖 **{name(table, key)}**: {event.get('text', '')}{named}")
        elif kind == "point_of_order":
            lines.append(_sentence(said.say("point of order")))
        elif kind == "point_of_order_end":
            lines.append(_sentence(said.say("end of point of order")))
        elif kind == "new_rule":
            lines.append(tr._("{name} has made a new rule.", name=name(table, key)))
        elif kind == "out":
            lines.append(tr._("{name} is out.", name=mention(table, key)))
        elif kind == "away":
            lines.append(
                tr._(
                    "{name} is away: a bot plays for them until they press "
                    "**I'm back** on their hand.",
                    name=mention(table, key),
                )
            )
        elif kind == "round_end":
            went = ", ".join(name(table, s) for s in event.get("winners") or [])
            lines.append(
                tr._(
                    "Round {round} is over. Out: {names}.",
                    round=event.get("round"),
                    names=went or tr._("nobody"),
                )
            )
        elif kind == "deal" and event.get("round", 1) > 1:
            lines.append(tr._("Round {round}: new hands are dealt.", round=event.get("round")))
        elif kind == "suit_named":
            suit = render.suit_text(event.get("suit"), tr)
            lines.append(tr._("{name} named {suit}.", name=name(table, key), suit=suit))
        elif kind == "overturned":
            # the call name only: it was announced with the penalty, and says no more
            call = call_name(table, event.get("call"))
            lines.append(
                tr._("Ruling overturned: {call} on {name}", call=call, name=name(table, key))
            )
    return lines


def _sentence(phrase: str) -> str:
    """``point of order`` -> ``Point of order.``"""
    return phrase[:1].upper() + phrase[1:] + "."


def ruling_ids(events: list[Event]) -> list[int]:
    """The rulings these events give (the penalties), for their review buttons."""
    return [e["ruling"] for e in events if e.get("type") == "penalty" and "ruling" in e]


# --- hands ------------------------------------------------------------------------------
@dataclass
class MaoLayout(render.HandLayout):
    """A Mao hand: the shared layout plus the "New rule" button for a player who won."""

    new_rule: bool = False

    def key(self) -> tuple[Any, ...]:
        return (*super().key(), self.new_rule)


def _returned(observation: Observation, me: str) -> str | None:
    """The card of this seat's last move, if that move was a card that went back."""
    for event in reversed(observation.get("events") or []):
        if event.get("seat") != me:
            continue
        if event.get("type") == "refused" and event.get("action") == "play":
            return render.cards(event.get("cards"))
        if event.get("type") in ("play", "take", "refused", "penalty", "rejoin"):
            return None
    return None


def hand_content(table: Table, seat: Seat, observation: Observation, where: str) -> str:
    tr = render.catalog(table)
    lines = [f"**{render.table_title(table)}**" + (f" {where}" if where else "")]
    hand = render.sort_hand(list(observation.get("hand") or []))
    lines.append(render.your_hand(hand, tr))
    me = seat.seat
    top = observation.get("top")
    if top is not None:
        line = tr._("Top card: **{card}**", card=render.cards(top))
        if observation.get("suit") and Card.parse(str(top)).suit != observation["suit"]:
            suit = render.suit_text(observation["suit"], tr)
            line += tr._(" · suit named: **{suit}**", suit=suit)
        lines.append(line)
    if not table.is_running:
        ended = table.status == "finished"
        lines.append(render.finished_line(table) if ended else tr._("The table has ended."))
        return "\n".join(lines)
    returned = _returned(observation, me)
    if returned:
        lines.append(tr._("Your {card} went back to your hand.", card=returned))
    if observation.get("point_of_order") is not None:
        lines.append(tr._("Point of order: play is stopped."))
    elif me in (observation.get("out") or []):
        lines.append(tr._("You are out. Rejoin whenever you like."))
    elif me in (observation.get("going_out") or []):
        lines.append(tr._("You have played your last card."))
    elif observation.get("turn") == me:
        lines.append(tr._("**Your turn.**"))
    elif observation.get("turn") is not None:
        lines.append(tr._("Turn: {name}.", name=name(table, observation["turn"])))
    if me in (observation.get("away") or []) or seat.away:
        lines.append(tr._("You are marked away: a bot plays for you. Press **I'm back** to play."))
    if seat.left_game:
        lines.append(tr._("You left: a bot plays your seat."))
    if (observation.get("rule_credits") or {}).get(me):
        lines.append(tr._("You won a round: you may make a new rule."))
    said = speech_of(table)
    mine = [in_words(r["rule"], tr, said) for r in observation.get("rules") or [] if r.get("rule")]
    if mine:
        lines.append(tr._("Your secret rules (nobody else is told):"))
        lines.extend(f"• {text}" for text in mine)
    return "\n".join(lines)[: render.CONTENT_LIMIT]


def control_label(action: Action, tr: Catalog = render.EN) -> tuple[str, discord.ButtonStyle]:
    if action.kind == "take":
        return tr._("Take a card"), discord.ButtonStyle.primary
    if action.kind == "rejoin":
        return tr._("Rejoin (take five cards)"), discord.ButtonStyle.success
    if action.kind == "back":
        return tr._("I'm back"), discord.ButtonStyle.success
    return str(action)[:80], discord.ButtonStyle.secondary


def hand_layout(table: Table, seat: Seat, page: int = 0, where: str = "") -> MaoLayout:
    """Every card in hand (MAO-12: the buttons never tell what may be played), Take, a
    suit for each Jack, Rejoin when out, I'm back when away, New rule after a win."""
    tr = render.catalog(table)
    game = table.game
    if game is None:
        title = f"**{render.table_title(table)}**" + (f" {where}" if where else "")
        return MaoLayout(f"{title}\n" + tr._("The game has not started yet."))
    observation = game.observation(seat.seat)
    layout = MaoLayout(hand_content(table, seat, observation, where))
    if not table.is_running or seat.left_game:
        return layout
    if seat.away:
        layout.back_button = True
        return layout
    singles: list[render.Choice] = []
    jacks: list[render.Choice] = []
    controls: list[render.Choice] = []
    for action in game.legal_actions(seat.seat):
        cards = render._action_cards(action)
        if not cards:
            label, style = control_label(action, tr)
            controls.append(render.Choice(action, label, style))
        elif getattr(action, "suit", None):
            jacks.append(render.Choice(action, render.choice_label(action, tr)))
        else:
            label = render.choice_label(action, tr)
            singles.append(render.Choice(action, label, render._card_style(cards[0])))
    layout.new_rule = bool((observation.get("rule_credits") or {}).get(seat.seat))
    body: list[tuple[Any, ...]] = []
    if len(singles) > MAX_CARD_BUTTONS:
        step = render.SELECT_OPTIONS
        body += [
            ("select", tr._("Play a card…"), singles[n : n + step])
            for n in range(0, len(singles), step)
        ]
    else:
        step = render.ROW_WIDTH
        body += [("buttons", singles[n : n + step]) for n in range(0, len(singles), step)]
    step = render.SELECT_OPTIONS
    body += [
        ("select", tr._("Play a Jack and name a suit…"), jacks[n : n + step])
        for n in range(0, len(jacks), step)
    ]
    control_rows = [("buttons", controls)] if controls or layout.new_rule else []
    room = render.MAX_ROWS - max(len(control_rows), 1 if len(body) >= render.MAX_ROWS else 0)
    if len(body) > room:
        layout.pages = (len(body) + room - 1) // room
        layout.page = max(0, min(page, layout.pages - 1))
        body = body[layout.page * room : (layout.page + 1) * room]
        if not control_rows:
            control_rows = [("buttons", [])]
    layout.rows = body + control_rows
    return layout
