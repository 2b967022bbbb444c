"""Flotte Flitzer on the TV: the card-driven car race (rules: game/flotte_flitzer.py, pictures:
scenes/games/flotte_flitzer/art.py).

The oval fills the left of the table; every car wears its colour and the shape of the seat that
races it (the colours nobody races are neutral cars with a dark rim: anybody may move them).
The infield says what just happened. The right column lists the players with their points, the
free colours, the cars over the line and the piles. Along the bottom lies the hand of the
player to move: face up for a human (everyone sees the TV, so only the hand of the human whose
turn it is is shown), face down for a CPU or a phone.

Controls of the player to move (a play is chosen in steps; a step with one choice is skipped):
    on the grid    left / right: the lane of your car (the inside-most free one first);
                   A: put it there; B: take back your front car while you place the back one
    left / right   choose a card, then the car, then its lane (then the slipstreaming car's
                   lane); the chosen car is ringed and its end space lit on the track
    A              take the choice and go on; the last step plays the card
    B              one step back
After a turned-up card moved a car to a row with a free lane beside it: left / right and A
choose its lane (A alone keeps the lane it is in). After a safe Risiko card on your own car:
A turns up another card, B stops. At the end of the turn: A draws, B takes the turn's last
choice back (the core says what may be: nothing turned up or drawn since; in a Risiko run the
take-back key is X, B stops the run there).

The state changes at once; the screen catches up on the base's timeline: the played card and
every turned-up card are shown big in the middle, then the cars drive along the track. CPUs,
the countdown to the results and the header wait for it (GameScene.busy, settle_ms): while a
move is still on screen the header names whoever made it.
"""

from __future__ import annotations

import pygame

from shell import look, paint
from shell.seats import SEAT_STYLES
from game.flotte_flitzer import (
    COLOURS,
    DEAD_CARD,
    DRAW,
    DREW,
    FINISHED,
    FORFEIT,
    GAME_OVER,
    GEFAHR,
    GRID,
    HAND,
    MOVED,
    OVER,
    PLACE_LANE,
    PLACED,
    PLAY,
    PLAYED,
    POINTS,
    RESHUFFLED,
    REVEALED,
    RISK,
    RISIKO,
    ROWS,
    SKID,
    SLIPSTREAM,
    STEER,
    STEERED,
    WINDSCHATTEN,
    Draw,
    Place,
    Play,
    RiskAgain,
    RiskStop,
    Steer,
    colour_of,
    preview,
)
from game.words import ordinal, plural

from . import art
from scenes.game_scene import GameScene
from scenes.timeline import ease_out

