"""What a page is sent: one frame per change, drawn from the table and the service's frozen
views of its game (``tables.queries``), as the Discord table message is.

A spectator's frame is drawn from the public view (``observation(None)``); a player's from
their own seat's hand view, with their hand and exactly the moves the game offers them now
(each with the validity token the service checks a press against), and while the game runs
**Leave the table**, with the question that confirms it. A seat its player left is played by
a bot: its page is drawn from the public view as a spectator's, saying so. Nothing else of
the game is read, so a frame never holds another seat's cards, the stock's order or a bot's
reasoning. Sentences are the ones Discord says (``engine.describe``, ``engine.seat_facts``,
``engine.prompts``, ``engine.standing``), in the table's language; a game of secret rules
(Mao) is told no more than its thread: no pending stack, no direction. What the table
message bolds is marked ``**so**`` in them, and the page draws it in bold as Discord does.
"""

from __future__ import annotations

from typing import Any

from engine import game_title, seat_facts
from engine.actions import Action
from engine.cards import Card
from engine.describe import describe_events, describe_offer, show_card, sort_hand
from engine.prompts import control_words, must_answer, turns_word, your_move
from engine.standing import describe_result, describe_standing
from engine.words import SUIT_WORDS, card_name, suit_words
from i18n import N_, Catalog
from i18n import get as catalog_of
from tables import queries
from tables.base import action_cards
from tables.model import Seat, Table
from tables.moves import said_move
from web.registry import web_game

#: how many of the last events a page shows
EVENT_LINES = 8
#: the control a seat the table marked away comes back with, as its hand DM's button
BACK = N_("I'm back")
#: what a seated player's page offers during play apart from its moves: leaving the table,
#: asked once more before it is done (as ``/table leave``: a bot plays the seat on)
LEAVE = N_("Leave the table")
LEAVE_ASKED = N_("Leave the table? A bot plays your seat to the end.")
#: the same question to the last person still playing, whose leaving ends the game
LEAVE_ENDS = N_("Leave the table? Nobody else is playing: the game ends.")
STAY = N_("Stay")
#: what the page of a player who left says, as ``/table leave`` answers them
LEFT = N_("You left {table}.")
BOT_PLAYS = N_("A bot plays your seat to the end.")


def catalog(table: Table) -> Catalog:
    return catalog_of(table.language or "en")


def page_title(table: Table, tr: Catalog | None = None) -> str:
    """The page's title in the table's language (or ``tr``'s, the reader's), as its Discord
    message heads it (``Presidente · mesa #5``)."""
    return table.title(tr or catalog(table))


def move(action: Action, tr: Catalog, pending: Any = None) -> dict[str, Any]:
    """One offered move: its text (what the page sends back), label, cards and suit. Its
    label is the hand DM's button's (``engine.prompts.control_words``): a take counts the
    ``pending`` stack, where the game tells it."""
    cards = [str(c) for c in action_cards(action)]
    data = action.to_dict()
    if cards:
        label = said_move(action, tr)
        if data.get("suit"):
            label += f" → {suit_words(data['suit'], tr)}"
    else:  # an action with a label says its own (draw, take, a vote); another, its offer
        label = control_words(action, pending, tr) or describe_offer([action], tr)
    return {
        "action": str(action),
        "kind": action.kind,
        "label": label,
        # the label as a screen reader says it: the cards and the suit named, in words
        "spoken": spoken_move(cards, data.get("suit"), tr) if cards else label,
        "cards": cards,
        "suit": data.get("suit"),
    }


def spoken_move(cards: list[str], suit: str | None, tr: Catalog) -> str:
    """A move of cards in words (``seven of hearts, seven of spades``; ``ace of clubs →
    diamonds`` where it names a suit), where its label shows the cards' symbols."""
    words = ", ".join(card_name(c, tr) for c in cards)
    return f"{words} → {tr._(SUIT_WORDS[suit])}" if suit in SUIT_WORDS else words


