"""Signed links to the web table: a player's private link, a table's spectator link and a
tournament page's link.

A link carries a key: ``<table>.<user>.<expires>.<signature>``, the signature an HMAC-SHA256
over the rest with the server's secret. A player's key names their Discord user id and runs
out ``PLAYER_LINK_SECONDS`` after it was made; a spectator key names user 0 and never runs
out (it shows public information only). A key cannot be changed to name another table or
user without the secret, so a link cannot act for another seat.

The secret is derived from ``DISCORD_TOKEN`` (``secret_from``): every process of one bot
signs and checks alike, and changing the token retires every link.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from i18n import N_

#: how long a player's private link opens the page (a day: one evening's games)
PLAYER_LINK_SECONDS = 24 * 3600
#: the user id a spectator key names
SPECTATOR = 0

#: the largest id of a table, an event, a user or a channel: SQLite's and Discord's ids are
#: 64-bit signed integers, and a larger number named in a URL or a body is no id of either
LARGEST_ID = 2**63 - 1

NOT_OURS = N_("This link is not one the bot made.")
OTHER_TABLE = N_("This link is for another table.")
RUN_OUT = N_("This link has run out: ask for a new one with /table web.")


def id_in(text: object) -> int | None:
    """The id ``text`` names (ASCII digits only: ``str.isdigit`` takes other scripts'
    digits too), or None for anything that names none: a URL and a page's body are anyone's
    to write."""
    if not isinstance(text, str) or not text.isascii() or not text.isdigit() or len(text) > 19:
        return None
    number = int(text)
    return number if number <= LARGEST_ID else None


def secret_from(token: str) -> bytes:
    """The link secret: an HMAC of a fixed label under the bot's token (never the token)."""
    return hmac.new(token.encode(), b"chairman web links", hashlib.sha256).digest()


@dataclass(frozen=True)
class Key:
    """What a valid key says: the table, the user (0 for a spectator), when it runs out."""

    table_id: int
    user_id: int
    expires: int

    @property
    def spectator(self) -> bool:
        return self.user_id == SPECTATOR


class BadKey(ValueError):
    """A key that is malformed, forged, for another table or out of date; its text is the
    sentence in English, marked for the catalogs."""


class Signer:
    """Makes and checks keys with one secret."""

    def __init__(self, secret: bytes) -> None:
        self.secret = secret

    def _signature(self, body: str) -> str:
        return hmac.new(self.secret, body.encode(), hashlib.sha256).hexdigest()[:32]

    def _signed(self, a: int, b: int, expires: int, purpose: str = "") -> str:
        """``a.b.expires.signature``, the signature over ``purpose`` and the three numbers
        (a table's key has no purpose; another text with the same numbers, another one)."""
        body = f"{a}.{b}.{expires}"
        return f"{body}.{self._signature(purpose + body)}"

    def _numbers(self, text: object, purpose: str = "") -> tuple[int, int, int]:
        """The three numbers of a ``_signed`` text for ``purpose``; ``BadKey`` otherwise."""
        parts = text.split(".") if isinstance(text, str) else []
        if len(parts) != 4 or any(id_in(p) is None for p in parts[:3]):
            raise BadKey(NOT_OURS)
        body = ".".join(parts[:3])
        signature = parts[3]
        if not signature.isascii() or not hmac.compare_digest(
            signature, self._signature(purpose + body)
        ):
            raise BadKey(NOT_OURS)
        return int(parts[0]), int(parts[1]), int(parts[2])

    def sign(self, table_id: int, user_id: int, expires: int) -> str:
        return self._signed(table_id, user_id, expires)

    def player(self, table_id: int, user_id: int, now: float) -> str:
        """A player's private key, valid ``PLAYER_LINK_SECONDS`` from ``now``."""
        return self.sign(table_id, user_id, int(now) + PLAYER_LINK_SECONDS)

    def spectator(self, table_id: int) -> str:
        """The table's spectator key (public information only; it does not run out)."""
        return self.sign(table_id, SPECTATOR, 0)

    def tournament(self, event_id: int) -> str:
        """A tournament page's key (public information only; it does not run out). Signed
        apart from the tables' keys: a table's key never opens the event of the same number."""
        return self._signature(f"tournament.{event_id}")

    def opening(self, user_id: int, channel_id: int, now: float) -> str:
        """A ticket that lets ``user_id``, signed in to the Activity in ``channel_id``, open a
        table there, valid ``PLAYER_LINK_SECONDS`` from ``now``."""
        return self._signed(user_id, channel_id, int(now) + PLAYER_LINK_SECONDS, "open.")

    def check_opening(self, text: object, now: float) -> tuple[int, int]:
        """The (user, channel) of an ``opening`` ticket; ``BadKey`` for any other text."""
        user_id, channel_id, expires = self._numbers(text, "open.")
        if expires < now:
            raise BadKey(RUN_OUT)
        return user_id, channel_id

    def name_proof(self, user_id: int, name: str) -> str:
        """Proof that Discord told the Activity ``user_id`` is called ``name``: the page keeps
        it and shows it when it joins a table, so a name outlives a restart of the bot."""
        return self._signature(f"name.{user_id}.{name}")

    def check_name(self, user_id: int, name: object, proof: object) -> str | None:
        """``name`` if ``proof`` is its ``name_proof`` for ``user_id``, else None."""
        if not isinstance(name, str) or not isinstance(proof, str) or not proof.isascii():
            return None
        if not hmac.compare_digest(proof, self.name_proof(user_id, name)):
            return None
        return name

    def check_tournament(self, text: str, event_id: int) -> None:
        """``BadKey`` unless ``text`` is the key of tournament ``event_id``'s page."""
        if not text.isascii() or not hmac.compare_digest(text, self.tournament(event_id)):
            raise BadKey(NOT_OURS)

    def check(self, text: str, table_id: int, now: float) -> Key:
        """The key ``text`` for ``table_id``; ``BadKey`` with the reason otherwise."""
        key = Key(*self._numbers(text))
        if key.table_id != table_id:
            raise BadKey(OTHER_TABLE)
        if key.expires and key.expires < now:
            raise BadKey(RUN_OUT)
        return key
