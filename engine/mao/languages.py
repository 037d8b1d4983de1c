"""Mao's speech in each language: the words the Chairman hears and announces, as plain data.

The game keeps one canonical (English) name for every phrase and call, which is what its
rules, log and rulings use; a ``Speech`` (``engine.mao.speech_form``) says how a language
writes each one. A table playing in another language hears its language's words *and* the
English ones (``Vocabulary(..., speech=...)`` in ``engine.mao.phrases``), and the cogs
announce every call and phrase with ``say`` and ``call``. Nothing here is read from a file or
translated at run time: adding a language means adding a table below (see the README).

Every phrase keeps the English structure: the Have-a-nice-day chain is a fixed start, one
"very" word per extra 7 and a fixed end ("o zi foarte foarte bună"); a card's name is rank,
a joining word and suit ("três de espadas"), or in German the suit first and no joining word
("Pik Drei"); "Failure to say '<phrase>'" is a fixed start and the phrase. Accents are
optional when typing (``engine.mao.text`` drops them).

>>> SPEECH["pt-BR"].say("have a nice day"), SPEECH["ro"].say("have a very very nice day")
('tenha um bom dia', 'o zi foarte foarte bună')
>>> SPEECH["pt-BR"].call("Failure to say 'Three of spades'")
"Não dizer 'Três de espadas'"
"""

from __future__ import annotations

from engine.cards import RANK_NAMES, SUIT_NAMES
from engine.mao import wording as p
from engine.mao.speech_form import Speech

ENGLISH = Speech(
    lang="en",
    ranks={rank: (name,) for rank, name in RANK_NAMES.items()},
    suits={suit: (name,) for suit, name in SUIT_NAMES.items()},
    suit_words=dict(p.SUIT_WORDS),
    abbreviations={"poo": "point of order", "p of o": "point of order", "p o o": "point of order"},
)

PORTUGUESE = Speech(
    lang="pt-BR",
    phrases={
        p.PENALTY_CARD: ("carta de penalidade",),
        p.LAST_CARD: ("última carta",),
        p.MAO: ("mao",),
        p.NEW_RULE: ("nova regra",),
        # "Pela ordem!" is how a member asks the floor on procedure in the Câmara
        p.POINT_OF_ORDER: ("questão de ordem", "pela ordem"),
        p.END_POINT_OF_ORDER: ("fim da questão de ordem",),
    },
    chain_starts=("tenha um dia",),
    very="muito",
    chain_end="bom",
    # "Bom dia" alone is a greeting, so only the "ótimo" step is also heard without "Tenha"
    chain_forms={
        0: ("tenha um bom dia",),
        1: ("tenha um ótimo dia", "um ótimo dia", "ótimo dia"),
    },
    ranks={
        "A": ("ás",),
        "2": ("dois",),
        "3": ("três",),
        "4": ("quatro",),
        "5": ("cinco",),
        "6": ("seis",),
        "7": ("sete",),
        "8": ("oito",),
        "9": ("nove",),
        "10": ("dez",),
        "J": ("valete",),
        "Q": ("dama", "rainha"),
        "K": ("rei",),
    },
    # "ás de ouro", "dois de pau": the suit is often said in the singular
    suits={
        "S": ("espadas", "espada"),
        "H": ("copas", "copa"),
        "D": ("ouros", "ouro"),
        "C": ("paus", "pau"),
    },
    card="{rank} de {suit}",
    calls={
        p.TALKING: ("Conversa",),
        p.OUT_OF_TURN: ("Jogar fora da vez",),
        p.FIVE_SECONDS: ("Não jogar em cinco segundos", "Não jogar em 5 segundos"),
        p.BAD_CARD: ("Carta errada",),
        p.BAD_CALL: ("Acusação errada",),
        p.BAD_ADJUDICATION: ("Julgamento errado",),
        p.FAILURE_TO_TAKE: ("Não pegar a carta de penalidade",),
        p.TOUCHING: ("Tocar nas cartas durante a questão de ordem",),
        p.POINT_OF_ORDER_AGAIN: ("Dizer questão de ordem durante uma questão de ordem",),
        p.NAME_IN_VAIN: ("Usar em vão o nome do nosso Glorioso Líder",),
        p.NO_MAO: ("Não nomear o nosso Glorioso Líder",),
    },
    failure_to_say="Não dizer '{phrase}'",
    saying="Dizer '{phrase}'",
    abbreviations={"qdo": "questão de ordem", "q de o": "questão de ordem"},
)

