"""The terminal front-end: ``python bot.py practice`` (one human against bots) and
``python bot.py simulate`` (bot-only games with figures). Generic over every game in
``engine.GAMES``: it knows the engine contract, never a game's rules.
"""
