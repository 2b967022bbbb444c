"""The scene stack and the explicit registry of scenes.

    manager.push(target, **kw)     pause() the top, then enter(**kw) the new scene on top
    manager.pop()                  exit() the top, then resume() the one below
    manager.replace(target, **kw)  exit() the top, then enter(**kw) the new one in its place
    manager.reset(target, **kw)    exit() every scene, top first, then enter(**kw) the new one

`target` is a registry name ("title", "lobby" ...), a Scene subclass, or a Scene instance.
Changes take effect at once; the scene that asked keeps running to the end of its own call, so
it must not touch the stack again afterwards in the same call.

Only the top scene gets input, updates and flips; a device that comes or goes
(shell.input.DeviceChange) is told to EVERY scene on the stack, bottom first, through
`on_device`: a game covered by the how-to card, a pause, settings or results still learns that a
seat lost its pad, and a pause under Settings that its pad is back. Drawing starts at the highest opaque scene,
so an overlay (opaque = False, e.g. pause) shows the frozen scene below it.

Game scenes are listed by game id in scenes.games.GAME_SCENES (see there).
"""

from __future__ import annotations

from shell import paint

from .base import Scene
from .practice.drill import DrillScene
from .screens.calibrate import CalibrateScene
from .cup.host import CupScene
from .cup.intermission import IntermissionScene
from .cup.lobby import CupLobbyScene
from .cup.podium import PodiumScene
from .cup.resume import CupResumeScene
from .cup.setup import CupSetupScene
from .screens.demo import DemoScene
from .screens.howto import HowToScene
from .screens.keytest import KeyTestScene
from .screens.lobby import LobbyScene
from .screens.pause import PauseScene
from .screens.practice import PracticeDemoScene, PracticeScene, PracticeSummaryScene
from .screens.profile import ProfileScene
from .screens.results import ResultsScene
from .screens.select import SelectScene
from .screens.settings import SettingsScene
from .screens.stats import StatsScene
from .screens.title import TitleScene

SCENES: dict[str, type[Scene]] = {
    "title": TitleScene,
    "select": SelectScene,
    "lobby": LobbyScene,
    "howto": HowToScene,
    "pause": PauseScene,
    "results": ResultsScene,
    "settings": SettingsScene,
    "keytest": KeyTestScene,
    "demo": DemoScene,
    "practice": PracticeScene,           # practice: scenes/screens/practice.py, drill and lag
    "drill": DrillScene,                 # in scenes/practice/
    "practice_summary": PracticeSummaryScene,
    "practice_demo": PracticeDemoScene,
    "profile": ProfileScene,
    "stats": StatsScene,
    "calibrate": CalibrateScene,
    # party night (scenes/cup/)
    "cup_setup": CupSetupScene,
    "cup": CupScene,
    "cup_lobby": CupLobbyScene,
    "intermission": IntermissionScene,
    "podium": PodiumScene,
    "cup_resume": CupResumeScene,
}

class SceneManager:
    def __init__(self, app, registry: dict | None = None):
        self.app = app
        self.registry = SCENES if registry is None else registry
        self.stack: list[Scene] = []
        self.changes = 0  # counts stack changes, so the app can notice a new scene

    # -- building --------------------------------------------------------------------------------
    def create(self, target) -> Scene:
        if isinstance(target, Scene):
            return target
        if isinstance(target, str):
            cls = self.registry[target]
            scene = cls(self.app)
            scene.name = target
            return scene
        if isinstance(target, type) and issubclass(target, Scene):
            scene = target(self.app)
            scene.name = scene.name or target.__name__
            return scene
        raise TypeError(f"not a scene: {target!r}")

    # -- the stack -------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, target, **kw) -> Scene:
        scene = self.create(target)
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        self.changes += 1
        scene.enter(**kw)
        return scene

    def pop(self) -> Scene:
        scene = self.stack.pop()
        self.changes += 1
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, target, **kw) -> Scene:
        scene = self.create(target)
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        self.changes += 1
        scene.enter(**kw)
        return scene

    def reset(self, target, **kw) -> Scene:
        scene = self.create(target)
        while self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        self.changes += 1
        scene.enter(**kw)
        return scene

    def find(self, cls) -> Scene | None:
        """The highest scene on the stack that is an instance of cls."""
        for scene in reversed(self.stack):
            if isinstance(scene, cls):
                return scene
        return None

    # -- the frame -------------------------------------------------------------------------------
    def handle(self, item) -> None:
        if getattr(item, "kind", None) is not None:  # a DeviceChange: every scene hears it
            for scene in list(self.stack):
                if scene in self.stack:  # (one may have closed another on hearing it)
                    scene.on_device(item)
            return
        if self.stack:
            self.stack[-1].handle(item)

    def handle_raw(self, event, t_ns: int) -> bool:
        return bool(self.stack) and self.stack[-1].handle_raw(event, t_ns)

    def update(self, dt_ms: float) -> None:
        if self.stack:
            self.stack[-1].update(dt_ms)

    def can_rest(self) -> bool:
        """May an idle arcade stop drawing? The top scene says (Scene.can_rest); the scenes
        under an overlay are frozen anyway."""
        return bool(self.stack) and self.stack[-1].can_rest()

    def invalidate(self) -> None:
        """Something drawn by a covered scene changed (e.g. a seat lost its pad): redraw it."""
        self._under_key = None

    def draw(self, canvas) -> None:
        if not self.stack:
            return
        top = self.stack[-1]
        if top.opaque or len(self.stack) == 1:
            top.draw(canvas)
            return
        # An overlay: the scenes below are frozen, so draw them once into a snapshot.
        key = (self.changes, id(self.stack[-2]), paint.get_size(canvas))
        if getattr(self, "_under_key", None) != key:
            first = len(self.stack) - 2
            while first > 0 and not self.stack[first].opaque:
                first -= 1
            for scene in self.stack[first:-1]:
                scene.draw(canvas)
            if top.dim_below:
                from shell import look
                look.dim(canvas, top.dim_below)
            self._under = paint.snapshot(canvas)  # (the canvas as drawn so far)
            self._under_key = key
        else:
            paint.blit(canvas, self._under, (0, 0))
        top.draw(canvas)

    def on_flip(self, t_ns: int) -> None:
        if self.stack:
            self.stack[-1].on_flip(t_ns)
