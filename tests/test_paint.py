"""Drawing at the screen's pixel density (shell.paint): 1080p and 4K show the same picture.

Every screen is drawn once at scale 1 (1920x1080 pixels) and once at scale 2 (3840x2160, what
a 4K TV gets), from the same seeded state and the same clock. Shrunk to 160x90 grey thumbnails
(12 canvas units a thumbnail pixel) the two must agree, allowing each thumbnail pixel to match
within SHIFT pixels: text is hinted per size, so a long row of words laid out from measured
widths may end a few units further left or right at 4K. An element drawn at the wrong size or
place (a number that missed shell.paint) is a patch that matches nowhere near. And no scene
may make a pixel call of its own, bypassing shell.paint.
"""

import ast
from pathlib import Path

import pygame
import pytest

from shell import look, paint
from scenes.manager import SceneManager  # noqa: E402
from shell.app import FRAME_NS, App
from shell.seats import Seats
from shell.settings import Settings
from shell.stats import Stats
from bench.frame_time import setups

ROOT = Path(__file__).resolve().parent.parent
THUMB = (160, 90)
FRAMES = 20            # drawn before the picture is taken (bots have not moved yet)
SHIFT = 2              # thumbnail pixels (24 canvas units) a pixel may have moved
MAX_PATCH = 64         # largest grey difference (0-255) of a thumbnail pixel after that
MAX_MEAN = 2.0         # mean difference over the thumbnail

PIXEL_METHODS = {"blit", "fill", "get_width", "get_height", "get_size", "get_rect", "subsurface",
                 "set_clip", "get_clip"}
PIXEL_FUNCTIONS = {"pygame.Surface", "pygame.transform.smoothscale", "pygame.transform.scale"}


def dotted(node) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return ".".join([node.id, *reversed(parts)]) if isinstance(node, ast.Name) else None


