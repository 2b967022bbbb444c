"""What the Flixo table says: the prompt line at the top (whose turn, what their buttons do, as
key caps of their own device), the captions that say what the table is showing while it
catches up ("Anna takes the 7, out goes a Flixo 3"), the toasts for news ("Final turns!"), and
the "take back" offer. Words come from views and events only; the toasts and captions are
steps on the scene's Timeline (TOAST, CAPTION), so they play in time with the cards."""

from __future__ import annotations

import pygame

from game import flixo as rules
from game.flixo import a_card, card_name
from shell import look, paint

from .layout import TOP_BAR, Layout

TOAST, CAPTION = "toast", "caption"  # timeline step kinds
FLIXO_OUT_MS = 1600
REWARD_MS = 1600
FORCED_MS = 2000
FINAL_MS = 2400


def offered(view: dict):
    """The card on offer to the player to move: the top discard, or the drawn card."""
    if view["phase"] == "drawn":
        return view["drawn"]
    if view["phase"] == "turn" and view["discard"]:
        return view["discard"][-1]
    return None


def undo_display(view: dict) -> int:
    """The display whose last action can be taken back (see game.flixo: a swap that revealed
    nothing): the one still in its reward, else the one that played last."""
    return view["turn"] if view["phase"] == "reward" else (view["turn"] - 1) % view["people"]


# -- words -----------------------------------------------------------------------------------------

def caption_of(events, name_of) -> tuple | None:
    """(display, what happened) for the top bar while the table shows one action, or None.
    `name_of(display)` names a display's player."""
    by = {e.kind: e.data for e in events}
    if rules.GAME_OVER in by:
        return None, "The last turn is over: every card is turned up"
    acting = next((e.data["display"] for e in events
                   if "display" in e.data and e.player is not None), None)
    if acting is None:
        return None
    name = name_of(acting)
    if rules.REWARD in by:
        return acting, f"{name} peeks at a card: {a_card(by[rules.REWARD]['card'])}"
    if rules.DRAWN in by:
        return acting, f"{name} draws {a_card(by[rules.DRAWN]['card'])}"
    if rules.SWAPPED in by:
        sw = by[rules.SWAPPED]
        verb = "takes" if sw["source"] == "discard" else "swaps in"
        out = f", out goes {a_card(sw['out'])}" if sw["was"] != "up" or sw["out"]["flixo"] \
            else ""
        return acting, f"{name} {verb} the {card_name(sw['taken'])}{out}"
    if rules.CARD_FLIPPED in by:
        return acting, f"{name} turns up {a_card(by[rules.CARD_FLIPPED]['card'])}"
    return None


def toast_of(event, name_of, solo: bool) -> tuple | None:
    """(text, colour, ms, delay) of the toast an event brings, or None."""
    k, data = event.kind, event.data
    if k == rules.LINE_REMOVED and event.player is not None \
            and any(card["flixo"] for card in data["cards"]):
        return "A Flixo is out!", look.GOOD, FLIXO_OUT_MS, 120
    if k == rules.REWARD_DUE:
        n = data["count"]
        return ("Reward: peek at a face-down card" + (f" (x{n})" if n > 1 else ""), look.GOOD,
                REWARD_MS, 0)
    if k == rules.FLIXO_FORCED:
        return (f"A Flixo on the pile: {name_of(data['display'])} must take it", look.BAD,
                FORCED_MS, 0)
    if k == rules.FINAL_TURNS_BEGIN:
        who = "every other display" if solo else "everyone else"
        return f"Final turns! Now {who} plays once more", look.ACCENT, FINAL_MS, 0
    return None


def directions(key) -> str:
    """The four direction buttons of a device in one key cap: "Arrows" for a pad's, a phone's
    or the arrow keys, "W/A/S/D" for a keyboard zone's letters."""
    labels = [key(a) for a in ("up", "left", "down", "right")]
    return "Arrows" if labels == ["Up", "Left", "Down", "Right"] else "/".join(labels)


def turn_prompt(view: dict, name: str, cpu: bool, key) -> tuple[str, list]:
    """(line, [(key cap, meaning)]) for the player to move; `key(action)` is the label of
    that player's own button for an action."""
    offer = offered(view)
    final = "" if view["last_display"] is None else "  (final turns)"
    if view["phase"] == "reward":
        if cpu:
            return f"{name} peeks at a card{final}", []
        return (f"Reward! {name}: pick a face-down card to peek at",
                [(directions(key), "any display"), (key("a"), "peek (eye token)")])
    if cpu:
        verb = "is thinking..." if view["phase"] == "turn" else f"drew {a_card(offer)}"
        if view["forced"]:
            verb = f"must take the Flixo {offer['value']}"
        return f"{name} (CPU) {verb}{final}", []
    if view["phase"] == "turn":
        if view["forced"]:
            return (f"{name} must take the Flixo {offer['value']}!",
                    [(key("a"), "swap it in at the cursor")])
        return (f"{name}'s turn{final}",
                [(key("a"), f"take the {offer['value']} here"), (key("b"), "draw a card")])
    return (f"{name} drew {a_card(offer)}{final}",
            [(key("a"), "swap it in here"), (key("b"), "discard it, turn this up")])


