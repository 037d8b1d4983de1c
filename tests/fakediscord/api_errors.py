"""How the fake answers a breach of Discord's rules: ``ApiError``, which the REST layer turns
into Discord's JSON error body with the same status and code, and the errors several routes
raise alike (an invalid form, an unknown message or channel).
"""

from __future__ import annotations

from typing import Any

from . import limits


class ApiError(Exception):
    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, str] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors or {}

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            out["errors"] = limits.nested(self.errors)
        return out


def invalid_form(errors: dict[str, str]) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", errors)


def unknown_message() -> ApiError:
    return ApiError(404, 10008, "Unknown Message")


def unknown_channel() -> ApiError:
    return ApiError(404, 10003, "Unknown Channel")
