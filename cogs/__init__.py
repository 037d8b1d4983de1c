"""Discord adapters: one cog per concern. ``EXTENSIONS`` is what ``ChairmanBot`` loads."""

EXTENSIONS: list[str] = [
    "cogs.errors",
    "cogs.play",
    "cogs.tables",
    "cogs.leaderboard",
    "cogs.stats",
    "cogs.info",
    "cogs.settings",
]
