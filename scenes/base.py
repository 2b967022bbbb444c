"""The Scene base class and its lifecycle.

A scene is one screen of the arcade (title, lobby, a game, the pause overlay ...). The scene
manager (scenes/manager.py) keeps them on a stack and calls, in this order and only these:

    enter(**kw)   the scene becomes part of the stack (pushed, or put in by replace/reset);
                  `kw` are the arguments of that push/replace.
    pause()       another scene was pushed on top of it; it stays on the stack, unchanged.
    resume()      the scene above it was popped; it is on top again.
    exit()        the scene leaves the stack (popped, replaced, or the stack was reset).

Every scene gets exactly one enter and at most one exit, and pause/resume alternate in
between, starting with pause. While it is on top it also gets:

    handle(item)      one input item (shell.input.Press), already stamped (item.t_ns: when it
                      was read, in the app's perf_counter_ns clock).
    handle_raw(event, t_ns) -> bool   a raw pygame event before the input layer sees it;
                      return True to swallow it (key capture in settings, the key test).
    update(dt_ms)     a fixed time step (dt_ms is constant); the only place that animates.
    on_flip(t_ns)     the moment display.flip() returned after a frame that drew this scene:
                      the moment what it drew became visible (stimulus onset).
    times_reactions() True while someone's reaction is being timed (a live round or catch, a
                      drill): the app then reads input at full rate; otherwise it polls gently
                      and an idle arcade sleeps (shell/app.py, App.timing).

Every scene on the stack, covered or not, bottom first, gets:

    on_device(change) a device came or went (shell.input.DeviceChange: kind "added", "lost" or
                      "back", its seat). `self.app.manager.top is self` tells a scene whether it
                      is the one on screen.

and every frame, for every scene that is visible (the top one, and those below an overlay):

    draw(canvas)      paint onto the 1920x1080 logical canvas. Draw CHANGES NOTHING: no state,
                      no animation step, no sound; a frame drawn twice looks the same.

Scenes reach the rest of the arcade through `self.app` (app.manager, app.seats, app.hub,
app.settings, app.audio, app.stats, app.clock_ns) and change scenes only through
`self.app.manager` (push/pop/replace/reset).
"""

from __future__ import annotations


class Scene:
    """Base scene: every hook is a no-op, so a scene overrides only what it needs."""

    # A scene that does not fill the whole canvas (an overlay) sets opaque = False: the
    # manager then shows the scenes below it, frozen (they get no updates while covered), as a
    # snapshot it redraws only when the stack changes or someone calls manager.invalidate();
    # dim_below (0..255) darkens that snapshot once instead of every frame.
    opaque = True
    dim_below = 0
    # Registry name, set by the manager when it creates the scene.
    name = ""

    def __init__(self, app):
        self.app = app

    # -- lifecycle -------------------------------------------------------------------------------
    def enter(self, **kw) -> None:
        pass

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        pass

    # -- per frame -------------------------------------------------------------------------------
    def handle(self, item) -> None:
        pass

    def handle_raw(self, event, t_ns: int) -> bool:
        return False

    def on_device(self, change) -> None:
        pass

    @property
    def on_top(self) -> bool:
        return self.app.manager.top is self

    def update(self, dt_ms: float) -> None:
        pass

    def draw(self, canvas) -> None:
        pass

    def on_flip(self, t_ns: int) -> None:
        pass

    def times_reactions(self) -> bool:
        return False
