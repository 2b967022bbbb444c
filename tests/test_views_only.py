"""Scenes see views: a game scene learns the game only from the protocol (view(p), view(None),
legal actions, whose turn, the outcome) and the declared events. It never reads a State's
fields (hands, positions, face-down cards) and never the base scene's private fields: that is
what keeps hidden information inside the core, and what lets a phone page or a bot be built on
the same views."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "scenes" / "games"
# What a scene may ask a State (everything else it learns from a view).
ALLOWED = {"view", "legal_actions", "current_player", "is_terminal", "outcome"}


def base_private_fields() -> set[str]:
    tree = ast.parse((ROOT / "scenes" / "game_scene.py").read_text())
    return {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr.startswith("_")
            and not node.attr.startswith("__") and isinstance(node.value, ast.Name)
            and node.value.id == "self"}


def offences(path: Path, private: set[str]) -> list[str]:
    found = []
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        inner = node.value
        if isinstance(inner, ast.Attribute) and inner.attr == "state" \
                and node.attr not in ALLOWED:
            found.append(f"{name}:{node.lineno} state.{node.attr}")
        if isinstance(inner, ast.Name) and inner.id == "state" and node.attr not in ALLOWED:
            found.append(f"{name}:{node.lineno} state.{node.attr}")
        if isinstance(inner, ast.Name) and inner.id == "self" and node.attr in private:
            defined = any(isinstance(t, ast.Attribute) and t.attr == node.attr
                          for n in ast.walk(tree) if isinstance(n, ast.Assign)
                          for t in n.targets)
            if not defined:
                found.append(f"{name}:{node.lineno} base's self.{node.attr}")
    return found


PACKAGES = sorted([p for p in GAMES.iterdir() if p.is_dir() and not p.name.startswith("__")]
                  + [ROOT / "scenes" / "practice", ROOT / "scenes" / "cup"])


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_a_game_scene_reads_only_views(package):
    private = base_private_fields()
    found = [o for path in sorted(package.rglob("*.py")) for o in offences(path, private)]
    assert found == []


def test_the_check_finds_a_state_field_and_a_base_private_field(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def draw(self):\n    cards = self.state.hands[0]\n    if self._held:\n"
                   "        pass\n    view = self.state.view(0)\n")
    found = offences(bad, {"_held"})
    assert sorted(f.split(" ", 1)[1] for f in found) == ["base's self._held", "state.hands"]
