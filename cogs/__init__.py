"""Discord adapters: one cog per concern. ``EXTENSIONS`` is what ``ChairmanBot`` loads; a
game's own cogs are loaded by ``cogs.registry`` (after ``cogs.tables``, whose ``/table`` they
may add to)."""

EXTENSIONS: list[str] = [
    "cogs.errors",
    "cogs.play",
    "cogs.tables",
    "cogs.registry",
    "cogs.leaderboard",
    "cogs.stats",
    "cogs.info",
    "cogs.settings",
    "cogs.tournament",
    "cogs.web",
]