ROMANIAN = Speech(
    lang="ro",
    phrases={
        p.PENALTY_CARD: ("carte de penalizare",),
        p.LAST_CARD: ("ultima carte",),
        p.MAO: ("mao",),
        p.NEW_RULE: ("regulă nouă",),
        # "Procedură!" is how a member of the Parliament asks the floor on procedure
        p.POINT_OF_ORDER: ("chestiune de procedură", "problemă de procedură", "procedură"),
        p.END_POINT_OF_ORDER: ("sfârșitul chestiunii de procedură",),
    },
    # "Zi bună!" without its "o" is how many wish it
    chain_starts=("o zi", "să ai o zi", "să aveți o zi", "zi"),
    very="foarte",
    chain_end="bună",
    # "O zi frumoasă" is wished as often as "o zi bună"; "o zi bună" is announced
    chain_forms={
        0: ("o zi bună", "o zi frumoasă", "zi frumoasă", "să ai o zi frumoasă"),
        1: ("o zi foarte bună", "o zi foarte frumoasă", "să ai o zi foarte frumoasă"),
    },
    ranks={
        "A": ("as",),
        "2": ("doi",),
        "3": ("trei",),
        "4": ("patru",),
        "5": ("cinci",),
        "6": ("șase",),
        "7": ("șapte",),
        "8": ("opt",),
        "9": ("nouă",),
        "10": ("zece",),
        "J": ("valet", "fante"),
        "Q": ("damă", "regină"),
        "K": ("popă", "rege"),
    },
    # "romb" is caro's other name, and many players call hearts and spades the red heart and
    # the black heart ("inimă roșie", "inimă neagră")
    suits={
        "S": ("pică", "inimă neagră"),
        "H": ("cupă", "inimă roșie"),
        "D": ("caro", "romb"),
        "C": ("treflă",),
    },
    card="{rank} de {suit}",
    # the plurals
    suit_words={
        "inimi negre": "S",
        "inimi rosii": "H",
        "cupe": "H",
        "romburi": "D",
        "trefle": "C",
    },
    calls={
        p.TALKING: ("Vorbărie",),
        p.OUT_OF_TURN: ("Joc în afara rândului",),
        p.FIVE_SECONDS: ("Nu a jucat în cinci secunde", "Nu a jucat în 5 secunde"),
        p.BAD_CARD: ("Carte greșită",),
        p.BAD_CALL: ("Acuzație greșită",),
        p.BAD_ADJUDICATION: ("Judecată greșită",),
        p.FAILURE_TO_TAKE: ("Nu a luat cartea de penalizare",),
        p.TOUCHING: ("A atins cărțile în timpul chestiunii de procedură",),
        p.POINT_OF_ORDER_AGAIN: (
            "A spus chestiune de procedură în timpul unei chestiuni de procedură",
        ),
        p.NAME_IN_VAIN: ("A luat în deșert numele Gloriosului nostru Conducător",),
        p.NO_MAO: ("Nu l-a numit pe Gloriosul nostru Conducător",),
    },
    failure_to_say="Nu a spus '{phrase}'",
    saying="A spus '{phrase}'",
    abbreviations={"cdp": "chestiune de procedură", "c de p": "chestiune de procedură"},
)