# -- timing (ms of animation time) ---------------------------------------------------------------
PLAYED_MS = 700            # a played card is shown this long before anything moves
REVEAL_MS = 900            # each turned-up card
MOVE_MS = 260              # a move takes this plus ROW_MS a row
ROW_MS = 55
SHIFT_MS = 240             # a car changing lanes in its row, or set on the grid
PAUSE_MS = 350             # after a forfeit or a message
BOT_AFTER_SHOW_MS = 350    # a CPU waits this long after the table has settled (settle_ms)
CPU_TABLE_TEMPO = 0.3      # with nobody human at the table (the demo) the show runs faster
NEWS_MS = 3200             # a line in the infield stays this long

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


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class FlotteFlitzerScene(GameScene):
    game_id = "flotte_flitzer"
    rules = [
        "Play a card to move a car, then draw up to 5.",
        "A move must end on a row with a free lane.",
        "Windschatten pulls the car behind along.",
        "Risiko, Gefahr: cards turned up may send it back.",
        "Until you draw, B takes your move back.",
        "CPU: easy plays loosely, normal well, hard looks ahead.",
    ]
    controls = {"left": "previous card / car / lane", "right": "next card / car / lane",
                "a": "choose / play / draw", "b": "back / take back / stop Risiko",
                "x": "take back, in a Risiko run"}
    bot_pace_ms = 450
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
        self.lane_pick = (None, None)   # (the lane choice it is for, the lane under the cursor)
        self.headline = ("", -NEWS_MS, None)  # (the infield's line, anim_ms it came, whose)
        self.on_screen = None           # (seat, line): whose move the table shows (the last)

    # -- the waiting policy (GameScene.busy) ---------------------------------------------------
    def tempo(self) -> float:
        """How long the show takes: full length while a person plays, shorter for CPUs alone
        (a race is some 200 plays: an attract-mode table would crawl)."""
        return 1.0 if self.humans() else CPU_TABLE_TEMPO

    @property
    def settle_ms(self) -> float:
        """A CPU waits this long after the table has settled (GameScene's policy)."""
        return BOT_AFTER_SHOW_MS * self.tempo()

    def bot_wait_ms(self) -> float:
        """A CPU's draw at the end of its turn shows nothing new: it follows the move at once."""
        return 0 if self.view()["phase"] == DRAW else self.bot_pace_ms * self.tempo()

    # -- events -> the timeline -------------------------------------------------------------------
    def seat_name(self, p: int) -> str:
        return self.seats[p].name

    def car_name(self, car: int) -> str:
        """ "Anna's car" for a seat's car, "the purple car" for a car nobody races."""
        return f"{self.styles[colour_of(car)][2]} car"

    def say(self, text: str, seat=None) -> None:
        """A line in the infield, about `seat`'s move (default: the move on screen)."""
        if seat is None and self.on_screen is not None:
            seat = self.on_screen[0]
        self.headline = (text, self.anim_ms, seat)

    def showing(self, seat: int, line: str) -> None:
        self.on_screen = (seat, line)
        self.say(line, seat)

    def on_events(self, events) -> None:
        tl = self.timeline
        t = tl.next_start(self.anim_ms)
        tempo = self.tempo()
        for e in events:
            k, data = e.kind, e.data
            if k == PLAYED:
                c = data["card"]
                who = self.seat_name(e.player)
                target = "" if data["car"] < 0 else f" for {self.car_name(data['car'])}"
                line = f"{who}: {c['name']} {self.card_label(c)}{target}".replace("  ", " ")
                tl.cue(t, lambda line=line, p=e.player: self.showing(p, line))
                tl.add(t, (PLAYED_MS + 200) * tempo, "show", card=c, label=f"{who} plays")
                tl.cue(t, "card_flip")
                t += (PLAYED_MS if e.player in self.bots else PLAYED_MS // 2) * tempo
            elif k == REVEALED:
                tl.add(t, (REVEAL_MS + 400) * tempo, "show", card=data["card"], label="turned up")
                tl.cue(t, "card_flip")
                t += REVEAL_MS * tempo
            elif k in (MOVED, FINISHED):
                t += self.glide(e, t, tempo)
            elif k in (STEERED, PLACED):
                car = data["car"]
                r1, l1 = data["to"]
                r0, l0 = data["from"] if k == STEERED else (r1 - 1, l1)
                tl.add(t, SHIFT_MS * tempo, "glide", ease=ease_out, car=car, s0=r0 + 0.5, l0=l0,
                       s1=r1 + 0.5, l1=l1, gone=False, appear=k == PLACED)
                tl.cue(t, "move")
                t += SHIFT_MS * tempo
            elif k == FORFEIT:
                text = f"{capital(self.car_name(data['car']))} cannot end its move there"
                tl.cue(t, lambda text=text: self.say(text + ": no move"))
                tl.cue(t, "thump")
                t += PAUSE_MS * tempo
            elif k == DEAD_CARD:
                tl.cue(t, lambda: self.say("No car for this card: it is simply played"))
                t += PAUSE_MS * tempo
            elif k == RESHUFFLED:
                tl.cue(t, lambda: self.say("The played cards are shuffled: a new draw pile"))
                tl.cue(t, "card_flip")
            elif k == DREW and e.player not in self.bots:
                tl.cue(t, "confirm")
            elif k == GAME_OVER:
                tl.cue(t, "go")  # (the results screen plays "win")
        tl.hold(t)

    def glide(self, e, t: float, tempo: float) -> float:
        """A car driving from space to space (or over the line), its sounds and its line in the
        infield; returns how long it takes."""
        tl, data = self.timeline, e.data
        car = data["car"]
        r0, l0 = data["from"]
        if e.kind == FINISHED:
            s1, l1 = ROWS + 0.1, l0
        else:
            r1, l1 = data["to"]
            s1 = r1 + 0.5
        s0 = r0 + 0.5
        ms = (MOVE_MS + ROW_MS * abs(s1 - s0)) * tempo
        tl.add(t, ms, "glide", ease=ease_out, car=car, s0=s0, l0=l0, s1=s1, l1=l1,
               gone=e.kind == FINISHED, appear=False)
        back = e.kind == MOVED and data["to"][0] < r0
        tl.cue(t, "thump" if back else "move")
        name = self.car_name(car)
        line = None
        if e.kind == FINISHED:
            pts = data["points"]
            text = f"{capital(name)} is over the line: {ordinal(data['place'])}"
            line = text + (f", {plural(pts, 'point')}" if pts else "")
            tl.cue(t + ms, lambda line=line: self.say(line))
            tl.cue(t + ms, "confirm")
            return ms
        if data["why"] == SLIPSTREAM:
            line = "Slipstream! The car behind comes along."
        elif data["why"] == SKID:
            line = f"Schleudern! {capital(name)} skids back to the last car's row"
        elif data["why"] == RISIKO:
            line = (f"Safe card: {name} moves one row" if not back
                    else f"Risiko {data['rows']}: {name} goes back")
        if line:
            tl.cue(t, lambda line=line: self.say(line))
        return ms

    @staticmethod
    def card_label(c: dict) -> str:
        """The number after a card's name in the news ("Überholen +2"; none for Risiko and
        Gefahr, whose numbers are not moves)."""
        return "" if c["kind"] in (RISIKO, GEFAHR) else f"{c['value']:+d}"

    # -- input ----------------------------------------------------------------------------------
    def hand_of(self, p: int) -> list:
        return self.state.view(p)["hand"]

    def choices(self, p: int) -> dict:
        """The choices at each step of the pick, from the legal plays of player p."""
        view = self.view()
        legal = self.state.legal_actions(p)
        hand = [c["id"] for c in self.hand_of(p)]
        pick = self.pick
        card = hand[pick["card"] % len(hand)] if hand else None
        plays = [a for a in legal if isinstance(a, Play) and a.card == card]
        own = (2 * p, 2 * p + 1)
        cars_view = view["cars"]

        def order(c):
            row = cars_view[c]["row"] if c >= 0 else None
            return (c not in own, -(row if row is not None else -1), c)
        cars = sorted({a.car for a in plays}, key=order)
        car = cars[pick["car"] % len(cars)] if cars else None
        lanes = sorted({a.lane for a in plays if a.car == car})
        lane = lanes[pick["lane"] % len(lanes)] if lanes else None
        follows = sorted({a.follow for a in plays if a.car == car and a.lane == lane})
        follow = follows[pick["follow"] % len(follows)] if follows else None
        return {"card": card, "cars": cars, "car": car, "lanes": lanes, "lane": lane,
                "follows": follows, "follow": follow}

    def lane_now(self, view) -> int | None:
        """The lane under the cursor of the lane choice in the view (grid or after a turned-up
        card); it starts on the choice's default, so one A keeps that."""
        choice = view["lane_choice"]
        if choice is None:
            return None
        if self.lane_pick[0] != choice:
            self.lane_pick = (choice, choice["default"])
        return self.lane_pick[1]

    def press_to_action(self, p, press):
        if not press.down or p != self.state.current_player():
            return None
        view = self.view()
        phase = view["phase"]
        if phase in (GRID, STEER):
            return self.lane_press(p, press, view)
        if phase == RISK:
            if press.action == "a":
                return RiskAgain()
            if press.action == "b":
                return RiskStop()
            if press.action == "x":
                self.take_back(p)
            return None
        if phase == DRAW:
            if press.action == "a":
                return Draw()
            if press.action == "b":
                self.take_back(p)
            return None
        return self.pick_press(p, press)

    def lane_press(self, p, press, view):
        """Left / right move the lane cursor, A takes it, B takes back the last choice."""
        choice = view["lane_choice"]
        lane = self.lane_now(view)
        if press.action in ("left", "right", "up", "down"):
            lanes = choice["lanes"]
            step = 1 if press.action in ("right", "down") else -1
            self.lane_pick = (choice, lanes[(lanes.index(lane) + step) % len(lanes)])
            self.sound("move")
            return None
        if press.action == "a":
            return Place(lane) if choice["kind"] == PLACE_LANE else Steer(lane)
        if press.action == "b":
            self.take_back(p)
        return None

    def take_back(self, p: int) -> None:
        """B (or X in a Risiko run): the turn's last choice back, if the core allows it."""
        if self.undo(p):
            self.pick.update(stage="card", car=0, lane=0, follow=0)
            self.lane_pick = (None, None)
            self.on_screen = None
            self.say(f"{self.seat_name(p)} takes it back")
            self.sound("back")
        else:
            self.flash(p, "nothing to take back")
            self.sound("error")

    def pick_press(self, p, press):
        """The steps of a play: card, car, lane, the slipstreaming car's lane."""
        pick = self.pick
        stage = pick["stage"]
        step = {"left": -1, "up": -1, "right": 1, "down": 1}.get(press.action)
        if step is not None:
            pick[stage] += step
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
        if car is None or car < 0:
            return
        lane = self.view()["cars"][car]["lane"]
        if lane is not None and lane in opts["lanes"]:
            self.pick["lane"] = opts["lanes"].index(lane)

    def phone_extras(self, p: int) -> dict:
        """The phone's hand: the card cursor while a card is chosen, what A and B do."""
        extras = {"car_styles": [[list(rgb), shape] for rgb, shape, _ in self.styles],
                  "selected": None}
        view = self.view()
        turn = view["turn"]
        phase = view["phase"]
        if phase == OVER or turn != p:
            name = self.seat_name(turn) if phase != OVER else ""
            return {**extras, "prompt": f"{name} is playing" if name else ""}
        back = "take back" if self.can_undo(p) else ""
        if phase == GRID:
            which = "front" if view["lane_choice"]["car"] % 2 == 0 else "back"
            return {**extras, "prompt": f"Your {which} car: which lane? Look at the TV",
                    "labels": {"a": "here", "b": back}}
        if phase == STEER:
            return {**extras, "prompt": "Which lane? Look at the TV",
                    "labels": {"a": "this lane", "b": back}}
        if phase == RISK:
            return {**extras, "prompt": "Risiko on your own car!",
                    "labels": {"a": "one more card", "b": "stop"}}
        if phase == DRAW:
            return {**extras, "prompt": "Draw to end your turn",
                    "labels": {"a": "draw", "b": back}}
        stage = self.pick["stage"]
        if stage == "card":
            return {**extras, "selected": self.pick["card"] % max(1, len(self.hand_of(p))),
                    "prompt": "Choose a card: tap it, tap again to play",
                    "labels": {"a": "choose", "b": ""}}
        ask = {"car": "Which car? Look at the TV", "lane": "Which lane? Look at the TV",
               "follow": "Lane of the car behind? Look at the TV"}[stage]
        return {**extras, "prompt": ask, "labels": {"a": "go", "b": "back"}}

    # -- drawing --------------------------------------------------------------------------------
    def glide_at(self, car: int):
        """Where the timeline has car `car` now: (s, lane) on the track, "off" (not there: over
        the line, or not yet set on the grid), or None when it has nothing to say (the view
        tells)."""
        now = self.anim_ms
        if not self.timeline.busy(now):
            return None
        glides = [s for s in self.timeline.steps if s.kind == "glide" and s.data["car"] == car]
        if not glides:
            return None
        started = [s for s in glides if s.start <= now]
        if not started:
            g = glides[0].data
            return "off" if g["appear"] else (g["s0"], g["l0"])
        step = started[-1]
        g, k = step.data, step.progress(now)
        if now >= step.end:
            return "off" if g["gone"] else (g["s1"], g["l1"])
        return (g["s0"] + (g["s1"] - g["s0"]) * k,
                g["l0"] + (g["l1"] - g["l0"]) * min(1.0, k * 1.6))

    def car_place(self, car: int, view):
        """(point on the canvas, heading) where car `car` is drawn now, or None."""
        at = self.glide_at(car)
        if at == "off":
            return None
        if at is None:
            c = view["cars"][car]
            if c["row"] is None:
                return None
            at = (c["row"] + 0.5, c["lane"])
        s, lane = at
        return (self.track.point(s * ROW_LEN, self.track.lane_offset(lane)),
                self.track.heading(s * ROW_LEN))

    def chooser(self, view):
        """The human who chooses now with the TV's cursor (their hand uncovered), or None."""
        p = view["turn"]
        if view["phase"] == OVER or p in self.bots or self.covered() == p:
            return None
        return p

    def draw_table(self, canvas, view) -> None:
        paint.blit(canvas, art.track_surface(self.track), (0, 0))
        p = self.chooser(view)
        opts = self.choices(p) if p is not None and view["phase"] == PLAY else None
        if opts is not None:
            self.draw_targets(canvas, view, opts)
        lane_car = None
        if p is not None and view["lane_choice"] is not None:
            lane_car = self.draw_lane_choice(canvas, view)
        for car in range(len(view["cars"])):
            if car == lane_car:
                continue
            place = self.car_place(car, view)
            if place is not None:
                self.draw_car(canvas, car, view, *place)
        if opts is not None and self.pick["stage"] != "card" and opts["car"] is not None:
            pulse = look.pulse(self.anim_ms, 900)
            place = self.car_place(opts["car"], view)
            self.ring(canvas, place and place[0], look.mix(look.ACCENT, look.WHITE, pulse))
        if view["risk_car"] is not None and not self.busy():
            place = self.car_place(view["risk_car"], view)
            self.ring(canvas, place and place[0], look.ACCENT)
        if not self.timeline.playing(self.anim_ms, "show"):
            self.draw_news(canvas, view)
        self.draw_top_bar(canvas, view, opts)
        self.draw_side(canvas, view)
        self.draw_hand(canvas, view, opts)
        self.draw_shows(canvas)
        for who, text, _ in self.flashes:
            if who in self.seat_rects:
                look.flash_above(canvas, self.seat_rects[who], text)
        if view["phase"] == OVER and not self.busy():
            self.draw_end(canvas, view)

    def draw_car(self, canvas, car: int, view, point, heading) -> None:
        style = self.styles[colour_of(car)]
        surf = art.car_surface(style[0], style[1], view["cars"][car]["owner"] is not None,
                               heading)
        paint.blit(canvas, surf, paint.get_rect(surf, center=(int(point[0]), int(point[1]))))

    def draw_lane_choice(self, canvas, view) -> int:
        """The lanes the car may take in its row (the one under the cursor filled) and the car
        there, ringed; returns the car (drawn here, not where the view has it)."""
        choice = view["lane_choice"]
        lane = self.lane_now(view)
        for option in choice["lanes"]:
            chosen = option == lane
            paint.polygon(canvas, look.ACCENT if chosen else look.MUTED,
                          self.track.space_poly(choice["row"], option), 0 if chosen else 4)
        car = choice["car"]
        s = (choice["row"] + 0.5) * ROW_LEN
        point = self.track.point(s, self.track.lane_offset(lane))
        self.draw_car(canvas, car, view, point, self.track.heading(s))
        self.ring(canvas, point, look.mix(look.ACCENT, look.WHITE, look.pulse(self.anim_ms, 900)))
        return car

    def ring(self, canvas, point, colour, r: int = 44) -> None:
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
        ahead = preview(view, opts["card"], opts["car"])
        if ahead["kind"] != "row" or opts["lane"] is None or opts["lane"] < 0:
            return
        for lane in ahead["lanes"]:
            chosen = lane == opts["lane"]
            paint.polygon(canvas, look.ACCENT if chosen else look.MUTED,
                          self.track.space_poly(ahead["row"], lane), 0 if chosen else 4)
        if opts["follow"] is not None and opts["follow"] >= 0:
            for lane in ahead["follow_lanes"]:
                chosen = lane == opts["follow"]
                paint.polygon(canvas, look.GOOD if chosen else look.MUTED,
                              self.track.space_poly(ahead["follow_row"], lane),
                              0 if chosen and stage == "follow" else 4)

    def news_now(self, view) -> str:
        """The infield's line now: gone after NEWS_MS, and gone as soon as a person's turn has
        come when it is about somebody else's move (the header asks them, the centre must not
        still show the move before)."""
        text, since, seat = self.headline
        if not text or self.anim_ms - since > NEWS_MS:
            return ""
        turn = view["turn"]
        if (seat is not None and seat != turn and turn not in self.bots and not self.busy()
                and view["phase"] != OVER):
            return ""
        return text

    def draw_news(self, canvas, view) -> None:
        text = self.news_now(view)
        if not text:
            return
        x, y = self.track.cx, self.track.cy
        lines = look.wrap(text, look.BODY, 660)
        y -= (len(lines) - 1) * 22
        for line in lines[:3]:
            look.text(canvas, line, (x, y), look.BODY, look.TEXT, "center")
            y += 44

    def prompt(self, view, opts) -> tuple[int | None, str, list]:
        """The header: (the seat it is about, its line, [(key cap, meaning)]). While a move is
        still on screen it names whoever made it, not the next player."""
        if view["phase"] == OVER:
            return None, "The race is over!", []
        p = view["turn"]
        # While a move is on screen the header is about that move; a CPU to move next has
        # shown nothing yet, so the last move keeps the header while its line is in the centre.
        shown = self.on_screen
        if shown is not None and (self.busy() or (
                p in self.bots and shown[0] != p and self.news_now(view))):
            return (*shown, [])
        name = self.seat_name(p)
        phase = view["phase"]
        if p in self.bots:
            doing = "places a car" if phase == GRID else "is playing"
            return p, f"{name} (CPU) {doing} ...", []
        a, b = self.key_label(p, "a"), self.key_label(p, "b")
        back = [(b, "take back")] if self.can_undo(p) else []
        if self.covered() == p:
            return p, f"{name}: the others look away!", [(a, "show my cards")]
        if phase == GRID:
            which = "front" if view["lane_choice"]["car"] % 2 == 0 else "back"
            return p, f"{name}: where does your {which} car start?", \
                [("<>", "lane"), (a, "here")] + back
        if phase == STEER:
            car = self.car_name(view["lane_choice"]["car"])
            return p, f"{name}: which lane for {car}?", [("<>", "lane"), (a, "this lane")] + back
        if phase == RISK:
            caps = [(a, "another card"), (b, "stop")]
            if self.can_undo(p):
                caps.append((self.key_label(p, "x"), "take back"))
            return p, f"{name}: Risiko on your own car!", caps
        if phase == DRAW:
            return p, f"{name}: draw to end your turn", [(a, "draw")] + back
        stage = self.pick["stage"]
        if stage == "card" and self.hand_on_phone(p):
            return p, f"{name}: choose a card on your phone", []
        opts = opts or self.choices(p)
        if stage == "card":
            kind = self.hand_of(p)[self.pick["card"] % len(self.hand_of(p))]["kind"]
            what = "play this card" if len(opts["cars"]) > 1 or kind == RISIKO else "play"
            return p, f"{name}: choose a card", [("<>", "card"), (a, what)]
        if stage == "car":
            line = f"{name}: which car?"
            if preview(view, opts["card"], opts["car"])["kind"] == "forfeit":
                line += " (it cannot move: the card is lost)"
            return p, line, [("<>", "car"), (a, "this one"), (b, "back")]
        if stage == "lane":
            return p, f"{name}: which lane?", [("<>", "lane"), (a, "go"), (b, "back")]
        return p, f"{name}: lane of the car behind?", [("<>", "lane"), (a, "go"), (b, "back")]

    def draw_top_bar(self, canvas, view, opts) -> None:
        who, line, caps = self.prompt(view, opts)
        x = TOP_BAR.x
        if who is not None:
            icon = look.shape_icon(self.styles[who][1], self.styles[who][0], 20)
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
            active = p == view["turn"] and view["phase"] != OVER
            paint.rect(canvas, look.mix(look.PANEL, self.styles[p][0], 0.35), row,
                       border_radius=18)
            if active:
                paint.rect(canvas, look.WHITE, row.inflate(8, 8), 4, border_radius=22)
            icon = look.shape_icon(self.styles[p][1], self.styles[p][0], 18)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(row.x + 8, row.centery)))
            name = self.seat_name(p)
            if p in self.bots:
                name += " (CPU)"
            look.text(canvas, look.fit_text(name, look.SMALL, w - 130), (row.x + 62, row.centery),
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
            look.text(canvas, look.fit_text(who, look.SMALL, w - 160), (x + 96, y + 20), look.SMALL,
                      look.TEXT, "midleft")
            look.text(canvas, f"+{POINTS[place]}", (x + w, y + 20), look.SMALL, look.GOOD,
                      "midright")
            y += 42
        look.text(canvas, f"Draw pile: {view['draw_left']}", (x, SIDE.bottom - 20), look.SMALL,
                  look.MUTED, "bottomleft")

    def style_of(self, card: dict):
        if card["kind"] == WINDSCHATTEN:
            return self.styles[card["colour"]][:2]
        return None

    def draw_hand(self, canvas, view, opts) -> None:
        p = view["turn"]
        if view["phase"] == OVER:
            return
        n = view["hand_sizes"][p]
        # Laid out for a full hand: a hand a card short keeps its cards where they lay (and a
        # 4K frame redraws one card, not the whole row).
        slots = max(n, HAND)
        total = slots * CARD_SIZE[0] + (slots - 1) * CARD_GAP
        x0 = TRACK.centerx - total // 2
        if p in self.bots or self.covered() == p or self.hand_on_phone(p):
            for i in range(n):
                look.card_back(canvas, (x0 + i * (CARD_SIZE[0] + CARD_GAP), HAND_Y + 10,
                                        CARD_SIZE[0], CARD_SIZE[1] - 20))
            return
        hand = self.hand_of(p)
        chosen = self.pick["card"] % n if n else 0
        for i, card in enumerate(hand):
            selected = view["phase"] == PLAY and i == chosen
            rect = (x0 + i * (CARD_SIZE[0] + CARD_GAP), HAND_Y - (14 if selected else 0),
                    *CARD_SIZE)
            art.draw_card(canvas, card, rect, self.style_of(card),
                          look.ACCENT if selected else None)

    def draw_shows(self, canvas) -> None:
        live = self.timeline.playing(self.anim_ms, "show")
        if not live:
            return
        live = live[-3:]
        w, h = SHOW_CARD
        total = len(live) * w + (len(live) - 1) * 30
        x = TRACK.centerx - total // 2
        y = TRACK.centery - h // 2 - 10
        for step, _ in live:
            card = step.data["card"]
            art.draw_card(canvas, card, (x, y, w, h), self.style_of(card))
            label = step.data["label"]
            s = look.text_surface(look.fit_text(label, look.SMALL, w + 20), look.SMALL, look.WHITE)
            box = paint.get_rect(s, midtop=(x + w // 2, y + h + 12)).inflate(20, 8)
            paint.rect(canvas, look.INK, box, border_radius=box.height // 2)
            paint.blit(canvas, s, paint.get_rect(s, center=box.center))
            x += w + 30

    def draw_end(self, canvas, view) -> None:
        light = view["highlight"]
        lines = look.wrap(self.named(light["text"]), look.SMALL, 820) if light else []
        box = pygame.Rect(0, 0, 900, 200 + 64 * self.players + 38 * len(lines[:3]))
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
            look.text(canvas, plural(scores[p], "point"), (box.right - 80, y + 24), look.BODY,
                      look.ACCENT, "midright")
            y += 64
        for line in lines[:3]:
            look.text(canvas, line, (box.centerx, y + 8), look.SMALL, look.TEXT, "midtop")
            y += 38
        self.draw_on_to_results(canvas, (box.centerx, box.bottom - 16))


SCENE = FlotteFlitzerScene
tile_art = art.tile_art
