"""Small English words for numbers, for the lines the games and their scenes show ("an 8",
"1 point", "3rd"). Pure functions; no game knows its players' names, so sentences that name
seats use placeholders the screens fill (see each game's "highlight")."""

from __future__ import annotations


def article(number: int) -> str:
    """ "a" or "an" before a number said in English: an 8, an 11, an 18, an 80; a 1, a 7."""
    n = abs(int(number))
    while n >= 1000:   # 8,000 and 11,000 are said "eight thousand", "eleven thousand"
        n //= 1000
    return "an" if n in (11, 18) or str(n).startswith("8") else "a"


def plural(count: int, word: str, many: str | None = None) -> str:
    """ "1 point", "2 points", "0 points" (`many`: an irregular plural, "flies")."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
