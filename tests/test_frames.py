"""Frames of the canvas are recorded and only what changed is redrawn (shell.paint): the canvas
must always hold exactly what drawing the whole frame would have drawn, while an unchanged
frame redraws nothing."""

import random

import pygame
import pytest

from shell import paint
from shell.app import FRAME_NS

W, H = 320, 180


@pytest.fixture
def canvas():
    pygame.display.init()
    surf = pygame.display.set_mode((W, H))
    paint.set_scale(1)
    paint.track(surf)
    yield surf
    paint.track(None)


def pixels(surf) -> bytes:
    return pygame.image.tobytes(surf, "RGB")


def whole(draw) -> bytes:
    """What drawing the frame whole onto a fresh surface gives."""
    ref = pygame.Surface((W, H))
    paint.redraw(ref)
    return pixels(ref)


def frame(canvas, draw) -> list:
    paint.begin_frame()
    draw(canvas)
    return paint.end_frame()


def backdrop():
    surf = pygame.Surface((W, H))
    for y in range(H):
        surf.fill((y % 256, 40, 90), (0, y, W, 1))
    return surf


def sprite(colour, size=(40, 30)):
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((*colour, 140))
    pygame.draw.circle(surf, (*colour, 255), (size[0] // 2, size[1] // 2), min(size) // 3)
    return surf


def test_an_unchanged_frame_redraws_and_sends_nothing(canvas):
    bg, card = backdrop(), sprite((200, 30, 30))

    def draw(c):
        paint.blit(c, bg, (0, 0))
        paint.blit(c, card, (50, 60))
        paint.rect(c, (255, 255, 255), (10, 10, 100, 50), width=3, border_radius=8)

    assert frame(canvas, draw) == [canvas.get_rect()]  # the first frame is drawn whole
    assert paint.stats["full"]
    assert frame(canvas, draw) == []
    assert paint.stats["redrawn"] == 0 and not paint.stats["full"]
    assert pixels(canvas) == whole(draw)


def test_a_moved_sprite_redraws_only_around_its_two_places(canvas):
    bg, card = backdrop(), sprite((30, 200, 30))
    x = [20]

    def draw(c):
        paint.blit(c, bg, (0, 0))
        paint.blit(c, card, (x[0], 40))

    frame(canvas, draw)
    x[0] = 200
    damage = frame(canvas, draw)
    assert damage and sum(r.w * r.h for r in damage) < W * H / 2
    assert pygame.Rect(20, 40, 40, 30).collidelist(damage) != -1
    assert pygame.Rect(200, 40, 40, 30).collidelist(damage) != -1
    assert pygame.Rect(0, 150, W, 30).collidelist(damage) == -1  # far from both
    assert pixels(canvas) == whole(draw)


def test_art_drawn_on_after_it_was_shown_is_seen_as_changed(canvas):
    bg = backdrop()
    card = pygame.Surface((60, 40))
    card.fill((10, 10, 10))

    def draw(c):
        paint.blit(c, bg, (0, 0))
        paint.blit(c, card, (100, 100))

    frame(canvas, draw)
    paint.fill(card, (250, 250, 0), (0, 0, 30, 40))  # the same surface, new pixels
    assert frame(canvas, draw)
    assert canvas.get_at((110, 110))[:3] == (250, 250, 0)
    card.set_alpha(100)  # blending changed: seen through the surface's key too
    frame(canvas, draw)
    assert pixels(canvas) == whole(draw)


def test_a_frame_without_an_opaque_backdrop_is_drawn_whole(canvas):
    card = sprite((90, 90, 250))

    def draw(c):
        paint.blit(c, card, (10, 10))  # alpha over whatever was there: nothing to diff from

    frame(canvas, draw)
    assert frame(canvas, draw) == [canvas.get_rect()] and paint.stats["full"]


def test_a_snapshot_in_the_middle_of_a_frame_holds_what_was_drawn_so_far(canvas):
    bg = backdrop()

    def draw(c):
        paint.blit(c, bg, (0, 0))
        paint.fill(c, (1, 2, 3), (0, 0, 50, 50))

    paint.begin_frame()
    draw(canvas)
    snap = paint.snapshot(canvas)
    paint.fill(canvas, (200, 100, 0), (100, 100, 20, 20))
    paint.end_frame()
    assert snap.get_at((10, 10))[:3] == (1, 2, 3)
    assert snap.get_at((105, 105))[:3] != (200, 100, 0)
    assert canvas.get_at((105, 105))[:3] == (200, 100, 0)


def test_the_canvas_cannot_be_cut_into_subsurfaces_while_a_frame_is_recorded(canvas):
    paint.begin_frame()
    with pytest.raises(RuntimeError):
        paint.subsurface(canvas, (0, 0, 10, 10))
    paint.end_frame()


@pytest.mark.parametrize("seed", range(6))
def test_random_frames_always_equal_the_whole_frame(canvas, seed):
    """Frames of random operations (every kind paint records, clips, blend modes, reordering),
    each a random change of the one before: the canvas always equals the whole frame drawn on
    a fresh surface."""
    rng = random.Random(seed)
    bg = backdrop()
    arts = [sprite((rng.randrange(256), rng.randrange(256), rng.randrange(256)),
                   (rng.randrange(8, 80), rng.randrange(8, 60))) for _ in range(6)]
    faded = sprite((250, 250, 250))
    faded.set_alpha(90)
    arts.append(faded)

    def random_op():
        kind = rng.choice(["blit", "blit", "fill", "rect", "outline", "circle", "line",
                           "polygon", "aalines", "clip", "add"])
        x, y = rng.randrange(-30, W), rng.randrange(-30, H)
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        if kind == "blit":
            return ("blit", rng.choice(arts), (x, y))
        if kind == "add":
            return ("add", rng.choice(arts), (x, y))
        if kind == "fill":
            return ("fill", colour, (x, y, rng.randrange(1, 90), rng.randrange(1, 60)))
        if kind in ("rect", "outline"):
            return (kind, colour, (x, y, rng.randrange(4, 120), rng.randrange(4, 80)),
                    rng.randrange(0, 20))
        if kind == "circle":
            return ("circle", colour, (x, y), rng.randrange(2, 40))
        if kind == "clip":
            return ("clip", (x, y, rng.randrange(10, 200), rng.randrange(10, 120)))
        points = [(rng.randrange(-20, W + 20), rng.randrange(-20, H + 20))
                  for _ in range(rng.randrange(2, 6))]
        return (kind, colour, points, rng.randrange(1, 9))

    def run(op, c):
        kind = op[0]
        if kind == "blit":
            paint.blit(c, op[1], op[2])
        elif kind == "add":
            paint.blit(c, op[1], op[2], special_flags=pygame.BLEND_RGB_ADD)
        elif kind == "fill":
            paint.fill(c, op[1], op[2])
        elif kind == "rect":
            paint.rect(c, op[1], op[2], border_radius=op[3])
        elif kind == "outline":
            paint.rect(c, op[1], op[2], width=max(1, op[3] // 3), border_radius=op[3])
        elif kind == "circle":
            paint.circle(c, op[1], op[2], op[3])
        elif kind == "clip":
            paint.set_clip(c, op[1])
        elif kind == "line":
            paint.line(c, op[1], op[2][0], op[2][-1], op[3])
        elif kind == "polygon" and len(op[2]) >= 3:
            paint.polygon(c, op[1], op[2])
        elif kind == "aalines":
            paint.aalines(c, op[1], False, op[2])

    ops = [random_op() for _ in range(25)]
    for _ in range(30):
        change = rng.random()
        if change < 0.3:
            ops[rng.randrange(len(ops))] = random_op()
        elif change < 0.5:
            ops.insert(rng.randrange(len(ops) + 1), random_op())
        elif change < 0.6 and len(ops) > 5:
            ops.pop(rng.randrange(len(ops)))
        elif change < 0.7:
            i, j = rng.randrange(len(ops)), rng.randrange(len(ops))
            ops[i], ops[j] = ops[j], ops[i]
        elif change < 0.75:
            paint.fill(rng.choice(arts), (0, 0, 0, 0), (0, 0, 5, 5))  # art changed in place

        def draw(c):
            paint.blit(c, bg, (0, 0))
            for op in ops:
                run(op, c)
            paint.set_clip(c, None)

        frame(canvas, draw)
        assert pixels(canvas) == whole(draw)


def test_every_screen_drawn_frame_by_frame_equals_the_whole_frame(tmp_path):
    """The real arcade, every scene (games with 8 CPU players, as in bench/frame_time.py), at
    1080p: after many frames redrawn in part, the canvas equals the last frame drawn whole."""
    from bench.harness import StepClock, make_app, setups
    from shell.seats import Seats

    clock = StepClock()
    app = make_app(1, clock)
    partial = 0
    try:
        for label, setup in setups(app, 8, pause_after=60):
            app.seats = Seats()
            setup()
            for _ in range(90):
                clock.step(FRAME_NS)
                app.run(frames=1)
                partial += not paint.stats["full"]
            ref = pygame.Surface(app.canvas.get_size())
            paint.redraw(ref)
            assert pixels(ref) == pixels(app.canvas), label
    finally:
        app.close()
    assert partial > 0.8 * 90 * 13  # most frames were redrawn in part, not whole