SPANISH = Speech(
    lang="es",
    phrases={
        p.PENALTY_CARD: ("carta de penalización",),
        p.LAST_CARD: ("última carta",),
        p.MAO: ("mao",),
        p.NEW_RULE: ("nueva regla",),
        p.POINT_OF_ORDER: ("cuestión de orden",),
        p.END_POINT_OF_ORDER: ("fin de la cuestión de orden",),
    },
    chain_starts=("que tengas un día", "ten un día"),
    very="muy",
    chain_end="bueno",
    # the first two steps said the usual way ("un buen día", "un muy buen día")
    chain_forms={
        0: ("que tengas un buen día", "ten un buen día"),
        1: ("que tengas un muy buen día", "ten un muy buen día"),
    },
    ranks={
        "A": ("as",),
        "2": ("dos",),
        "3": ("tres",),
        "4": ("cuatro",),
        "5": ("cinco",),
        "6": ("seis",),
        "7": ("siete",),
        "8": ("ocho",),
        "9": ("nueve",),
        "10": ("diez",),
        "J": ("jota", "sota"),
        "Q": ("reina", "dama"),
        "K": ("rey",),
    },
    suits={"S": ("picas",), "H": ("corazones",), "D": ("diamantes",), "C": ("tréboles",)},
    card="{rank} de {suit}",
    # the singulars
    suit_words={"pica": "S", "corazon": "H", "diamante": "D", "trebol": "C"},
    calls={
        p.TALKING: ("Hablar",),
        p.OUT_OF_TURN: ("Jugar fuera de turno",),
        p.FIVE_SECONDS: ("No jugar en cinco segundos", "No jugar en 5 segundos"),
        p.BAD_CARD: ("Carta equivocada",),
        p.BAD_CALL: ("Acusación equivocada",),
        p.BAD_ADJUDICATION: ("Fallo equivocado",),
        p.FAILURE_TO_TAKE: ("No tomar la carta de penalización",),
        p.TOUCHING: ("Tocar las cartas durante la cuestión de orden",),
        p.POINT_OF_ORDER_AGAIN: ("Decir cuestión de orden durante una cuestión de orden",),
        p.NAME_IN_VAIN: ("Tomar en vano el nombre de nuestro Glorioso Líder",),
        p.NO_MAO: ("No nombrar a nuestro Glorioso Líder",),
    },
    failure_to_say="No decir '{phrase}'",
    saying="Decir '{phrase}'",
    abbreviations={"cdo": "cuestión de orden", "c de o": "cuestión de orden"},
)

FRENCH = Speech(
    lang="fr",
    phrases={
        p.PENALTY_CARD: ("carte de pénalité",),
        p.LAST_CARD: ("dernière carte",),
        p.MAO: ("mao",),
        p.NEW_RULE: ("nouvelle règle",),
        p.POINT_OF_ORDER: ("rappel au règlement",),
        p.END_POINT_OF_ORDER: ("fin du rappel au règlement",),
    },
    # "Bonne journée" alone is how most wish it; "Passe une…" is announced
    chain_starts=("passe une", "passez une", ""),
    very="très",
    chain_end="bonne journée",
    ranks={
        "A": ("as",),
        "2": ("deux",),
        "3": ("trois",),
        "4": ("quatre",),
        "5": ("cinq",),
        "6": ("six",),
        "7": ("sept",),
        "8": ("huit",),
        "9": ("neuf",),
        "10": ("dix",),
        "J": ("valet",),
        "Q": ("dame",),
        "K": ("roi",),
    },
    # "œ" is a letter of its own, not an accent: "coeur" is how most type it
    suits={"S": ("pique",), "H": ("cœur", "coeur"), "D": ("carreau",), "C": ("trèfle",)},
    card="{rank} de {suit}",
    # the plurals
    suit_words={
        "piques": "S",
        "coeurs": "H",
        "cœurs": "H",
        "carreaux": "D",
        "trefles": "C",
    },
    calls={
        p.TALKING: ("Bavardage",),
        p.OUT_OF_TURN: ("Jouer hors de son tour",),
        p.FIVE_SECONDS: ("Ne pas jouer en cinq secondes", "Ne pas jouer en 5 secondes"),
        p.BAD_CARD: ("Mauvaise carte",),
        p.BAD_CALL: ("Mauvaise accusation",),
        p.BAD_ADJUDICATION: ("Mauvais jugement",),
        p.FAILURE_TO_TAKE: ("Ne pas prendre la carte de pénalité",),
        p.TOUCHING: ("Toucher les cartes pendant le rappel au règlement",),
        p.POINT_OF_ORDER_AGAIN: ("Dire rappel au règlement pendant un rappel au règlement",),
        p.NAME_IN_VAIN: ("Prendre en vain le nom de notre Glorieux Chef",),
        p.NO_MAO: ("Ne pas nommer notre Glorieux Chef",),
    },
    failure_to_say="Ne pas dire '{phrase}'",
    saying="Dire '{phrase}'",
    abbreviations={"rar": "rappel au règlement"},
)

