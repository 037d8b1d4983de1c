"""The seats a practice table of Macao opens with by default, for the command-line tests: you
and three bots, named as practice names them.
"""

from __future__ import annotations

from terminal.practice import HUMAN, bot_names

SEATS = [HUMAN, *bot_names(3)]
