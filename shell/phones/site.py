"""The phone page's files, read into memory once: the server answers only these paths.

No path from a request ever touches the filesystem: a request path is a key in a fixed table,
so there is no directory listing and no way to climb out of assets/phone/.
"""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets" / "phone"

# request path -> (file in ASSETS, content type)
ROUTES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/phone.css": ("phone.css", "text/css; charset=utf-8"),
    "/phone.js": ("phone.js", "text/javascript; charset=utf-8"),
    "/icon.svg": ("icon.svg", "image/svg+xml"),
}

# The page runs only its own script and style and talks only to where it came from.
SECURITY_HEADERS = (
    ("Content-Security-Policy",
     "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
     "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
)


def load(folder: Path = ASSETS) -> dict[str, tuple[bytes, str]]:
    """path -> (body, content type) for every route. Raises FileNotFoundError (naming the
    file) when the page is incomplete."""
    files = {}
    for path, (name, ctype) in ROUTES.items():
        files[path] = ((folder / name).read_bytes(), ctype)
    return files
