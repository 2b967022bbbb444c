"""The rules core: games on one protocol (see game/core.py). No pygame, no clock, no files.

Every game is registered here, explicitly. A game joins the arcade, the headless commands and
the conformance tests by being listed in GAMES.
"""

from . import fliegen_klatschen, flixo, flotter_otter
from . import formula_fun
from . import flotte_flitzer

GAMES = {module.INFO.id: module.INFO for module in (flotter_otter, fliegen_klatschen, flixo,
                                                       formula_fun, flotte_flitzer)}