# -- drawing ---------------------------------------------------------------------------------------

def draw_top_bar(canvas, view: dict, line: str, caps: list, icon) -> None:
    """The status (level, Flixos still hidden, FINAL TURNS) on the left; the prompt line and
    its key caps on the right, on two rows when one would not fit."""
    label = (f"Level {view['level']}  ·  {view['flixos_in_play']} Flixos, "
             f"{view['flixos_hidden']} still hidden")
    look.text(canvas, label, (TOP_BAR.x, TOP_BAR.y + 4), look.SMALL, look.MUTED)
    if view["last_display"] is not None and view["phase"] != "over":
        s = look.text_surface("FINAL TURNS", look.SMALL, look.WHITE)
        box = paint.get_rect(s, topleft=(TOP_BAR.x + 12, TOP_BAR.y + 56)).inflate(24, 8)
        paint.rect(canvas, look.BAD, box, border_radius=box.height // 2)
        paint.blit(canvas, s, paint.get_rect(s, center=box.center))
    if not line:
        return
    left = TOP_BAR.x + 560
    icon_w = paint.get_rect(icon).width + 12 if icon is not None else 0  # (and a gap)
    line_w = look.font(look.BODY).size(line)[0] + icon_w
    caps_w = sum(look.font(look.SMALL).size(m)[0] + look.font(look.SMALL).size(c)[0] + 24
                 + 10 + 28 for c, m in caps)
    if line_w + 30 + caps_w <= TOP_BAR.right - left:
        x, y = TOP_BAR.right - line_w - 30 - caps_w, TOP_BAR.y + 34
        cx, cy = x + line_w + 30, TOP_BAR.y + 12
    else:
        x, y = max(left, TOP_BAR.right - line_w), TOP_BAR.y + 20
        cx, cy = max(left, TOP_BAR.right - caps_w), TOP_BAR.y + 44
    x = max(left, x)
    if icon is not None:
        paint.blit(canvas, icon, paint.get_rect(icon, midleft=(x, y)))
        x += icon_w
    look.text(canvas, line, (x, y), look.BODY, look.TEXT, "midleft")
    for cap, meaning in caps:
        box = look.keycap(canvas, (cx, cy), cap)
        r = look.text(canvas, meaning, (box.right + 10, box.centery), look.SMALL, look.ACCENT,
                      "midleft")
        cx = r.right + 28


def draw_toast(canvas, text: str, colour) -> pygame.Rect:
    """A toast (a pill of white text, as look.banner draws one) at the foot of the displays
    (Layout.toast_top), clear of every name; its type shrinks until it fits the safe area."""
    for size in (look.LARGE, look.BODY, look.SMALL):
        surf = look.text_surface(text, size, look.WHITE)
        if paint.get_width(surf) + 60 <= look.SAFE.width:
            break
    rect = pygame.Rect(0, 0, paint.get_width(surf) + 60, paint.get_height(surf) + 30)
    rect.midtop = (look.CENTER[0], Layout.toast_top(rect.height))
    look.panel(canvas, rect, colour, radius=rect.height // 2, edge=look.WHITE)
    paint.blit(canvas, surf, paint.get_rect(surf, center=rect.center))
    return rect


def draw_undo_offer(canvas, layout: Layout, d: int, cap: str) -> pygame.Rect:
    """"[X] take back" at the foot of display d's panel, for the player who may."""
    anchor = layout.flash_anchor(d)
    words = look.text_surface("take back", look.SMALL, look.WHITE)
    cap_w = look.font(look.SMALL).size(cap)[0] + 24
    h = paint.get_height(words) + 20
    box = pygame.Rect(0, 0, cap_w + paint.get_width(words) + 44, h)
    box.midbottom = (anchor.centerx, anchor.top - 8)
    paint.rect(canvas, look.INK, box, border_radius=h // 2)
    key = look.keycap(canvas, (box.x + 10, box.y + (h - paint.get_height(words) - 12) // 2), cap)
    paint.blit(canvas, words, paint.get_rect(words, midleft=(key.right + 10, box.centery)))
    return box
