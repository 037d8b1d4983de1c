# Chairman's bot: `python bot.py` with the runtime dependencies installed (no test tools).
# Settings come from the environment (see .env.example); compose.yaml runs two of these
# processes on shard ranges over one PostgreSQL.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first, so a code change does not reinstall them.
COPY pyproject.toml README.md ./
COPY bot.py ./
COPY engine ./engine
COPY tables ./tables
COPY data ./data
COPY cogs ./cogs
COPY terminal ./terminal
COPY pictures ./pictures
COPY i18n ./i18n
COPY web ./web
# the catalogs are compiled here: the bot's user may not write to /app
RUN pip install . \
    && python -m i18n.compile \
    && useradd --create-home --uid 10001 chairman \
    && mkdir -p /app/var \
    && chown chairman /app/var

USER chairman
# Ctrl+C's signal: the bot then closes in the ordinary way (moves under way finish, what is
# owed to Discord is sent), as it does on SIGTERM, Docker's default
STOPSIGNAL SIGINT
CMD ["python", "bot.py"]
