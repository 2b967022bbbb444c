"""The shell's threads and notices: window and event calls only on the main thread, a quit that
waits for the frame being worked out, notices made after start reach the screen."""

import threading
import time

import pygame
import pytest

from scenes.base import Scene
from shell import main_thread
from tests.driving import close_app, real_app


def test_a_window_or_event_call_off_the_main_thread_is_caught(app):
    assert main_thread.wanted()  # the tests run with the check on (conftest)
    caught = []

    def off_main():
        for call in (pygame.display.flip, pygame.event.pump):
            try:
                call()
            except main_thread.OffMainThread as exc:
                caught.append(str(exc))

    worker = threading.Thread(target=off_main, name="not-main")
    worker.start()
    worker.join()
    assert len(caught) == 2 and "not-main" in caught[0]
    pygame.event.peek(pump=False)  # looking without pumping is allowed anywhere


def test_a_scene_that_calls_flip_while_drawing_fails_loudly(app):
    class Rogue(Scene):
        def draw(self, canvas):
            pygame.display.flip()  # on the frame thread: a Mac would abort here

    app.manager.push(Rogue)
    with pytest.raises(main_thread.OffMainThread):
        app.run(frames=1)
    app.manager.pop()


def test_closing_waits_for_the_frame_being_worked_out(tmp_path):
    app = real_app(tmp_path)
    seen = {}

    class Slow(Scene):
        def update(self, dt_ms):
            seen["started"] = time.perf_counter()
            time.sleep(0.3)
            seen["pygame up at the end"] = pygame.get_init()
            seen["ended"] = time.perf_counter()

    app.manager.push(Slow)
    real_pump = app.pump

    def interrupted():  # the main thread is interrupted (Ctrl+C) while a frame is worked out
        if "started" in seen:
            raise KeyboardInterrupt
        real_pump()

    app.hold_events = interrupted
    with pytest.raises(KeyboardInterrupt):
        app.run(frames=3)
    close_app(app)
    assert seen["pygame up at the end"] is True and not pygame.get_init()


def test_a_notice_made_after_start_is_shown_once(app):
    app.run(frames=2)
    assert app.notices == []
    app.settings.add_notice("Settings could not be saved: disk full")
    app.run(frames=2)
    assert [n[0] for n in app.notices] == ["Settings could not be saved: disk full"]
    app.run(frames=2)
    assert len(app.notices) == 1  # taken once, not again every frame


def test_a_frame_that_outlasts_the_wait_keeps_pygame_up_under_it(tmp_path, monkeypatch):
    import shell.app

    monkeypatch.setattr(shell.app, "CLOSE_WAIT_S", 0.05)
    app = real_app(tmp_path)
    seen = {}
    done = threading.Event()

    class Hung(Scene):
        def update(self, dt_ms):
            seen["started"] = True
            time.sleep(0.4)
            seen["pygame up at the end"] = pygame.get_init()
            done.set()

    app.manager.push(Hung)
    real_pump = app.pump
    app.hold_events = lambda: (_ for _ in ()).throw(KeyboardInterrupt) if seen else real_pump()
    with pytest.raises(KeyboardInterrupt):
        app.run(frames=3)
    app.close()  # gives up waiting: must not pull pygame out from under the frame
    assert not app.pads.running  # but the pad thread ends whatever the frame does
    assert done.wait(5) and seen["pygame up at the end"] is True
    # The frame goes on to draw after its update: let it end before the next test's App starts
    # (a frame of this App drawing into the next App's frame broke a later test).
    app.frame_thread._thread.join(5)
    assert not app.frame_thread._thread.is_alive()
    pygame.quit()


def test_whoever_quits_pygame_stops_the_pad_thread_first():
    """CI crashed (segfault) when a test quit pygame under an App's pad thread that was still
    calling SDL_JoystickUpdate: pygame.quit must end that thread before SDL goes down."""
    from shell.pad_reader import PadReader

    pygame.init()
    reader = PadReader()
    if not reader.start():
        pytest.skip("no SDL library found for the pad thread")
    assert reader.running
    pygame.quit()
    assert not reader.running