def card_names(cards: Any, tr: Catalog) -> dict[str, str]:
    """Each of these cards in words, as the page labels a card for a screen reader."""
    return {str(c): card_name(str(c), tr) for c in cards}


def facts(
    table: Table, obs: Any, waiting: tuple[str, ...], tr: Catalog, outcome: Any = None
) -> list[str]:
    """The table's public facts in the table message's own sentences, its bold marked
    ``**``: those of any moment (``facts_of``), what is pending and the turns a seat will
    lose (not where the rules are secret), whose turn (once it ended, who won: ``outcome``, or
    why it ended early), the stock, and while the match runs how it is won and who leads it
    (``engine.standing``)."""
    names = table.names()
    tells_rules = not table.game_class.secret_rules
    lines = facts_of(obs, names, tr, tells_rules)
    pending = obs.get("pending")
    if pending and tells_rules:
        target = names.get(pending.get("target"), str(pending.get("target")))
        said = must_answer(pending.get("kind"), pending.get("count", 0), target, tr)
        lines.append(tr._("Pending: **{pending}**", pending=said))
    for key, lost in (obs.get("lost_turns") or {}).items() if tells_rules else ():
        turns = turns_word(lost, tr)
        lines.append(tr._("{name} will lose {turns}", name=names.get(key, key), turns=turns))
    if waiting:
        lines.append(tr._("Turn: {names}", names=", ".join(names.get(w, w) for w in waiting)))
    elif table.status == "finished":  # who won, as the table message says it
        lines.append(describe_result(outcome, lambda key: names.get(key, str(key)), tr))
    elif not table.is_open:
        lines.append(table.ended_line(tr))
    if obs.get("stock") is not None:
        lines.append(tr._("Stock: {count}", count=obs["stock"]))
    scores = obs.get("scores") or {}
    if scores and table.is_running:
        lines += describe_standing(
            table.game_class, table.options, scores, lambda key: names.get(key, str(key)), tr=tr
        )
    return lines


