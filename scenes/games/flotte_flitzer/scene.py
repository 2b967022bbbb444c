"""Flotte Flitzer on the TV: the card-driven car race (rules: game/flotte_flitzer.py, pictures:
scenes/games/flotte_flitzer/art.py).

The oval fills the left of the table; every car wears its colour and the shape of the seat that
races it (the colours nobody races are neutral cars with a dark rim: anybody may move them).
The infield says what just happened. The right column lists the players with their points, the
free colours, the cars over the line and the piles. Along the bottom lies the hand of the
player to move: face up for a human (everyone sees the TV, so only the hand of the human whose
turn it is is shown), face down for a CPU.

Controls of the player to move (a play is chosen in steps; a step with one choice is skipped):
    left / right   choose a card, then the car, then its lane (then the slipstreaming car's
                   lane); the chosen car is ringed and its end space lit on the track
    A              take the choice and go on; the last step plays the card
    B              one step back
After a safe Risiko card on your own car: A turns up another card, B stops.

The state changes at once; the screen catches up on a timeline: the played card and every
turned-up card are shown big in the middle, then the cars drive along the track. CPUs wait for
the timeline before they play.
"""

from __future__ import annotations

import pygame

from shell import look, paint
from shell.seats import SEAT_STYLES
from game.flotte_flitzer import (
    AUFHOLJAGD,
    CARDS,
    COLOURS,
    FALSCHER_GANG,
    GEFAHR,
    POINTS,
    RISIKO,
    ROWS,
    UEBERHOLEN,
    WINDSCHATTEN,
    Play,
    RiskAgain,
    RiskStop,
    colour_of,
    target_of,
)

from . import art
from scenes.game_scene import GameScene

# -- timing (ms of animation time) ---------------------------------------------------------------
PLAYED_MS = 700            # a played card is shown this long before anything moves
REVEAL_MS = 900            # each turned-up card
MOVE_MS = 260              # a move takes this plus ROW_MS a row
ROW_MS = 55
PAUSE_MS = 350             # after a forfeit or a message
BOT_AFTER_SHOW_MS = 350    # a CPU waits this long after the table has settled
CPU_TABLE_TEMPO = 0.3      # with nobody human at the table (the demo) the show runs faster
NEWS_MS = 3200

# -- layout (canvas px) ---------------------------------------------------------------------------
TOP_BAR = pygame.Rect(look.SAFE.left, look.SAFE.top, look.SAFE.width, 70)
TRACK = pygame.Rect(look.SAFE.left, TOP_BAR.bottom + 8, 1330, 560)
ROW_LEN = 80
LANE_W = 58
SIDE = pygame.Rect(TRACK.right + 24, TOP_BAR.bottom + 8, look.SAFE.right - TRACK.right - 24,
                   look.SAFE.bottom - TOP_BAR.bottom - 8)
CARD_SIZE = (220, 250)
CARD_GAP = 22
HAND_Y = TRACK.bottom + 22
SHOW_CARD = (210, 240)     # the played / turned-up cards in the middle


MOVES = (WINDSCHATTEN, UEBERHOLEN, FALSCHER_GANG, AUFHOLJAGD)   # cards that move by their number


