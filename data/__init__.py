"""Storage behind one interface, SQLite (the default) or PostgreSQL (``data.db``): the tables
and their action logs, results, ratings, leaderboards, seasons, tournaments, settings, the
house rules a server keeps and presses handed between processes. The table service is its
one user, but for ``bot.py migrate-db``, which copies a whole database."""
