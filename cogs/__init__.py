"""Discord adapters: one cog per concern. ``EXTENSIONS`` is what ``ChairmanBot`` loads."""

EXTENSIONS: list[str] = [
    "cogs.errors",
    "cogs.play",
    "cogs.tables",
    "cogs.mao_rules",
    "cogs.mao_canon",
    "cogs.mao_chat",
    "cogs.mao_rulings",
    "cogs.leaderboard",
    "cogs.stats",
    "cogs.info",
    "cogs.settings",
]
