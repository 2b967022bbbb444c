"""The project's own documents stay true for a clone of the repository: every registered game
has its rules page in docs/rules/ that the README links, every relative link in README.md and
docs/ leads to a file (and, with a #fragment, to a heading or anchor) that exists, and no file
names a path of a build machine or the rulebook folder that only the build machines have."""

import re
import subprocess
from pathlib import Path

import pytest

import game

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")  # [text](target); targets here have no spaces
ANCHOR = re.compile(r"""<a\s+(?:id|name)="([^"]+)\"""")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")

# Absolute paths of a build machine, and the rulebook folder only the build machines have. The
# X server's socket directory is a path of every X11 machine, not of a build machine: allowed.
# (Spelt so that this file does not match itself.)
FORBIDDEN = re.compile(r"(?<![\w.~-])/(?:work|root|tmp|home/\w[\w.-]*)/"
                       r"|shared[/]rules")


def rules_page(game_id: str) -> Path:
    return DOCS / "rules" / f"{game_id.replace('_', '-')}.md"


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def links(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # code blocks hold no links
    return LINK.findall(text)


def local(target: str) -> bool:
    return not re.match(r"[a-z][a-z0-9+.-]*:", target)  # not http:, https:, mailto: ...


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"<[^>]+>", "", heading)  # inline HTML such as <a id=...></a>
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every #fragment a link into `path` may use: explicit <a id> anchors and heading slugs
    (GitHub numbers repeated headings: name, name-1, name-2 ...)."""
    text = path.read_text(encoding="utf-8")
    found = set(ANCHOR.findall(text))
    seen: dict[str, int] = {}
    in_code = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        match = None if in_code else HEADING.match(line)
        if match:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            found.add(base if count == 0 else f"{base}-{count}")
            seen[base] = count + 1
    return found


def test_slug_and_anchor_rules_match_github():
    assert slug("Flotter Otter") == "flotter-otter"
    assert slug("Choices (GAPS DESIGN and our own)") == "choices-gaps-design-and-our-own"
    assert slug("The deck (`game/waybills.py`)") == "the-deck-gamewaybillspy"


@pytest.mark.parametrize("game_id", sorted(game.GAMES))
def test_every_game_has_a_rules_page_that_the_readme_links(game_id):
    page = rules_page(game_id)
    assert page.is_file(), f"{game.GAMES[game_id].name} needs its rules in {page.relative_to(ROOT)}"
    text = page.read_text(encoding="utf-8")
    info = game.GAMES[game_id]
    assert text.startswith(f"# {info.name}\n"), "a rules page starts with the game's name"
    assert f"{info.min_players}-{info.max_players} players" in text, \
        "the page states the player range the arcade allows"
    assert "\n## Digital additions and choices\n" in text
    additions = text.split("\n## Digital additions and choices\n", 1)[1]
    assert "](../rules-notes.md#" in additions, "the choices link to their rows in the notes"
    target = f"docs/rules/{page.name}"
    readme = [t.split("#")[0] for t in links(ROOT / "README.md")]
    assert target in readme, f"README.md must link {target}"
    index = [t.split("#")[0] for t in links(DOCS / "rules" / "README.md")]
    assert page.name in index, f"docs/rules/README.md must list {page.name}"


def stated_numbers() -> dict[str, list[str]]:
    """Per game, phrases of its rules page made from the constants in game/<game>.py: a
    changed constant fails here until the page says the new number."""
    from game import fliegen_klatschen as fk, flixo, flotte_flitzer as ff, flotter_otter as fo
    from game import formula_fun as fun

    def seconds(ms):
        return f"{ms / 1000:g} seconds"

    def words(n):
        return ("none", "one", "two", "three", "four", "five")[n]

    level1 = [flixo.setup_counts(people, False, 1) for people in (2, 3, 4, 5)]
    return {
        "flotter_otter": [f"countdown of {seconds(fo.READY_MS)}",
                          f"{seconds(fo.ROUND_LIMIT_MS)} after the flip",
                          f"stays {seconds(fo.RESULT_MS)}", f"{fo.GAME_BREAK_MS // 1000}-second",
                          f"reaches {fo.END_WAYBILLS} waybills",
                          f"holds {fo.MIN_PILE_FOR_ROUND} waybills",
                          f"{words(fo.SERIES_GAMES)} games"],
        "fliegen_klatschen": [f"after {seconds(fk.TURN_MS)}", f"after {seconds(fk.CATCH_MS)}",
                              f"less than {seconds(fk.GRACE_MS)}",
                              f"{fk.REOPEN_MS // 1000}-second", f"{fk.CARDS} cards",
                              f"{fk.SWATTERS} flyswatters",
                              f"{', '.join(map(str, fk.REMOVE_CHOICES[1:-1]))} or "
                              f"{fk.REMOVE_CHOICES[-1]}",
                              f"At most {words(fk.MAX_TIE_ROUNDS)} such rounds"],
        "flotte_flitzer": [", ".join(map(str, ff.POINTS)), f"{ff.ROWS} rows a lap",
                           f"move it {ff.AUFHOLJAGD_ROWS} rows",
                           f"{ff.GRID_ROWS} rows of {ff.LANES} spaces", f"{ff.DECK_SIZE} cards",
                           f"draw back up to {words(ff.HAND)} cards"],
        "formula_fun": [f"{fun.SPACES} spaces", f"at most {fun.ROW} cars",
                        f"the winner scores {fun.points_for(12, 12)} and the runner-up "
                        f"{fun.points_for(11, 12)}", f"everyone gets {fun.HAND}",
                        f"alone it moves {fun.TURBO_BONUS}", f"{len(fun.DECK)} cards"],
        "flixo": ["| Flixos | " + " | ".join(str(f) for f, _ in level1) + " |",
                  "| number cards in the displays | " + " | ".join(str(n) for _, n in level1)
                  + " |", f"counts {flixo.EMPTY_DISPLAY_POINTS}",
                  f"{flixo.EYE_TOKENS} eye tokens"],
    }


@pytest.mark.parametrize("game_id", sorted(game.GAMES))
def test_rules_pages_state_the_numbers_of_the_code(game_id):
    text = " ".join(rules_page(game_id).read_text(encoding="utf-8").split())
    missing = [phrase for phrase in stated_numbers()[game_id] if phrase not in text]
    assert not missing, f"{rules_page(game_id).name} does not say: {missing}"


def test_no_rules_page_without_a_game():
    pages = {p.name for p in (DOCS / "rules").glob("*.md")} - {"README.md"}
    assert pages == {rules_page(g).name for g in game.GAMES}


def broken_links(path: Path) -> list[str]:
    """The relative links of a markdown file that lead nowhere, each with the reason."""
    broken = []
    for target in links(path):
        if not local(target):
            continue
        file_part, _, fragment = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif fragment and dest.suffix == ".md" and fragment not in anchors(dest):
            broken.append(f"{target}: no heading or anchor #{fragment}")
    return broken


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_somewhere(path):
    broken = broken_links(path)
    assert not broken, f"{path.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_link_check_finds_broken_links(tmp_path):
    (tmp_path / "other.md").write_text('# Other\n\n| <a id="row"></a>x | y |\n', encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("# Page\n\n[ok](#page) [ok](other.md#row) [ok](other.md#other)\n"
                    "[web](https://example.org) [gone](missing.md) [no row](other.md#nothing)\n"
                    "```\n[in code](nowhere.md)\n```\n", encoding="utf-8")
    assert broken_links(page) == ["missing.md: no such file",
                                  "other.md#nothing: no heading or anchor #nothing"]


def tracked_text_files() -> list[Path]:
    """Files under git (tracked, or new and not ignored) that are text."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                              "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: nothing to list")
    files = []
    for name in sorted(set(out.decode("utf-8").split("\0")) - {""}):
        path = ROOT / name
        if path.is_file():
            data = path.read_bytes()
            if b"\0" not in data:
                files.append(path)
    return files


def test_no_file_names_a_path_of_a_build_machine():
    files = tracked_text_files()
    assert ROOT / "README.md" in files and Path(__file__).resolve() in files
    hits = []
    for path in files:
        text = path.read_bytes().decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if FORBIDDEN.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not hits, "paths a clone does not have:\n" + "\n".join(hits)


def test_the_path_check_knows_build_machine_paths():
    bad = ["/{}/wt/flixo.txt", "see /{}/out.png", "/{}/.cache", "/{}/anna/game"]
    bad = [b.format(d) for b, d in zip(bad, ("work", "tmp", "root", "home"))]
    for text in bad + ["see shared" + "/rules/GAPS.md"]:
        assert FORBIDDEN.search(text), text
    # (written in pieces so this file names no machine path itself)
    bare_root, inside_a_word = "/{}/".format("home"), "a/{}/b".format("work")
    for text in ("~/.config/flotte-fuenf/", "docs/rules/flixo.md", bare_root, inside_a_word):
        assert not FORBIDDEN.search(text), text