def pixel_calls(path: Path) -> list[str]:
    """Calls in a file that work in pixels rather than canvas units."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        name = dotted(node.func) or ""
        if name.startswith("self.pixels."):
            continue  # look.Font, where the font's pixels become units
        if (name.startswith("pygame.draw.") or name in PIXEL_FUNCTIONS
                or (node.func.attr in PIXEL_METHODS and not name.startswith("paint."))):
            found.append(f"{path.name}:{node.lineno} {name or node.func.attr}")
    return found


def test_scenes_and_the_look_draw_only_through_paint():
    files = sorted((ROOT / "scenes").rglob("*.py")) + [ROOT / "shell" / "look.py"]
    found = [call for path in files for call in pixel_calls(path)]
    assert found == []


def test_the_check_finds_a_direct_pixel_call(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import pygame\ndef draw(canvas, art):\n    canvas.blit(art, (0, 0))\n"
                   "    pygame.draw.circle(canvas, (1, 2, 3), (4, 5), 6)\n")
    assert pixel_calls(bad) == ["bad.py:3 canvas.blit", "bad.py:4 pygame.draw.circle"]


def thumbnails(tmp_path, scale: int) -> dict[str, pygame.Surface]:
    clock = [0]
    app = App(SceneManager, settings=Settings(tmp_path / f"s{scale}.json"), stats=Stats(tmp_path / "s.db"),
              pace=False, clock_ns=lambda: clock[0], scale=scale, audio=False)
    shots = {}
    try:
        assert paint.get_size(app.canvas) == look.CANVAS
        assert app.canvas.get_size() == (look.W * scale, look.H * scale)
        for label, setup in setups(app):
            app.seats = Seats()
            setup()
            for _ in range(FRAMES):
                clock[0] += FRAME_NS
                app.run(frames=1)
            thumb = pygame.transform.grayscale(pygame.transform.smoothscale(app.canvas, THUMB))
            shots[label] = pygame.image.tobytes(thumb, "RGB")[::3]  # one grey byte a pixel
    finally:
        app.close()
    return shots


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("paint")
    return thumbnails(tmp, 1), thumbnails(tmp, 2)


def near_differences(a: bytes, b: bytes) -> list[int]:
    """For each pixel of a: the smallest grey difference to b within SHIFT pixels of it."""
    w, h = THUMB
    out = []
    for y in range(h):
        rows = range(max(0, y - SHIFT), min(h, y + SHIFT + 1))
        for x in range(w):
            v = a[y * w + x]
            lo, hi = max(0, x - SHIFT), min(w, x + SHIFT + 1)
            out.append(min(abs(v - b[r * w + c]) for r in rows for c in range(lo, hi)))
    return out


def differences(a: bytes, b: bytes) -> list[int]:
    return [max(p, q) for p, q in zip(near_differences(a, b), near_differences(b, a))]


def test_every_screen_looks_the_same_at_4k_as_at_1080p(pictures):
    at_1080, at_4k = pictures
    assert set(at_1080) == set(at_4k) and len(at_1080) >= 10
    report = {}
    for label in at_1080:
        diff = differences(at_1080[label], at_4k[label])
        report[label] = (max(diff), round(sum(diff) / len(diff), 2))
    bad = {k: v for k, v in report.items() if v[0] > MAX_PATCH or v[1] > MAX_MEAN}
    assert bad == {}, report


def test_the_comparison_sees_an_element_drawn_at_the_wrong_size(pictures):
    at_1080, _ = pictures
    picture = pygame.image.frombytes(bytes(v for v in at_1080["lobby"] for _ in range(3)),
                                     THUMB, "RGB")
    wrong = picture.copy()
    half = pygame.transform.smoothscale(picture, (THUMB[0] // 2, THUMB[1] // 2))
    wrong.blit(half, (THUMB[0] // 4, THUMB[1] // 4))  # the middle of the screen at half size
    diff = differences(at_1080["lobby"], pygame.image.tobytes(wrong, "RGB")[::3])
    assert max(diff) > MAX_PATCH


def test_big_blits_and_fills_in_bands_change_the_same_pixels_as_one_call():
    """paint.blit/fill split what is bigger than BAND_PIXELS (so the GIL is free between
    bands); the result must be pygame's, blend modes, clipping and the returned rect included."""
    import random

    pygame.init()
    rng = random.Random(1)
    src = pygame.Surface((900, 700), pygame.SRCALPHA)
    for _ in range(200):
        colour = [rng.randrange(256) for _ in range(4)]
        pygame.draw.circle(src, colour, (rng.randrange(900), rng.randrange(700)),
                           rng.randrange(5, 60))
    modes = [0, pygame.BLEND_RGB_ADD, pygame.BLEND_RGBA_MULT]
    for trial in range(30):
        one, banded = pygame.Surface((1000, 800)), pygame.Surface((1000, 800))
        one.fill((30, 40, 50))
        banded.fill((30, 40, 50))
        dest = (rng.randrange(-300, 400), rng.randrange(-300, 400))
        area = None if trial % 2 else pygame.Rect(
            rng.randrange(-100, 300), rng.randrange(-100, 300), rng.randrange(300, 1100),
            rng.randrange(300, 900))
        mode = modes[trial % 3]
        assert one.blit(src, dest, area, mode) == paint.blit(banded, src, dest, area, mode)
        box = (rng.randrange(-50, 300), rng.randrange(-50, 300), 900, 700)
        assert one.fill((90, 10, 200), box, mode) == paint.fill(banded, (90, 10, 200), box, mode)
        assert pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(banded, "RGB")


def test_a_rounded_rect_redrawn_in_a_tile_is_the_same_as_pygame_draws_it():
    """Redrawing a damaged tile, a filled rounded rect whose corners the tile misses is a fill
    (paint._fill_between_corners); the pixels must be those pygame.draw.rect makes, clipped."""
    import random

    pygame.init()
    rng = random.Random(2)
    filled = 0
    for _ in range(1500):
        one, fast = pygame.Surface((400, 300)), pygame.Surface((400, 300))
        one.fill((9, 9, 9))
        fast.fill((9, 9, 9))
        r = pygame.Rect(rng.randrange(-40, 200), rng.randrange(-40, 150),
                        rng.randrange(1, 380), rng.randrange(1, 280))
        kw = {"border_radius": rng.choice([1, 2, 5, 14, 28, 48, 100, 300])}
        if rng.random() < 0.3:
            kw["border_bottom_right_radius"] = rng.randrange(0, 90)
        tile = rng.choice([4, 16, 32, 64])
        clip = pygame.Rect(rng.randrange(0, 400), rng.randrange(0, 300), tile, tile)
        colour = [rng.randrange(256) for _ in range(3)]
        one.set_clip(clip)
        pygame.draw.rect(one, colour, r, 0, **kw)
        one.set_clip(None)
        probe = pygame.Surface((1, 1))
        filled += bool(r.clip(clip)) and paint._fill_between_corners(probe, clip, colour,
                                                                      (r, 0), kw)
        paint._run_draw(fast, clip, pygame.draw.rect, colour, (r, 0), kw)
        assert pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(fast, "RGB"), (r, kw, clip)
    assert filled > 100  # (the fill was tried often enough to mean something)
