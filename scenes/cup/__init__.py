"""Party night: a cup across several games, on the TV.

The scenes (registered in scenes/manager.py):

    cup_setup     setup.py         pick the games (2-5, all five, or three at random), or
                                   resume the unfinished cup
    cup           host.py          the host: stays under everything a cup shows and decides
                                   what comes next (seats, intermission, the next game, podium)
    cup_lobby     lobby.py         take seats for the whole cup (the lobby, for every game of it)
    intermission  intermission.py  the standings in motion, the last game's awards, what is next
    podium        podium.py        the final podium and the awards of the night
    cup_resume    resume.py        at the arcade's start: resume a cup left unfinished?

The rules (points, standings, awards) are game/cup.py; the file is shell/cup_file.py. The cup
is saved beside the settings file (cup.json) after every game, so a crash or a quit loses at
most the game in play. This module holds what the scenes share: where the file is, loading it
(a broken one is moved aside with a notice), saving, and finding the host on the stack.
"""

from __future__ import annotations

from pathlib import Path

import game
from game.cup import Cup, CupError
from shell import cup_file


def cup_path(app) -> Path | None:
    """cup.json beside the settings file; None when the settings have no file (a test's dict)."""
    path = getattr(app.settings, "path", None)
    return Path(path).parent / cup_file.FILE_NAME if path is not None else None


def notice(app, text: str) -> None:
    if hasattr(app, "notice"):
        app.notice(text)
    else:
        app.log(text)


def load_saved(app) -> Cup | None:
    """The saved cup, or None. A file that cannot be used is moved aside (cup.json.broken-...)
    and a notice says why and where it went."""
    path = cup_path(app)
    if path is None:
        return None
    try:
        doc = cup_file.read(path)
        return None if doc is None else Cup.from_dict(doc, game.GAMES)
    except (cup_file.CupFileError, CupError) as why:
        where = cup_file.keep_aside(path)
        notice(app, f"The saved party night could not be used: {why}.\n{where}")
        return None


def save(app, cup: Cup) -> None:
    """Save the cup (atomically); a failure is a notice, never a crash."""
    path = cup_path(app)
    if path is None:
        return
    try:
        cup_file.write(path, cup.to_dict())
    except (OSError, cup_file.CupFileError) as exc:
        notice(app, f"The party night could not be saved: {getattr(exc, 'strerror', None) or exc}")


def forget(app) -> None:
    """Remove the saved cup (it is over, or the players let it go)."""
    path = cup_path(app)
    if path is not None:
        try:
            cup_file.remove(path)
        except OSError as exc:
            notice(app, f"The saved party night could not be removed: {exc.strerror or exc}")


def host_of(app):
    """The party night host on the scene stack (a cup is being played), or None."""
    from .host import CupScene
    return app.manager.find(CupScene)


def offer_saved_cup(app) -> None:
    """At the arcade's start: if a cup was left unfinished, offer to resume it (cup_resume)."""
    cup = load_saved(app)
    if cup is not None:
        app.manager.push("cup_resume", cup=cup)


def names(seats, players) -> str:
    """"Anna", "Anna and Ben", "Anna, Ben and Cleo" for these players (indexes into seats)."""
    shown = [seats[p].name for p in players if 0 <= p < len(seats)]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " and " + shown[-1]
