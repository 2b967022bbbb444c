"""How frames reach the screen (shell/screen.py): the drawing path is chosen from what draws the
window, only the changed parts of the canvas are sent, and nothing is presented when nothing
changed. The texture path is run on SDL's software renderer (the dummy driver with pygame's
SCALED mode), whose output can be read back."""

import threading
import warnings

import pygame
import pytest

from shell.screen import RendererInfo, Screen, choose

W, H = 640, 360  # (SCALED mode would enlarge a smaller window to fit the dummy desktop)


def test_the_path_follows_what_draws_the_window():
    nvidia = RendererInfo("opengl", True, "NVIDIA GeForce RTX 3060/PCIe/SSE2")
    llvmpipe = RendererInfo("opengl", True, "llvmpipe (LLVM 15.0.6, 256 bits)")
    assert nvidia.gpu and not llvmpipe.gpu
    assert not RendererInfo("software", False).gpu
    assert RendererInfo("direct3d11", True).gpu
    assert choose("auto", nvidia, "x11") == "gpu"
    assert choose("auto", llvmpipe, "x11") == "software"     # OpenGL done by the CPU
    assert choose("auto", None, "wayland") == "software"     # unknown: the safe path
    assert choose("gpu", llvmpipe, "x11") == "gpu"           # asked for in the settings
    assert choose("software", nvidia, "x11") == "software"
    assert choose("gpu", nvidia, "dummy") == "headless"


@pytest.fixture
def window():
    pygame.display.init()
    with warnings.catch_warnings():  # "no fast renderer available": SDL's software one it is
        warnings.simplefilter("ignore")
        canvas = pygame.display.set_mode((W, H), pygame.SCALED)
    screen = Screen(canvas, "software")
    yield canvas, screen
    screen.close()
    pygame.display.quit()


def pixels(canvas) -> bytes:
    return bytes(canvas.get_buffer())


def test_only_the_changed_parts_are_sent_and_the_window_shows_the_canvas(window):
    canvas, screen = window
    assert screen.problem == "" and "only changed parts sent" in screen.describe()
    canvas.fill((20, 40, 60))
    assert screen.show([canvas.get_rect()])
    assert screen.shown() == pixels(canvas)
    sent = screen.uploaded_bytes
    part = pygame.Rect(30, 20, 40, 25)
    canvas.fill((250, 10, 10), part)
    assert screen.show([part])
    assert screen.uploaded_bytes - sent == part.w * part.h * canvas.get_bytesize()
    assert screen.shown() == pixels(canvas)
    canvas.fill((0, 250, 0), (0, 0, 10, 10))  # changed but not sent: the window keeps the old
    assert screen.shown() != pixels(canvas)


def test_nothing_is_presented_when_nothing_changed_until_the_window_asks(window):
    canvas, screen = window
    screen.show([canvas.get_rect()])
    presents, sent = screen.presents, screen.uploaded_bytes
    assert not screen.show([])
    assert screen.presents == presents and screen.uploaded_bytes == sent
    screen.expose()  # resized, uncovered, a renderer that lost its textures
    assert screen.show([])
    assert screen.uploaded_bytes - sent == canvas.get_pitch() * canvas.get_height()


def test_showing_a_frame_off_the_main_thread_fails(window):
    canvas, screen = window
    caught = []

    def off_main():
        try:
            screen.show([canvas.get_rect()])
        except RuntimeError as exc:
            caught.append(exc)

    worker = threading.Thread(target=off_main)
    worker.start()
    worker.join()
    assert caught


def test_the_drawing_path_is_logged_at_start_and_chosen_in_settings(tmp_path, capsys):
    from tests.driving import close_app, key, real_app

    app = real_app(tmp_path)
    try:
        assert app.screen.path == "headless"
        assert "drawing: headless" in capsys.readouterr().err
        scene = app.manager.push("settings")
        app.run(frames=2)
        assert scene.path_label() == "Drawing path: <  auto: none  >"
        while scene.menu.key != "path":
            key(app, "s")
        key(app, "d")                                       # kb1 right: auto -> GPU
        assert app.settings.get("draw_path") == "gpu"
        assert scene.path_label() == "Drawing path: <  GPU (next start)  >"
        key(app, "d")
        assert app.settings.get("draw_path") == "software"
    finally:
        close_app(app)


def test_a_bad_drawing_path_falls_back_to_auto(tmp_path):
    import json

    from shell.settings import Settings

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"draw_path": "quantum"}))
    s = Settings(path)
    assert s.get("draw_path") == "auto" and "draw_path" in s.take_notice()
