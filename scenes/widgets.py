"""Small pieces the shell scenes share: reading presses, a vertical menu, volume rows."""

from __future__ import annotations

from shell import look


def is_press(item) -> bool:
    """True for an shell.input.Press (DeviceChange items have a `kind` instead)."""
    return hasattr(item, "action")


def down(item, *actions) -> bool:
    """A button going down, optionally one of `actions`."""
    return is_press(item) and item.down and (not actions or item.action in actions)


class Menu:
    """A vertical list of choices moved with up/down and chosen with a; left/right are passed
    to the item (volumes). Items are (key, label) with label a str or a callable -> str."""

    def __init__(self, items, index: int = 0):
        self.items = list(items)
        self.index = index

    @property
    def key(self) -> str:
        return self.items[self.index][0]

    def label(self, i: int) -> str:
        label = self.items[i][1]
        return label() if callable(label) else label

    def handle(self, item) -> str | None:
        """'move', 'choose', 'left', 'right', 'back' or None for one press."""
        if not down(item):
            return None
        if item.action in ("up", "down"):
            step = -1 if item.action == "up" else 1
            self.index = (self.index + step) % len(self.items)
            return "move"
        if item.action in ("a", "start"):
            return "choose"
        if item.action in ("left", "right"):
            return item.action
        if item.action in ("b", "back"):
            return "back"
        return None

    def draw(self, canvas, top: int, width: int = 760, x: int | None = None, height: int = 84,
             gap: int = 24, size: int = look.BODY) -> list:
        return look.menu(canvas, [self.label(i) for i in range(len(self.items))], self.index,
                         top, width=width, height=height, gap=gap, x=x, size=size)


def volume_label(name: str, value: float) -> str:
    return f"{name}   <  {round(value * 100):3d} %  >"


def change_volume(app, which: str, step: float) -> None:
    """which: master / music / effects; applies at once and plays a sample of the new level."""
    value = app.audio.volume(f"{which}_volume") + step
    app.audio.set_volumes(**{which: value})
    app.audio.play("move")
