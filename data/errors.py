"""What storage raises that callers above it may want to tell a user about."""

from __future__ import annotations


class StorageUnavailable(RuntimeError):
    """The database cannot be reached just now; nothing was written. Try again later."""


class StorageRefused(RuntimeError):
    """A storage setting that cannot work (the message says why and what to change)."""