def car_name(car: int, styles) -> str:
    """ "Anna's car" for a seat's car, "the purple car" for a car nobody races."""
    return f"{styles[colour_of(car)][2]} car"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class FlotteFlitzerScene(GameScene):
    game_id = "flotte_flitzer"
    rules = [
        "Play a card to move a car, then draw up to 5.",
        "A move must end on a row with a free lane.",
        "Windschatten pulls the car behind along.",
        "Risiko, Gefahr: cards turned up may send it back.",
    ]
    controls = {"left": "previous card / car / lane", "right": "next card / car / lane",
                "a": "choose / play / one more card", "b": "back / stop"}
    bot_pace_ms = 500
    end_delay_ms = 6000
    a_ends_wait = True
    hand_curtain = True
    phone_layout = "hand"  # a phone seat holds its hand on the phone (TV: face down)
    own_backdrop = True    # art.track_surface has the background in it
    strip = False          # the players are listed in the right column

    # -- lifecycle ------------------------------------------------------------------------------
    def setup(self) -> None:
        self.track = art.Track(TRACK, ROW_LEN, LANE_W)
        used = {(tuple(s.colour), s.shape) for s in self.seats}
        spare = [s for s in SEAT_STYLES if (tuple(s.colour), s.shape) not in used]
        # colour -> (rgb, shape, whose): a seat's own style for its cars ("Anna's car"), spare
        # styles for the colours nobody races ("the purple car").
        self.styles = []
        for colour in range(COLOURS):
            if colour < self.players:
                seat = self.seats[colour]
                self.styles.append((seat.colour, seat.shape, f"{seat.name}'s"))
            else:
                style = spare.pop(0)
                self.styles.append((style.colour, style.shape, f"the {style.colour_name}"))
        self.pick = {"stage": "card", "card": 0, "car": 0, "lane": 0, "follow": 0}
        self.glides: dict[int, list] = {}     # car -> [(t0, t1, s0, off0, s1, off1, gone)]
        self.shows: list = []                 # (t0, t1, card dict, label) shown big
        self.news: list = []                  # (t0, text)
        self.sounds: list = []                # (t, name)
        self.show_end = 0.0

    # -- timeline -------------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.anim_ms < self.show_end

    def at_sound(self, t: float, name: str) -> None:
        self.sounds.append((t, name))
        self.sounds.sort(key=lambda s: s[0])

    def update_scene(self, dt_ms: float) -> None:
        while self.sounds and self.sounds[0][0] <= self.anim_ms:
            self.sound(self.sounds.pop(0)[1])
        if not self.busy():
            self.glides = {}
            self.shows = []
        self.news = [n for n in self.news if n[0] > self.anim_ms - NEWS_MS]
        if self.state.is_terminal() and self.busy():
            self.end_left = None  # the last moves play before the countdown to the results

    def advance(self) -> None:
        if self.anim_ms < self.show_end + BOT_AFTER_SHOW_MS * self.tempo():
            return
        super().advance()

    def seat_name(self, p: int) -> str:
        return self.seats[p].name

    def tempo(self) -> float:
        """How long the show takes: full length while a person plays, shorter for CPUs alone
        (a race is some 200 plays: an attract-mode table would crawl)."""
        return 1.0 if self.humans() else CPU_TABLE_TEMPO

    def on_events(self, events) -> None:
        t = max(self.anim_ms, self.show_end)
        tempo = self.tempo()
        for e in events:
            k, data = e.kind, e.data
            if k == "played":
                c = data["card"]
                who = self.seat_name(e.player)
                target = "" if data["car"] < 0 else f" for {car_name(data['car'], self.styles)}"
                self.news.append((t, f"{who}: {c['name']} {self.card_label(c)}{target}"))
                self.shows.append((t, t + (PLAYED_MS + 200) * tempo, c, f"{who} plays"))
                self.at_sound(t, "card_flip")
                t += (PLAYED_MS if e.player in self.bots else PLAYED_MS // 2) * tempo
            elif k == "revealed":
                c = data["card"]
                self.shows.append((t, t + (REVEAL_MS + 400) * tempo, c, "turned up"))
                self.at_sound(t, "card_flip")
                t += REVEAL_MS * tempo
            elif k in ("moved", "finished"):
                car = data["car"]
                r0, l0 = data["from"]
                s0 = r0 + 0.5
                if k == "finished":
                    s1, l1 = ROWS + 0.1, l0
                else:
                    r1, l1 = data["to"]
                    s1 = r1 + 0.5
                ms = (MOVE_MS + ROW_MS * abs(s1 - s0)) * tempo
                self.glides.setdefault(car, []).append(
                    (t, t + ms, s0, l0, s1, l1, k == "finished"))
                back = k == "moved" and data["to"][0] < r0
                self.at_sound(t, "thump" if back else "move")
                if k == "finished":
                    pts = data["points"]
                    text = (f"{capital(car_name(car, self.styles))} is over the line:"
                            f" place {data['place']}")
                    self.news.append((t + ms, text + (f", {pts} points" if pts else "")))
                    self.at_sound(t + ms, "confirm")
                name = car_name(car, self.styles)
                if data["why"] == "slipstream":
                    self.news.append((t, "Slipstream! The car behind comes along."))
                elif data["why"] == "skid":
                    text = f"Schleudern! {capital(name)} skids back to the last car's row"
                    self.news.append((t, text))
                elif data["why"] == "risiko" and k == "moved":
                    self.news.append((t, f"Safe card: {name} moves one row" if not back
                                      else f"Risiko {data['rows']}: {name} goes back"))
                t += ms
            elif k == "forfeit":
                text = f"{capital(car_name(data['car'], self.styles))} cannot end its move there"
                self.news.append((t, text + ": no move"))
                self.at_sound(t, "thump")
                t += PAUSE_MS * tempo
            elif k == "dead_card":
                self.news.append((t, "No car for this card: it is simply played"))
                t += PAUSE_MS * tempo
            elif k == "reshuffled":
                self.news.append((t, "The played cards are shuffled: a new draw pile"))
                self.at_sound(t, "card_flip")
            elif k == "game_over":
                self.at_sound(t, "go")  # (the results screen plays "win")
        self.show_end = t

    @staticmethod
    def card_label(c: dict) -> str:
        """The number after a card's name in the news ("Überholen +2"; none for Risiko and
        Gefahr, whose numbers are not moves)."""
        return "" if c["kind"] in (RISIKO, GEFAHR) else f"{c['value']:+d}"

    # -- input ----------------------------------------------------------------------------------
    def choices(self, p: int) -> dict:
        """The choices at each step of the pick, from the legal plays of player p."""
        legal = self.state.legal_actions(p)
        hand = self.state.hands[p]
        pick = self.pick
        card = hand[pick["card"] % len(hand)] if hand else None
        plays = [a for a in legal if isinstance(a, Play) and a.card == card]
        own = [c for c in (2 * p, 2 * p + 1)]
        pos = self.state.pos

        def order(c):
            return (c not in own, -(pos[c][0] if c >= 0 and pos[c] is not None else -1), c)
        cars = sorted({a.car for a in plays}, key=order)
        car = cars[pick["car"] % len(cars)] if cars else None
        lanes = sorted({a.lane for a in plays if a.car == car})
        lane = lanes[pick["lane"] % len(lanes)] if lanes else None
        follows = sorted({a.follow for a in plays if a.car == car and a.lane == lane})
        follow = follows[pick["follow"] % len(follows)] if follows else None
        return {"card": card, "cars": cars, "car": car, "lanes": lanes, "lane": lane,
                "follows": follows, "follow": follow}

    def press_to_action(self, p, press):
        if not press.down or p != self.state.current_player():
            return None
        if self.state.phase == "risk":
            if press.action == "a":
                return RiskAgain()
            if press.action == "b":
                return RiskStop()
            return None
        pick = self.pick
        stage = pick["stage"]
        step = {"left": -1, "up": -1, "right": 1, "down": 1}.get(press.action)
        if step is not None:
            key = {"card": "card", "car": "car", "lane": "lane", "follow": "follow"}[stage]
            pick[key] += step
            if stage == "card":
                pick["car"] = pick["lane"] = pick["follow"] = 0
            elif stage == "car":
                pick["lane"] = pick["follow"] = 0
                self.start_lane(p)
            elif stage == "lane":
                pick["follow"] = 0
            self.sound("move")
            return None
        if press.action == "b":
            back = {"card": "card", "car": "card", "lane": "car", "follow": "lane"}[stage]
            opts = self.choices(p)
            # Skip back over steps that offered one choice only.
            while back != "card" and len(opts[{"car": "cars", "lane": "lanes",
                                               "follow": "follows"}[back]]) <= 1:
                back = {"car": "card", "lane": "car", "follow": "lane"}[back]
            pick["stage"] = back
            self.sound("back")
            return None
        if press.action != "a":
            return None
        order = ["card", "car", "lane", "follow"]
        stage_i = order.index(stage)
        opts = self.choices(p)
        for nxt in order[stage_i + 1:]:
            if nxt == "lane" and stage_i < 2:
                self.start_lane(p)
                opts = self.choices(p)
            if len(opts[{"car": "cars", "lane": "lanes", "follow": "follows"}[nxt]]) > 1:
                pick["stage"] = nxt
                self.sound("confirm")
                return None
        action = Play(opts["card"], opts["car"], opts["lane"], opts["follow"])
        pick.update(stage="card", car=0, lane=0, follow=0)
        return action

    def start_lane(self, p: int) -> None:
        """The lane cursor starts on the car's own lane where it can."""
        opts = self.choices(p)
        car = opts["car"]
        if car is None or car < 0 or self.state.pos[car] is None:
            return
        lane = self.state.pos[car][1]
        if lane in opts["lanes"]:
            self.pick["lane"] = opts["lanes"].index(lane)

    def phone_extras(self, p: int) -> dict:
        """The phone's hand: the card cursor while a card is chosen, what A and B do."""
        extras = {"car_styles": [[list(rgb), shape] for rgb, shape, _ in self.styles],
                  "selected": None}
        turn = self.state.current_player()
        if self.state.phase == "over" or turn != p:
            name = self.seat_name(turn) if turn >= 0 else ""
            return {**extras, "prompt": f"{name} is playing" if name else ""}
        if self.state.phase == "risk":
            return {**extras, "prompt": "Risiko on your own car!",
                    "labels": {"a": "one more card", "b": "stop"}}
        stage = self.pick["stage"]
        if stage == "card":
            return {**extras, "selected": self.pick["card"] % max(1, len(self.state.hands[p])),
                    "prompt": "Choose a card: tap it, tap again to play",
                    "labels": {"a": "choose", "b": ""}}
        ask = {"car": "Which car? Look at the TV", "lane": "Which lane? Look at the TV",
               "follow": "Lane of the car behind? Look at the TV"}[stage]
        return {**extras, "prompt": ask, "labels": {"a": "go", "b": "back"}}

    # -- drawing --------------------------------------------------------------------------------
    def car_point(self, car: int, view) -> tuple | None:
        """Where car `car` is drawn now: on its glide, or where the view has it."""
        glides = self.glides.get(car)
        t = self.anim_ms
        if glides:
            started = [g for g in glides if g[0] <= t]
            if not started:
                g = glides[0]
                return self.track.point(g[2] * ROW_LEN, self.track.lane_offset(g[3]))
            t0, t1, s0, l0, s1, l1, gone = started[-1]
            if t >= t1:
                if gone:
                    return None
                return self.track.point(s1 * ROW_LEN, self.track.lane_offset(l1))
            f = look.ease_out((t - t0) / max(1.0, t1 - t0))
            s = s0 + (s1 - s0) * f
            lane = l0 + (l1 - l0) * min(1.0, f * 1.6)
            return self.track.point(s * ROW_LEN, self.track.lane_offset(lane))
        c = view["cars"][car]
        if c["row"] is None:
            return None
        return self.track.space(c["row"], c["lane"])

    def draw_table(self, canvas, view) -> None:
        paint.blit(canvas, art.track_surface(self.track), (0, 0))
        p = view["turn"]
        human = view["phase"] != "over" and p not in self.bots and self.covered() != p
        opts = self.choices(p) if human and view["phase"] == "play" else None
        if opts is not None:
            self.draw_targets(canvas, view, opts)
        for car in range(len(view["cars"])):
            point = self.car_point(car, view)
            if point is None:
                continue
            style = self.styles[colour_of(car)]
            surf = art.car_surface(style[0], style[1], view["cars"][car]["owner"] is not None)
            paint.blit(canvas, surf, paint.get_rect(surf, center=(int(point[0]),
                                                                  int(point[1]))))
        if opts is not None and self.pick["stage"] != "card" and opts["car"] is not None:
            pulse = look.pulse(self.anim_ms, 900)
            self.ring(canvas, self.car_point(opts["car"], view),
                      look.mix(look.ACCENT, look.WHITE, pulse))
        if view["risk_car"] is not None and not self.busy():
            self.ring(canvas, self.car_point(view["risk_car"], view), look.ACCENT)
        if not any(s[0] <= self.anim_ms < s[1] for s in self.shows):
            self.draw_news(canvas)
        self.draw_top_bar(canvas, view, opts)
        self.draw_side(canvas, view)
        self.draw_hand(canvas, view, opts)
        self.draw_shows(canvas)
        for who, text, _ in self.flashes:
            if who in self.seat_rects:
                look.flash_above(canvas, self.seat_rects[who], text)
        if view["phase"] == "over" and not self.busy():
            self.draw_end(canvas, view)

    def ring(self, canvas, point, colour, r: int = 38) -> None:
        if point is None:
            return
        paint.circle(canvas, look.INK, (int(point[0]), int(point[1])), r + 3, 10)
        paint.circle(canvas, colour, (int(point[0]), int(point[1])), r, 6)

    def draw_targets(self, canvas, view, opts) -> None:
        """The spaces the chosen car may end on (the chosen one filled), and the slipstreaming
        car's (green)."""
        stage = self.pick["stage"]
        if stage == "card" or opts["car"] is None or opts["car"] < 0:
            return
        car = opts["car"]
        card = CARDS[opts["card"]]
        c = view["cars"][car]
        if opts["lane"] is not None and opts["lane"] >= 0:
            row = c["row"] + card.value
            for lane in opts["lanes"]:
                poly = self.track.space_poly(row, lane)
                chosen = lane == opts["lane"]
                paint.polygon(canvas, look.ACCENT if chosen else look.MUTED, poly, 0 if chosen
                              else 4)
            if opts["follow"] is not None and opts["follow"] >= 0:
                for lane in opts["follows"]:
                    chosen = lane == opts["follow"]
                    poly = self.track.space_poly(row - 1, lane)
                    paint.polygon(canvas, look.GOOD if chosen else look.MUTED, poly,
                                  0 if chosen and stage == "follow" else 4)

    def draw_news(self, canvas) -> None:
        shown = [n for n in self.news if self.anim_ms - NEWS_MS < n[0] <= self.anim_ms]
        if not shown:
            return
        text = shown[-1][1]
        x, y = self.track.cx, self.track.cy
        lines = look.wrap(text, look.BODY, 660)
        y -= (len(lines) - 1) * 22
        for line in lines[:3]:
            look.text(canvas, line, (x, y), look.BODY, look.TEXT, "center")
            y += 44

    def prompt(self, view, opts) -> tuple[str, list]:
        if view["phase"] == "over":
            return "The race is over!", []
        p = view["turn"]
        name = self.seat_name(p)
        if p in self.bots:
            return f"{name} (CPU) is playing ...", []
        a, b = self.key_label(p, "a"), self.key_label(p, "b")
        if self.covered() == p:
            return f"{name}: the others look away!", [(a, "show my cards")]
        if view["phase"] == "risk":
            return (f"{name}: Risiko on your own car!",
                    [(a, "turn up another card"), (b, "stop")])
        stage = self.pick["stage"]
        if stage == "card" and self.hand_on_phone(p):
            return f"{name}: choose a card on your phone", []
        if stage == "card":
            card = CARDS[opts["card"]]
            what = "play this card" if len(opts["cars"]) > 1 or card.kind == RISIKO else "play"
            return f"{name}: choose a card", [("<>", "card"), (a, what)]
        if stage == "car":
            line = f"{name}: which car?"
            if opts["lanes"] == [-1] and CARDS[opts["card"]].kind in MOVES:
                kind, _ = target_of(self.state.pos, opts["car"], CARDS[opts["card"]].value)
                if kind == "forfeit":
                    line += " (it cannot move: the card is lost)"
            return line, [("<>", "car"), (a, "this one"), (b, "back")]
        if stage == "lane":
            return f"{name}: which lane?", [("<>", "lane"), (a, "go"), (b, "back")]
        return f"{name}: lane of the car behind?", [("<>", "lane"), (a, "go"), (b, "back")]

    def draw_top_bar(self, canvas, view, opts) -> None:
        line, caps = self.prompt(view, opts)
        x = TOP_BAR.x
        p = view["turn"]
        if view["phase"] != "over":
            icon = look.shape_icon(self.seats[p].shape, self.seats[p].colour, 20)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(x, TOP_BAR.centery)))
            x += 56
        r = look.text(canvas, line, (x, TOP_BAR.centery), look.BODY, look.TEXT, "midleft")
        x = r.right + 40
        for cap, meaning in caps:
            box = look.keycap(canvas, (x, TOP_BAR.centery - 22), cap)
            r = look.text(canvas, meaning, (box.right + 10, box.centery), look.SMALL,
                          look.ACCENT, "midleft")
            x = r.right + 30

    def draw_side(self, canvas, view) -> None:
        look.panel(canvas, SIDE, radius=24)
        x, y = SIDE.x + 18, SIDE.y + 14
        w = SIDE.width - 36
        self.seat_rects = {}
        for p in range(self.players):
            row = pygame.Rect(x, y, w, 64)
            active = p == view["turn"] and view["phase"] != "over"
            paint.rect(canvas, look.mix(look.PANEL, self.styles[p][0], 0.35), row,
                       border_radius=18)
            if active:
                paint.rect(canvas, look.WHITE, row.inflate(8, 8), 4, border_radius=22)
            icon = look.shape_icon(self.styles[p][1], self.styles[p][0], 18)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(row.x + 8, row.centery)))
            name = self.seat_name(p)
            if p in self.bots:
                name += " (CPU)"
            look.text(canvas, self.fit(name, look.SMALL, w - 130), (row.x + 62, row.centery),
                      look.SMALL, look.TEXT, "midleft")
            look.text(canvas, str(view["scores"][p]), (row.right - 14, row.centery), look.BODY,
                      look.ACCENT, "midright")
            self.seat_rects[p] = row
            y += 74
        if self.players < COLOURS:
            look.text(canvas, "Free cars:", (x, y + 8), look.SMALL, look.MUTED)
            cx = x + 170
            for colour in range(self.players, COLOURS):
                style = self.styles[colour]
                icon = look.shape_icon(style[1], style[0], 14)
                paint.blit(canvas, icon, paint.get_rect(icon, center=(cx, y + 26)))
                cx += 42
            y += 60
        look.text(canvas, "Over the line", (x, y + 6), look.SMALL, look.MUTED)
        y += 46
        for place, car in enumerate(view["finished"][:len(POINTS)]):
            style = self.styles[colour_of(car)]
            icon = look.shape_icon(style[1], style[0], 14)
            look.text(canvas, f"{place + 1}.", (x, y + 20), look.SMALL, look.TEXT, "midleft")
            paint.blit(canvas, icon, paint.get_rect(icon, center=(x + 66, y + 20)))
            owner = view["cars"][car]["owner"]
            who = self.seat_name(owner) if owner is not None else "free car"
            look.text(canvas, self.fit(who, look.SMALL, w - 160), (x + 96, y + 20), look.SMALL,
                      look.TEXT, "midleft")
            look.text(canvas, f"+{POINTS[place]}", (x + w, y + 20), look.SMALL, look.GOOD,
                      "midright")
            y += 42
        look.text(canvas, f"Draw pile: {view['draw_left']}", (x, SIDE.bottom - 20), look.SMALL,
                  look.MUTED, "bottomleft")

    @staticmethod
    def fit(text: str, size: int, width: int) -> str:
        while len(text) > 3 and look.font(size).size(text)[0] > width:
            text = text.rstrip("…")[:-1] + "…"
        return text

    def style_of(self, card: dict):
        if card["kind"] == WINDSCHATTEN:
            return self.styles[card["colour"]][:2]
        return None

    def draw_hand(self, canvas, view, opts) -> None:
        p = view["turn"]
        if view["phase"] == "over":
            return
        n = len(self.state.hands[p])
        total = n * CARD_SIZE[0] + (n - 1) * CARD_GAP
        x0 = TRACK.centerx - total // 2
        if p in self.bots or self.covered() == p or self.hand_on_phone(p):
            for i in range(n):
                look.card_back(canvas, (x0 + i * (CARD_SIZE[0] + CARD_GAP), HAND_Y + 10,
                                        CARD_SIZE[0], CARD_SIZE[1] - 20))
            return
        hand = self.state.view(p)["hand"]
        chosen = self.pick["card"] % n if n else 0
        for i, card in enumerate(hand):
            selected = view["phase"] == "play" and i == chosen
            rect = (x0 + i * (CARD_SIZE[0] + CARD_GAP), HAND_Y - (14 if selected else 0),
                    *CARD_SIZE)
            art.draw_card(canvas, card, rect, self.style_of(card),
                          look.ACCENT if selected else None)

    def draw_shows(self, canvas) -> None:
        t = self.anim_ms
        live = [s for s in self.shows if s[0] <= t < s[1]]
        if not live:
            return
        live = live[-3:]
        w, h = SHOW_CARD
        total = len(live) * w + (len(live) - 1) * 30
        x = TRACK.centerx - total // 2
        y = TRACK.centery - h // 2 - 10
        for t0, _, card, label in live:
            art.draw_card(canvas, card, (x, y, w, h), self.style_of(card))
            s = look.text_surface(self.fit(label, look.SMALL, w + 20), look.SMALL, look.WHITE)
            box = paint.get_rect(s, midtop=(x + w // 2, y + h + 12)).inflate(20, 8)
            paint.rect(canvas, look.INK, box, border_radius=box.height // 2)
            paint.blit(canvas, s, paint.get_rect(s, center=box.center))
            x += w + 30

    def draw_end(self, canvas, view) -> None:
        box = pygame.Rect(0, 0, 900, 200 + 64 * self.players)
        box.center = TRACK.center
        look.dim(canvas, 120)
        look.panel(canvas, box)
        scores = view["scores"]
        best = max(scores)
        winners = [self.seat_name(p) for p in range(self.players) if scores[p] == best]
        title = f"{winners[0]} wins!" if len(winners) == 1 else "A shared win!"
        look.text(canvas, title, (box.centerx, box.y + 24), look.TITLE, look.GOOD, "midtop")
        y = box.y + 120
        for p in sorted(range(self.players), key=lambda q: -scores[q]):
            icon = look.shape_icon(self.styles[p][1], self.styles[p][0], 18)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(box.x + 80, y + 24)))
            look.text(canvas, self.seat_name(p), (box.x + 140, y + 24), look.BODY, look.TEXT,
                      "midleft")
            look.text(canvas, str(scores[p]), (box.right - 80, y + 24), look.BODY, look.ACCENT,
                      "midright")
            y += 64
        if not self.demo and self.humans():
            look.text(canvas, f"{self.key_label(self.humans()[0], 'a')}: on to the results",
                      (box.centerx, box.bottom - 16), look.SMALL, look.MUTED, "midbottom")


SCENE = FlotteFlitzerScene
tile_art = art.tile_art