def frame(table: Table, seat: str | None, viewers: int = 0, user: int = 0) -> dict[str, Any]:
    """The frame for a page watching ``table`` as ``seat`` (None: a spectator), opened by
    ``user`` (0: a spectator's link)."""
    tr = catalog(table)
    names = table.names()
    out: dict[str, Any] = {
        "type": "table",
        "table": table.id,
        "title": page_title(table),
        "game": table.game_name,
        "status": table.status,
        "version": table.version,
        "language": table.language,
        "you": seat,
        "viewers": viewers,
        "reads_chat": table.game_class.reads_chat,
        "seats": [{"key": s.seat, "name": s.shown_name(tr), "bot": s.is_bot} for s in table.seats],
        "words": {
            "viewers": tr.ngettext("{count} watching", "{count} watching", viewers),
            "seats": tr._("Seats"),
            # the page's headings, for a screen reader's list of them
            "events": tr._("Last events"),
            "yours": tr._("Your hand"),
            "say": tr._("Say"),
            "replay": tr._(REPLAY),
            # said while a page whose connection dropped opens it again (``table.js``)
            "reconnecting": tr._("Connection lost: reconnecting…"),
        },
    }
    public = queries.public(table)
    held = None if seat is None else table.seat(seat)
    # a seat its player left is played by a bot: its page goes on as a spectator's
    gone = held is not None and held.left_game and table.is_open
    hand = None if seat is None or gone else queries.hand(table, seat)
    if public is None:
        out["lines"] = [tr._("The game has not started yet.")]
        out["facts"] = lobby_facts(table, tr)
        out["lobby"] = lobby_moves(table, seat, user, tr)
        return out
    obs = public.observation if hand is None else hand.observation
    turn = obs.get("turn")
    cls = table.game_class
    scores = obs.get("scores") or {}
    for entry, sitting in zip(out["seats"], table.seats, strict=True):
        key = entry["key"]
        # marked away by its game too (Mao's three timeouts), as the table message marks it
        entry["name"] = sitting.shown_name(tr, seat_facts.away(obs, key))
        # its cards or its place out, its score and its title (``engine.seat_facts``)
        entry["count"] = seat_facts.holding(obs, key, tr)
        entry["score"] = seat_facts.score(cls, scores[key], tr) if key in scores else None
        entry["title"] = seat_facts.title(obs, key, tr)
        entry["turn"] = entry["key"] == turn
    top = obs.get("top")
    # a game of secret rules (Mao) is not told what its rules do: no stack, no direction
    tells = not table.game_class.secret_rules
    pending = obs.get("pending") if tells else None
    out.update(
        top=[top] if isinstance(top, str) else list(top or []),
        suit=obs.get("suit"),
        suit_text=suit_words(obs["suit"], tr) if obs.get("suit") else None,
        direction=obs.get("direction") if tells else None,
        stock=obs.get("stock"),
        pending=(
            {"kind": pending["kind"], "count": pending["count"], "target": pending["target"]}
            if pending
            else None
        ),
        turn=turn,
        turn_name=names.get(turn) if turn else None,
        over=public.over,
        facts=facts(table, obs, public.waiting, tr, public.outcome),
        # a game played on a turn's clock (Mao's five seconds): the page counts it down
        clock=(
            web_game(table.game_name).clock(obs, table.started_at, tr)
            if table.is_running and table.started_at is not None
            else None
        ),
        # told in the third person, as the table message tells them ("ana starts"): the
        # names are the seats' own, so the sentences must not agree with a "you"
        lines=describe_events(
            obs.get("events") or [],
            name=lambda key: names.get(key, str(key)),
            card=show_card,
            tr=tr,
            game=table.game_class,
        )[-EVENT_LINES:],
    )
    out["lobby"] = again_moves(table, seat, user, tr)
    if gone:
        out["left"] = tr._(LEFT, table=page_title(table, tr)) + " " + tr._(BOT_PLAYS)
    out["leave"] = leave_offer(table, held, user, tr)
    if hand is not None and hand.running:
        out["hand"] = sort_hand(obs.get("hand") or [])
        out["token"] = hand.token
        # a stack is counted on the Take button only where the table message tells it
        told = obs.get("pending") if not table.game_class.secret_rules else None
        out["moves"] = [move(action, tr, told) for action in hand.legal]
        out["prompt"] = prompt(table, hand.seat, obs, hand.legal, hand.current, tr)
        form = web_game(table.game_name).form(obs, hand.seat, tr)
        if form is not None:
            out["form"] = form  # a winner's New rule at Mao
        if table.seat(hand.seat).away:
            # the table marked the seat away (its turns ran out): it comes back from here too
            out["back"] = tr._(BACK)
    out["names"] = card_names([*out["top"], *out.get("hand", [])], tr)
    return out


#: the link to a finished match's replay page
REPLAY = N_("Replay the match")
#: the table message's button on a closed table (``cogs.play.AgainButton``)
AGAIN = N_("Play again")
#: what a page's user may do in the lobby, in the words of the Discord lobby's buttons
LOBBY_WORDS = {
    "join": N_("Join"),
    "leave": N_("Leave"),
    "bot": N_("Add bot"),
    "start": N_("Start (host)"),
}


def lobby_facts(table: Table, tr: Catalog) -> list[str]:
    """What a lobby's page tells, as the lobby message does: who hosts the table, and how
    many players its game seats."""
    host = table.seat_of_user(table.host_id) if table.host_id else None
    cls = table.game_class
    return [
        tr._("Host: {name}", name=host.name if host is not None else tr._("nobody")),
        tr._(
            "{game} is played by {low} to {high} players",
            game=tr._(game_title(table.game_name)),
            low=cls.min_seats,
            high=cls.max_seats,
        ),
    ]


