"""The scene stack calls the documented lifecycle in the documented order."""

import pytest

from scenes.base import Scene
from scenes.manager import SceneManager


class Recorder(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.log = app.log

    def enter(self, **kw):
        self.log.append((self.name, "enter", kw))

    def exit(self):
        self.log.append((self.name, "exit"))

    def pause(self):
        self.log.append((self.name, "pause"))

    def resume(self):
        self.log.append((self.name, "resume"))

    def handle(self, item):
        self.log.append((self.name, "handle", item))

    def update(self, dt_ms):
        self.log.append((self.name, "update"))

    def draw(self, canvas):
        self.log.append((self.name, "draw"))

    def on_flip(self, t_ns):
        self.log.append((self.name, "flip", t_ns))


class Overlay(Recorder):
    opaque = False


class FakeApp:
    def __init__(self):
        self.log = []


@pytest.fixture
def stack():
    app = FakeApp()
    registry = {"a": Recorder, "b": Recorder, "c": Recorder, "o": Overlay}
    return app, SceneManager(app, registry)


def test_push_pauses_the_top_then_enters_the_new_one(stack):
    app, m = stack
    m.push("a", x=1)
    m.push("b")
    assert app.log == [("a", "enter", {"x": 1}), ("a", "pause"), ("b", "enter", {})]
    assert [s.name for s in m.stack] == ["a", "b"]


def test_pop_exits_the_top_then_resumes_the_one_below(stack):
    app, m = stack
    m.push("a")
    m.push("b")
    app.log.clear()
    popped = m.pop()
    assert popped.name == "b"
    assert app.log == [("b", "exit"), ("a", "resume")]
    assert m.top.name == "a"


def test_replace_exits_the_top_and_enters_the_new_one_without_touching_the_rest(stack):
    app, m = stack
    m.push("a")
    m.push("b")
    app.log.clear()
    m.replace("c", y=2)
    assert app.log == [("b", "exit"), ("c", "enter", {"y": 2})]
    assert [s.name for s in m.stack] == ["a", "c"]


def test_reset_exits_every_scene_top_first(stack):
    app, m = stack
    m.push("a")
    m.push("b")
    m.push("c")
    app.log.clear()
    m.reset("a")
    assert app.log == [("c", "exit"), ("b", "exit"), ("a", "exit"), ("a", "enter", {})]
    assert len(m.stack) == 1


def test_only_the_top_scene_gets_input_updates_and_flips(stack):
    app, m = stack
    m.push("a")
    m.push("b")
    app.log.clear()
    m.handle("press")
    m.update(8.3)
    m.on_flip(123)
    assert app.log == [("b", "handle", "press"), ("b", "update"), ("b", "flip", 123)]


def test_an_overlay_shows_the_frozen_scene_below_and_an_opaque_scene_hides_it(stack):
    import pygame

    app, m = stack
    canvas = pygame.Surface((16, 9))
    m.push("a")
    m.push("b")
    m.push("o")
    app.log.clear()
    m.draw(canvas)
    assert app.log == [("b", "draw"), ("o", "draw")]
    app.log.clear()
    m.draw(canvas)  # the covered scene cannot change: its snapshot is reused
    assert app.log == [("o", "draw")]
    m.invalidate()
    app.log.clear()
    m.draw(canvas)
    assert app.log == [("b", "draw"), ("o", "draw")]
    m.pop()
    app.log.clear()
    m.draw(canvas)
    assert app.log == [("b", "draw")]


def test_every_scene_enters_once_and_exits_once_with_pause_resume_alternating(stack):
    app, m = stack
    m.push("a")
    m.push("b")
    m.push("o")
    m.pop()
    m.replace("c")
    m.push("b")
    m.pop()
    m.reset("a")
    per_scene = {}
    for entry in app.log:
        per_scene.setdefault(entry[0], []).append(entry[1])
    # scene "a" lived twice (before and after reset); split its lives at each enter
    lives = []
    for name, calls in per_scene.items():
        life = []
        for call in calls:
            if call == "enter" and life:
                lives.append(life)
                life = []
            life.append(call)
        lives.append(life)
    for life in lives:
        assert life[0] == "enter"
        assert life.count("enter") == 1 and life.count("exit") <= 1
        if "exit" in life:
            assert life[-1] == "exit"
        middle = [c for c in life if c in ("pause", "resume")]
        assert middle == ["pause", "resume"] * (len(middle) // 2) + ["pause"] * (len(middle) % 2)


def test_unknown_target_is_refused(stack):
    _, m = stack
    with pytest.raises(KeyError):
        m.push("nope")
    with pytest.raises(TypeError):
        m.push(42)
