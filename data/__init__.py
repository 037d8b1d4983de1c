"""Storage behind one interface, SQLite (the default) or PostgreSQL (``data.db``): the tables
and their action logs, results, ratings, leaderboards, seasons, tournaments, settings, the
house rules a server keeps and presses handed between processes. Only the table service
imports it."""
