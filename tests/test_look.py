"""The look: readable type sizes, canvas scaling maths, the TV safe area."""

import re
from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from shell import look
from shell.seats import Seats

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def canvas():
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(look.CANVAS)
    look.reset_cache()
    yield surface


def test_no_font_under_28_px_can_be_made():
    with pytest.raises(ValueError):
        look.font(27)
    assert look.font(look.MIN_FONT).get_height() >= look.MIN_FONT  # real pixels, not 0.69x
    for name in ("SMALL", "BODY", "LARGE", "TITLE", "HUGE"):
        assert getattr(look, name) >= look.MIN_FONT == 28


def test_only_look_makes_fonts():
    """Every text goes through look.font, which refuses small sizes."""
    offenders = []
    for folder in ("shell", "scenes"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "look.py":
                continue
            if re.search(r"font\.(Font|SysFont)\(|freetype", path.read_text()):
                offenders.append(path.name)
    assert offenders == []


def test_literal_sizes_passed_to_look_are_not_small():
    """Sizes written as numbers (not the named sizes) in look calls must still be >= 28."""
    small = []
    for folder in ("shell", "scenes"):
        for path in (ROOT / folder).rglob("*.py"):
            for m in re.finditer(r"look\.(?:text|text_surface|font|paragraph)\([^)]*?,\s*(\d+)\s*[,)]",
                                 path.read_text()):
                if int(m.group(1)) < look.MIN_FONT:
                    small.append((path.name, m.group(0)))
    assert small == []


@pytest.mark.parametrize("window, scale, dest", [
    ((1920, 1080), 1.0, (0, 0, 1920, 1080)),
    ((3840, 2160), 2.0, (0, 0, 3840, 2160)),
    ((1280, 720), 2 / 3, (0, 0, 1280, 720)),
    ((1280, 1024), 2 / 3, (0, 152, 1280, 720)),     # letterbox: bars above and below
    ((2560, 1080), 1.0, (320, 0, 1920, 1080)),      # pillarbox: bars left and right
])
def test_fit_known_windows(window, scale, dest):
    s, rect = look.fit(window)
    assert s == pytest.approx(scale)
    assert tuple(rect) == dest


@given(st.integers(160, 8000), st.integers(90, 5000))
def test_fit_keeps_aspect_fills_one_side_and_stays_inside(w, h):
    scale, rect = look.fit((w, h))
    assert 0 <= rect.left and rect.right <= w and 0 <= rect.top and rect.bottom <= h
    assert rect.width == w or rect.height == h or abs(rect.width - w) <= 1 or abs(rect.height - h) <= 1
    assert rect.width / rect.height == pytest.approx(16 / 9, rel=0.02)
    # the canvas corners land on the corners of the destination
    assert look.to_canvas(rect.topleft, (w, h)) == (0, 0)
    cx, cy = look.to_canvas((rect.right - 1, rect.bottom - 1), (w, h))
    assert abs(cx - (look.W - 1)) <= 2 / scale + 1 and abs(cy - (look.H - 1)) <= 2 / scale + 1


def test_safe_area_is_the_title_safe_90_percent():
    assert look.SAFE.left >= look.W * 0.05 and look.W - look.SAFE.right >= look.W * 0.05
    assert look.SAFE.top >= look.H * 0.05 and look.H - look.SAFE.bottom >= look.H * 0.05
    assert look.SAFE.center == look.CENTER


def test_titles_hints_and_a_full_seat_strip_stay_inside_the_safe_area(canvas):
    seats = Seats(names=["Annabelle", "Bartholomew", "Christiane", "Dieter", "Emilia",
                         "Friedrich", "Gundula", "Hans-Peter"])
    for i in range(8):
        seats.join(f"kb{i}" if i < 4 else f"pad:x:{i}")
    rects = [look.title(canvas, "How to play Fliegen klatschen"), look.hint(canvas, "A: ok")]
    infos = [{"seat": s, "glyph": "P8"} for s in seats.occupied()]
    look.seat_strip(canvas, infos)  # first call builds the badges
    rects += look.seat_strip(canvas, infos)
    for rect in rects:
        assert look.SAFE.contains(rect), rect


def test_seat_badges_differ_by_shape_not_only_colour(canvas):
    from shell.seats import SEAT_STYLES
    shapes = {style.shape for style in SEAT_STYLES}
    assert len(shapes) == 8
    masks = set()
    for shape in shapes:
        icon = look.shape_icon(shape, (255, 255, 255), 24)
        masks.add(pygame.mask.from_surface(icon).count())
    assert len(masks) == 8  # eight different outlines (filled area differs)


def test_fit_text_keeps_what_fits_and_cuts_the_rest_with_dots(app):
    assert look.fit_text("Anna", look.SMALL, 500) == "Anna"
    long = "Oma Inge from across the road and her dog"
    width = look.font(look.SMALL).size("Oma Inge from")[0] + 40
    cut = look.fit_text(long, look.SMALL, width)
    assert cut.endswith("...") and long.startswith(cut[:-3])
    assert look.font(look.SMALL).size(cut)[0] <= width


def test_a_name_takes_the_body_type_when_it_fits_else_the_small_one_cut_to_fit(app):
    assert look.name_fit("Kalle", 400) == ("Kalle", look.BODY)
    wide = look.font(look.BODY).size("Maximiliane")[0]
    name, size = look.name_fit("Maximiliane", wide - 4)
    assert size == look.SMALL and name == "Maximiliane"
    name, size = look.name_fit("Maximiliane-Josephine", wide - 4)
    assert size == look.SMALL and look.font(look.SMALL).size(name)[0] <= wide - 4
    assert "Maximiliane-Josephine".startswith(name) and len(name) < 21
