"""Discord's per-channel message limit as the fake applies it to ``POST .../messages``:
``RateLimits`` counts each channel's posts in fixed windows and gives the X-RateLimit-* headers,
and ``RateLimited`` is the 429 answered past the limit (with the ``Via`` header and JSON
``retry_after`` discord.py needs to retry instead of raising).
"""

from __future__ import annotations

import time
from typing import Any

from ..api_errors import ApiError


class RateLimits:
    """Discord's 5 messages per 5 s per channel, as fixed windows.

    ``mode`` is "headers" (send X-RateLimit-* so discord.py waits by itself, and 429 anything
    over the limit that still arrives), "429" (no headers: the client learns only from 429s,
    which it logs as WARNING and retries after ``retry_after``), or "off".
    """

    def __init__(self) -> None:
        self.mode = "headers"
        self.limit = 5
        self.window = 5.0
        self._windows: dict[int, tuple[float, int]] = {}
        self.exhausted: list[int] = []  # channel ids, each time a window was used up
        self.hits: list[int] = []  # channel ids that got a 429

    def take(self, channel_id: int, now: float) -> tuple[bool, dict[str, str], float]:
        if self.mode == "off":
            return True, {}, 0.0
        start, used = self._windows.get(channel_id, (now, 0))
        if now - start >= self.window:
            start, used = now, 0
        reset_after = max(0.0, self.window - (now - start))
        if used >= self.limit:
            self.hits.append(channel_id)
            return False, self._headers(0, reset_after), reset_after
        used += 1
        self._windows[channel_id] = (start, used)
        remaining = self.limit - used
        if remaining == 0:
            self.exhausted.append(channel_id)
        headers = self._headers(remaining, reset_after) if self.mode == "headers" else {}
        return True, headers, reset_after

    def _headers(self, remaining: int, reset_after: float) -> dict[str, str]:
        if self.mode != "headers":
            return {}
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Bucket": "fake-channel-messages",
        }


class RateLimited(ApiError):
    def __init__(self, retry_after: float, headers: dict[str, str]) -> None:
        super().__init__(429, 20028, "You are being rate limited.")
        self.retry_after = retry_after
        self.headers = {
            **headers,
            "Via": "1.1 google",
            "Retry-After": str(max(1, round(retry_after))),
        }

    def body(self) -> dict[str, Any]:
        return {
            "message": self.message,
            "retry_after": round(self.retry_after, 3),
            "global": False,
            "code": 20028,
        }
