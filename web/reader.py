"""The language a request's reader reads before any table or event is known: the one their
browser asks for first among Chairman's (its ``Accept-Language``, ``i18n.accepted``), else
English. A link that names no table, or whose key opens none, is refused in it; once a table
is known, what is said of it is in the table's language (``web.frames.catalog``)."""

from __future__ import annotations

from aiohttp import web

from i18n import Catalog, accepted
from i18n import get as catalog_of


def language(request: web.Request) -> str:
    """The language the request's browser asks for first among Chairman's, else English."""
    return accepted(request.headers.get("Accept-Language"))


def reader(request: web.Request) -> Catalog:
    """The catalog of ``language(request)``."""
    return catalog_of(language(request))