GERMAN = Speech(
    lang="de",
    phrases={
        p.PENALTY_CARD: ("Strafkarte",),
        p.LAST_CARD: ("letzte Karte",),
        p.MAO: ("mao",),
        p.NEW_RULE: ("neue Regel",),
        # "Zur Geschäftsordnung" is how a member raises one at a meeting; the short call
        # is announced
        p.POINT_OF_ORDER: ("Ordnungsruf", "zur Geschäftsordnung"),
        p.END_POINT_OF_ORDER: ("Ende des Ordnungsrufs",),
    },
    # "Schönen Tag!" alone is how most wish it; "Einen schönen Tag" is announced
    chain_starts=("einen", "hab einen", "habt einen", ""),
    very="sehr",
    chain_end="schönen Tag",
    ranks={
        "A": ("Ass",),
        "2": ("Zwei",),
        "3": ("Drei",),
        "4": ("Vier",),
        "5": ("Fünf",),
        "6": ("Sechs",),
        "7": ("Sieben",),
        "8": ("Acht",),
        "9": ("Neun",),
        "10": ("Zehn",),
        "J": ("Bube", "Bauer"),
        "Q": ("Dame",),
        "K": ("König",),
    },
    suits={"S": ("Pik",), "H": ("Herz",), "D": ("Karo",), "C": ("Kreuz",)},
    card="{suit} {rank}",
    calls={
        p.TALKING: ("Reden",),
        p.OUT_OF_TURN: ("Außer der Reihe gespielt",),
        p.FIVE_SECONDS: ("Nicht in fünf Sekunden gespielt", "Nicht in 5 Sekunden gespielt"),
        p.BAD_CARD: ("Falsche Karte",),
        p.BAD_CALL: ("Falscher Ruf",),
        p.BAD_ADJUDICATION: ("Falsches Urteil",),
        p.FAILURE_TO_TAKE: ("Strafkarte nicht genommen",),
        p.TOUCHING: ("Karten während des Ordnungsrufs berührt",),
        p.POINT_OF_ORDER_AGAIN: ("Ordnungsruf während eines Ordnungsrufs",),
        p.NAME_IN_VAIN: ("Den Namen unseres Glorreichen Anführers missbraucht",),
        p.NO_MAO: ("Unseren Glorreichen Anführer nicht genannt",),
    },
    failure_to_say="Versäumt zu sagen '{phrase}'",
    saying="Gesagt '{phrase}'",
)

#: every language's speech, by the table language's code (``i18n.LANGUAGES``)
SPEECH: dict[str, Speech] = {
    s.lang: s for s in (ENGLISH, PORTUGUESE, ROMANIAN, SPANISH, FRENCH, GERMAN)
}


def speech(lang: str | None) -> Speech:
    """The speech of a table language; English for anything unknown."""
    return SPEECH.get(lang or "en", ENGLISH)