def lobby_moves(table: Table, seat: str | None, user: int, tr: Catalog) -> list[dict[str, str]]:
    """The lobby's buttons a page's user may press: a seat for someone the page knows (its
    key names them: the Activity's user), and for a seated player to leave, add a bot and, for
    the host, start, as the Discord lobby's buttons do; nothing for a spectator's link."""
    if table.status != "lobby" or not user:
        return []
    if seat is None:
        verbs = ["join"]
    else:
        verbs = ["leave", "bot", *(["start"] if user == table.host_id else [])]
    return [{"verb": verb, "label": tr._(LOBBY_WORDS[verb])} for verb in verbs]


def again_moves(table: Table, seat: str | None, user: int, tr: Catalog) -> list[dict[str, str]]:
    """**Play again** on a closed table's page, for whom the table message's button is: its
    players and its host (a page whose key names them), not a spectator's link."""
    if not queries.offers_rematch(table) or not user or (seat is None and user != table.host_id):
        return []
    return [{"verb": "again", "label": tr._(AGAIN)}]


def leave_offer(
    table: Table, sitting: Seat | None, user: int, tr: Catalog
) -> dict[str, str] | None:
    """**Leave the table** and the question that confirms it, on the page of the player who
    holds ``sitting`` (its key names them) while the game runs; None for anyone else."""
    if sitting is None or not user or sitting.user_id != user or sitting.left_game:
        return None
    if not table.is_running:  # in the lobby its Leave is a lobby button; once ended, nothing
        return None
    return {
        "label": tr._(LEAVE),
        "asked": tr._(LEAVE_ENDS if table.last_player(sitting) else LEAVE_ASKED),
        "yes": tr._(LOBBY_WORDS["leave"]),
        "no": tr._(STAY),
    }


def prompt(
    table: Table,
    seat: str,
    obs: Any,
    legal: tuple[Action, ...],
    current: str | None,
    tr: Catalog,
) -> list[str]:
    """What the seat's hand says above its cards, as its Discord hand says it: that a bot
    plays it (``Seat.stand_in``), and while its player plays the hint after a draw and
    ``Your turn.`` (or what it is offered), else whom play waits on."""
    sitting = table.seat(seat)
    # a seat its game marked away (MAO-14) is told so, and plays on: its own move brings it back
    stand_in = sitting.stand_in(tr, seat_facts.away(obs, seat))
    lines = [stand_in] if stand_in else []
    if sitting.away or sitting.left_game:
        return lines
    names = table.names()
    # a game that says its hand its own way (Mao: whose turn it is, never what may be played)
    own = web_game(table.game_name).prompt(
        obs, seat, lambda key: names.get(key, key), tr, table.language or "en"
    )
    if own is not None:
        return lines + own
    if legal:
        lines += your_move(obs.get("drawn"), legal, current, seat, show_card, tr)
    elif current is not None:
        lines.append(tr._("Waiting for {name}.", name=names.get(current, current)))
    else:
        lines.append(tr._("Waiting."))
    return lines


def facts_of(view: Any, names: dict[str, str], tr: Catalog, tells_rules: bool) -> list[str]:
    """The suit in force and the direction of a past moment, in the table's sentences. Where
    the rules are secret (``Game.secret_rules``: Mao) only what the table message there
    tells: the suit a card named, when it is not the top card's; no direction."""
    lines = []
    suit, top = view.get("suit"), view.get("top")
    named = bool(suit) and isinstance(top, str) and Card.parse(top).suit != suit
    if suit and (tells_rules or named):
        lines.append(tr._("Suit in force: **{suit}**", suit=suit_words(suit, tr)))
    if view.get("direction") and tells_rules:
        clockwise = view["direction"] == "clockwise"
        way = tr._("↻ clockwise") if clockwise else tr._("↺ counterclockwise")
        lines.append(tr._("Direction: {way}", way=way))
    return lines
