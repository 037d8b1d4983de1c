"""Discord's OAuth2 as the Activity uses it: a code the page got from Discord's client
exchanged for an access token, and the user a token belongs to.

Both are one request to Discord's API with the application's id and secret; neither keeps
anything. A refusal, or an answer without what was asked, is None: the Activity says why to
its user, and the log says Discord's status.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import aiohttp

log = logging.getLogger(__name__)

#: how long the server waits for Discord's API
API_TIMEOUT = aiohttp.ClientTimeout(total=10)


class DiscordSignIn:
    """The application's two OAuth2 calls to Discord."""

    def __init__(
        self, *, client_id: Callable[[], int | None], client_secret: str, api_base: str
    ) -> None:
        #: read at each call: the bot learns its application's id once it has logged in
        self.client_id = client_id
        self.client_secret = client_secret
        self.api_base = api_base.rstrip("/")

    def application(self) -> str:
        """The application's id as Discord's client wants it ("" until it is known)."""
        return str(self.client_id() or "")

    async def access_token(self, code: str) -> str | None:
        """The access token Discord gives for ``code``; None if it refuses it (or no secret
        is set, when there is nothing to exchange it with)."""
        if not code or not self.client_secret:
            return None
        form = {
            "client_id": self.application(),
            "client_secret": self.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        async with (
            aiohttp.ClientSession(timeout=API_TIMEOUT) as http,
            http.post(f"{self.api_base}/oauth2/token", data=form) as response,
        ):
            answer = await response.json(content_type=None)
        token = answer.get("access_token") if isinstance(answer, dict) else None
        if response.status != 200 or not isinstance(token, str):
            log.info("Discord refused an Activity's code (%s)", response.status)
            return None
        return token

    async def user(self, access: str) -> dict[str, Any] | None:
        """The Discord user ``access`` belongs to (``id``, names, ``locale``); None if
        Discord does not say."""
        headers = {"Authorization": f"Bearer {access}"}
        async with (
            aiohttp.ClientSession(timeout=API_TIMEOUT) as http,
            http.get(f"{self.api_base}/users/@me", headers=headers) as response,
        ):
            user = await response.json(content_type=None)
        if response.status != 200 or not isinstance(user, dict) or "id" not in user:
            return None
        return user
