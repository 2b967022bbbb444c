"""Reaction drills: pure, seeded, clock-free rules for practising reaction speed.

Five drills (DRILLS), each a real-time game for 1 to 8 players side by side, spoken through the
games' own protocol (game.core): `INFOS[drill_id].new(players, options, seed)`, then
apply(p, action, t), tick(t), next_deadline(), view(p), outcome(). They are not in game.GAMES:
they are practice, not games of the select screen. Option "trials" (1..MAX_TRIALS; each drill
has a default between 10 and 30).

A drill is a row of trials, all drawn from the seed when it is made. Each trial:

    fore    the fore-period: a random wait (uniform in the drill's range, whole ms), so nobody
            can time the stimulus. A press now is a FALSE START: its ms (t - onset) is < 0, and
            that player is out of the trial;
    open    the stimulus is shown (event "stimulus"; a scene holds game time at its onset until
            the flip that shows it, so ms are from the stimulus on screen). The first response
            counts, ms = t - onset. Under ANTICIPATION_MS it is an ANTICIPATION: no real
            reaction to what was seen, so it is not correct. The trial closes when every player
            has answered, or the drill's window after the onset;
    shown   FEEDBACK_MS showing everyone's result, then the next trial (a READY_MS pause comes
            before the first one: presses then are only early, not false starts).

Per drill (what a correct response is; `verdict` of a result in brackets):

    simple   one stimulus, one button (Respond(0)): any response from ANTICIPATION_MS on ("ok")
    choice   one of four colours lights up (CHOICE_COLOURS; the face buttons' colours):
             Respond(that colour's index) ("ok"); another index ("wrong")
    go_nogo  a target (press: "ok") or, in LURE_SHARE of the trials, a lure (hold back for the
             whole window: "held" is correct with no time; a press is an error, "lure")
    waybill  Flotter Otter's waybill sprint (game.flotter_otter's actions, game.waybills' cards):
             stack all five boxes in the order of either feature, up or down, then Grab(): the
             grab's time counts ("ok"; a stack that matches no feature: "wrong")
    slap     Fliegen klatschen's catch (game.fliegen_klatschen's rules): four flies lie face up
             around a face-down card at the PLACES; it turns over. A swatter, or a fly that makes
             five colours face up, opens a catch: slap a fly of the most represented colour
             (Respond(its place)). Any other fly is a lure: hold back ("held"); a slap is "lure"

A go trial nobody answered is a "miss" (no time, not correct); a false start is "early".
Results: {"trial", "player", "ms", "correct", "false_start", "anticipation", "verdict"}, one per
player per trial, in `state.records` and in the event "trial_over". They are what the
reaction-time store keeps (shell.stats: kind = the drill's kind, ms, correct, false_start).

`figures(records, player)` sums a run up for its summary screen; `versus(median, medians)`
compares it with a player's last sessions. DrillBot plays any drill at a human pace (the CPU
rivals and `main.py demo practice`).
"""

from __future__ import annotations

import copy
import random
import statistics
from dataclasses import dataclass

from .bots import MISTAKE_RATE, Bot, ReactionModel, bot_levels
from .bots import SIMPLE as SIMPLE_RT
from .bots.fliegen_klatschen import PLAYERS as FLY_PLAYERS
from .bots.flotter_otter import BOXES
from .bots.flotter_otter import PLAYERS as OTTER_PLAYERS
from .core import SIMULTANEOUS, TERMINAL, Event, GameInfo, IllegalAction, Outcome, State
from .fliegen_klatschen import CATCH_MS, SWATTER, catch_opens, catchable_colours
from .fliegen_klatschen import deck as fly_deck
from .flotter_otter import Grab, PlaceBox, Undo
from .norms import hick_ms
from .waybills import COLOURS as BOX_COLOURS
from .waybills import DECK_SIZE, LEGIBILITY, card

ANTICIPATION_MS = 100   # faster than this after the onset is no reaction to what was seen
READY_MS = 2000         # before the first trial: "get ready" (presses are early, nothing more)
FEEDBACK_MS = 1000      # everyone's result stays this long before the next trial
LURE_SHARE = 0.25       # go/no-go and slap: this share of the trials are lures
MAX_TRIALS = 30
MAX_PLAYERS = 8

CHOICE_COLOURS = ("green", "red", "blue", "yellow")  # Respond(i) in the choice drill
PLACES = ("up", "right", "down", "left")             # the slap drill's flies, around the trigger


@dataclass(frozen=True)
class Drill:
    """One drill: `kind` is what the reaction-time store calls its times; `fore` the range of
    the fore-period and `window` how long a stimulus waits for answers (ms)."""

    id: str
    name: str
    kind: str
    pitch: str
    trials: int
    fore: tuple
    window: int


DRILLS: dict[str, Drill] = {d.id: d for d in (
    Drill("simple", "Simple reaction", "simple",
          "Press as soon as the light turns green.", 15, (1500, 4000), 1500),
    Drill("choice", "Choice reaction", "choice",
          "One of four colours lights up: press its button.", 20, (1000, 3000), 2000),
    Drill("go_nogo", "Go / no-go", "go_nogo",
          "Press for the green circle, hold back for the red square.", 20, (1200, 3500), 1000),
    Drill("waybill", "Waybill sprint", "waybill",
          "Read the waybill, stack your five boxes, grab!", 10, (1500, 3000), 20_000),
    Drill("slap", "Slap drill", "slap",
          "Swatter or fifth colour: slap a fly of the commonest colour.", 12, (1500, 4000),
          CATCH_MS),
)}


# -- actions ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Respond:
    """A response: 0 in the simple and go/no-go drills, the colour's index in the choice drill
    (CHOICE_COLOURS), the fly's place in the slap drill (PLACES)."""

    choice: int = 0


def answers(drill_id: str) -> int:
    """How many different Respond choices the drill has (0: it answers with Grab)."""
    return {"simple": 1, "go_nogo": 1, "choice": len(CHOICE_COLOURS), "slap": len(PLACES),
            "waybill": 0}[drill_id]


# -- making the trials --------------------------------------------------------------------------

def make_trials(drill: Drill, n: int, rng: random.Random) -> list[dict]:
    """n trials: {"fore": ms, "go": bool, ...} with the drill's stimulus: "target" (choice),
    "waybill" (waybill), "flies" [[colour, value] x 4], "trigger" [face, value] and "targets"
    (the places that may be slapped) (slap). Lures are an exact share, in random order."""
    lures = round(n * LURE_SHARE) if drill.id in ("go_nogo", "slap") else 0
    go = [False] * lures + [True] * (n - lures)
    rng.shuffle(go)
    waybills = rng.sample(range(DECK_SIZE), n) if drill.id == "waybill" else []
    trials = []
    for i in range(n):
        trial = {"fore": rng.randint(*drill.fore), "go": go[i]}
        if drill.id == "choice":
            trial["target"] = rng.randrange(len(CHOICE_COLOURS))
        elif drill.id == "waybill":
            trial["waybill"] = waybills[i]
        elif drill.id == "slap":
            trial.update(_slap_table(go[i], rng))
        trials.append(trial)
    return trials


def _slap_table(go: bool, rng: random.Random) -> dict:
    """Four face-up flies and the card that turns: a swatter (most go trials), a fly of a fifth
    colour (some go trials: then every fly may be slapped), or a lure: a fly that opens no
    catch. A swatter's table always has a most represented colour that not every fly has."""
    flies = [c for c in fly_deck() if c[0] != SWATTER]
    five = go and rng.random() < 0.25
    while True:
        table = rng.sample(flies, 4)
        colours = {c for c, _ in table}
        if five and len(colours) != 4:
            continue
        if go and not five:
            trigger = (SWATTER, 0)
        else:
            others = [c for c in flies if c not in table]
            trigger = rng.choice([c for c in others if (c[0] not in colours) == five])
        faces = [c for c, _ in table] + [trigger[0]]
        opens = catch_opens(faces, trigger[0])
        catchable = catchable_colours(faces) if opens else []
        targets = [i for i, (c, _) in enumerate(table) if c in catchable]
        if opens != go or (go and not five and len(targets) == 4):
            continue  # (a lure must not open a catch; a swatter must leave some flies wrong)
        return {"flies": [list(c) for c in table], "trigger": list(trigger), "targets": targets}


# -- the state ----------------------------------------------------------------------------------

class DrillState(State):
    """Phases: "ready", then per trial "fore", "open", "shown"; "over" at the end.

    Current trial: `trial` (index), `onset` (game ms of its stimulus once shown), `answers[p]`
    ({"done", "ms", "choice", "false_start", "stack"}). `deadline` is when the phase ends by
    itself (in "fore": the coming onset, which views never show)."""

    def __init__(self, drill_id: str, players: int, options: dict, seed: int):
        self.drill_id = drill_id
        super().__init__(players, options, seed)
        n = self.options["trials"]
        if not (isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_TRIALS):
            raise ValueError(f"trials must be a whole number 1 to {MAX_TRIALS}, not {n!r}")
        self.trials = make_trials(DRILLS[drill_id], n, self.rng)
        self.trial = -1
        self.phase = "ready"
        self.deadline: int | None = READY_MS
        self.fore_started = 0
        self.onset: int | None = None
        self.answers: list = [self._blank() for _ in range(players)]
        self.records: list = []
        self.last: list = []  # the results of the trial last closed

    @property
    def info(self) -> GameInfo:  # (a property: the state's snapshot holds the drill's id only)
        return INFOS[self.drill_id]

    @property
    def drill(self) -> Drill:
        return DRILLS[self.drill_id]

    @staticmethod
    def _blank() -> dict:
        return {"done": False, "ms": None, "choice": None, "false_start": False, "stack": []}

    # -- the protocol ---------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == "over" else SIMULTANEOUS

    def legal_actions(self, player: int) -> list:
        if self.phase not in ("fore", "open") or self.answers[player]["done"]:
            return []
        if self.drill_id != "waybill":
            return [Respond(i) for i in range(answers(self.drill_id))]
        stack = self.answers[player]["stack"]
        return ([PlaceBox(c) for c in BOX_COLOURS if c not in stack]
                + ([Undo()] if stack else []) + [Grab()])

    def next_deadline(self) -> int | None:
        return self.deadline

    def _tick(self, t: int) -> list[Event]:
        events: list = []
        while self.deadline is not None and self.deadline <= t:
            due = self.deadline
            if self.phase in ("ready", "shown"):
                events += self._next_trial(due)
            elif self.phase == "fore":
                events += self._show(due)
            else:
                events += self._close(due)
        return events

    def _apply(self, player: int, action) -> list[Event]:
        if self.phase not in ("fore", "open"):
            raise IllegalAction("wait for the next trial",
                                f"the drill is in its {self.phase} phase")
        mine = self.answers[player]
        if mine["done"]:
            raise IllegalAction("already answered", f"trial {self.trial + 1}")
        if isinstance(action, Respond) and not (
                isinstance(action.choice, int) and 0 <= action.choice < answers(self.drill_id)):
            raise IllegalAction("no such answer", repr(action.choice))
        if isinstance(action, PlaceBox) and action.colour not in BOX_COLOURS:
            raise IllegalAction("no such box", repr(action.colour))
        if self.phase == "fore":  # before the stimulus: whatever it was, it is too soon
            mine.update(done=True, false_start=True, ms=self.now - self.deadline)
            events = [Event("answer", player, {"trial": self.trial, "ms": mine["ms"],
                                               "verdict": "early"})]
            if all(a["done"] for a in self.answers):
                events += self._close(self.now)  # everyone is out: no stimulus to wait for
            return events
        stack = mine["stack"]
        if isinstance(action, PlaceBox):
            if action.colour in stack:
                raise IllegalAction("each box once", f"{action.colour} is already stacked")
            stack.append(action.colour)
            return [Event("box_placed", player, {"colour": action.colour, "height": len(stack)})]
        if isinstance(action, Undo):
            if not stack:
                raise IllegalAction("nothing to undo", "the stack is empty")
            colour = stack.pop()
            return [Event("box_removed", player, {"colour": colour, "height": len(stack)})]
        mine.update(done=True, ms=self.now - self.onset,
                    choice=action.choice if isinstance(action, Respond) else None)
        result = self._result(player)
        events = [Event("answer", player, {"trial": self.trial, "ms": mine["ms"],
                                           "verdict": result["verdict"],
                                           "correct": result["correct"]})]
        if all(a["done"] for a in self.answers):
            events += self._close(self.now)
        return events

    # -- trials ---------------------------------------------------------------------------------

    def _next_trial(self, at: int) -> list[Event]:
        self.trial += 1
        self.onset = None
        self.answers = [self._blank() for _ in range(self.players)]
        if self.trial >= len(self.trials):
            self.phase, self.deadline = "over", None
            return [Event("drill_over", None, {"trials": len(self.trials)})]
        self.phase = "fore"
        self.fore_started = at
        self.deadline = at + self.trials[self.trial]["fore"]
        return [Event("trial_ready", None, {"trial": self.trial, "trials": len(self.trials)})]

    def _show(self, at: int) -> list[Event]:
        self.phase = "open"
        self.onset = at
        self.deadline = at + self.drill.window
        return [Event("stimulus", None, {"trial": self.trial, "onset": at,
                                         "stimulus": self.stimulus()})]

    def _close(self, at: int) -> list[Event]:
        results = [self._result(p) for p in range(self.players)]
        self.records += results
        self.last = results
        self.phase = "shown"
        self.deadline = at + FEEDBACK_MS
        return [Event("trial_over", None, {"trial": self.trial, "results": results})]

    def _result(self, p: int) -> dict:
        """Player p's result in the current trial, as it stands (see the module docstring)."""
        mine = self.answers[p]
        trial = self.trials[self.trial]
        ms, anticipation = mine["ms"], False
        if mine["false_start"]:
            verdict = "early"
        elif ms is None:
            verdict = "miss" if trial["go"] else "held"
        elif not trial["go"]:
            verdict = "lure"
        elif ms < ANTICIPATION_MS:
            verdict, anticipation = "anticipation", True
        elif self.drill_id == "choice":
            verdict = "ok" if mine["choice"] == trial["target"] else "wrong"
        elif self.drill_id == "slap":
            verdict = "ok" if mine["choice"] in trial["targets"] else "wrong"
        elif self.drill_id == "waybill":
            right = card(trial["waybill"]).matches(mine["stack"]) is not None
            verdict = "ok" if right else "wrong"
        else:
            verdict = "ok"
        return {"trial": self.trial, "player": p, "ms": ms, "correct": verdict in ("ok", "held"),
                "false_start": mine["false_start"], "anticipation": anticipation,
                "verdict": verdict}

    def stimulus(self) -> dict | None:
        """What the current trial shows once its stimulus is on: {"go", and "target" |
        "waybill" | "flies", "trigger"}; None before. (The slap drill's flies lie face up from
        the start of the trial: view["table"].)"""
        if self.phase not in ("open", "shown") or not 0 <= self.trial < len(self.trials):
            return None
        trial = self.trials[self.trial]
        return {k: v for k, v in trial.items() if k not in ("fore", "targets")}

    # -- results --------------------------------------------------------------------------------

    def outcome(self) -> Outcome:
        """Scores: each player's median of correct times (ms, rounded; None without one). The
        fastest median wins; nobody wins a drill without a correct time."""
        medians = [figures(self.records, p)["median_ms"] for p in range(self.players)]
        scores = [None if m is None else round(m) for m in medians]
        timed = [m for m in medians if m is not None]
        winners = [p for p, m in enumerate(medians) if timed and m == min(timed)]
        return Outcome(scores=scores, winners=winners, verdict=self.drill.name)

    def view(self, player: int | None) -> dict:
        """Public: everyone watches the same screen. The coming onset (the fore-period's end)
        and the coming trials never appear; a trial's stimulus only once it is shown."""
        trial = self.trials[self.trial] if 0 <= self.trial < len(self.trials) else None
        table = None
        if trial is not None and self.drill_id == "slap" and self.phase in ("fore", "open",
                                                                             "shown"):
            table = [list(f) for f in trial["flies"]]
        history = [[] for _ in range(self.players)]
        for r in self.records:
            history[r["player"]].append([r["ms"], r["verdict"]])
        return {
            "you": player, "drill": self.drill_id, "kind": self.drill.kind,
            "phase": self.phase, "now": self.now, "trial": self.trial,
            "trials": len(self.trials), "onset": self.onset,
            "since": self.fore_started if self.phase == "fore" else None,
            "deadline": self.deadline if self.phase != "fore" else None,
            "stimulus": self.stimulus(), "table": table,
            "players": [{"done": a["done"], "ms": a["ms"], "stack": list(a["stack"]),
                         "choice": a["choice"],
                         "verdict": self._result(p)["verdict"] if a["done"] else None}
                        for p, a in enumerate(self.answers)],
            "results": [dict(r) for r in self.last] if self.phase == "shown" else None,
            "history": history,
        }

    # -- copies and checks ----------------------------------------------------------------------

    def check_invariants(self) -> None:
        closed = max(0, self.trial) + (1 if self.phase == "shown" else 0)
        assert len(self.records) == self.players * closed, "one result a player a trial"
        assert self.phase in ("ready", "fore", "open", "shown", "over")
        assert (self.deadline is None) == (self.phase == "over")
        assert (self.onset is not None) == (self.phase in ("open", "shown"))
        for a in self.answers:
            assert len(set(a["stack"])) == len(a["stack"]) <= len(BOX_COLOURS)
            assert not a["false_start"] or (a["done"] and a["ms"] < 0)
        for r in self.records:
            assert r["correct"] == (r["verdict"] in ("ok", "held"))
            assert r["false_start"] == (r["verdict"] == "early")

    def hidden_variant(self, player: int | None, rng: random.Random) -> "DrillState":
        """The trials not shown yet drawn anew, and a fore-period still running (the slap
        drill keeps the current trial's table and card: its flies are face up)."""
        variant = copy.deepcopy(self)
        fresh = make_trials(self.drill, len(self.trials), random.Random(rng.random()))
        for i in range(max(0, self.trial), len(self.trials)):
            if i > self.trial:
                variant.trials[i] = fresh[i]
            elif self.phase == "fore":
                kept = self.trials[i] if self.drill_id == "slap" else fresh[i]
                variant.trials[i] = {**kept, "fore": fresh[i]["fore"]}
                variant.deadline = max(self.fore_started + fresh[i]["fore"], self.now + 1)
        variant.rng = random.Random(rng.random())
        return variant


# -- summing up ---------------------------------------------------------------------------------

def figures(records: list, player: int | None = None) -> dict:
    """A run's figures for one player (None: everyone's records together), as the summary
    shows them and as shell.stats counts them: trials (all), count (trials without false
    starts), correct, accuracy (correct / count; None for none), false_starts, anticipations,
    errors (wrong answers and presses on lures), misses, and over the correct times: median_ms,
    best_ms and spread_ms (the interquartile range; None with fewer than two times)."""
    mine = [r for r in records if player is None or r["player"] == player]
    trials = [r for r in mine if not r["false_start"]]
    good = sorted(r["ms"] for r in trials if r["correct"] and r["ms"] is not None)
    correct = sum(1 for r in trials if r["correct"])
    spread = None
    if len(good) >= 2:
        q1, _, q3 = statistics.quantiles(good, n=4, method="inclusive")
        spread = q3 - q1
    return {
        "trials": len(mine), "count": len(trials), "correct": correct,
        "accuracy": correct / len(trials) if trials else None,
        "false_starts": len(mine) - len(trials),
        "anticipations": sum(1 for r in mine if r["anticipation"]),
        "errors": sum(1 for r in mine if r["verdict"] in ("wrong", "lure")),
        "misses": sum(1 for r in mine if r["verdict"] == "miss"),
        "median_ms": statistics.median(good) if good else None,
        "best_ms": good[0] if good else None,
        "spread_ms": spread,
    }


def versus(median: float | None, earlier: list, last: int = 5) -> tuple[float, int] | None:
    """How a run's median compares with the player's own last sessions: (this median minus the
    median of the last `last` session medians, how many sessions that is); None when either
    side has no time. Negative is faster."""
    medians = [m for m in earlier if m is not None][-last:]
    if median is None or not medians:
        return None
    return median - statistics.median(medians), len(medians)


# -- bots ---------------------------------------------------------------------------------------

# Per level. A choice among four costs what Hick's law says on top of a simple reaction (the
# norms' fit: about 145 ms); telling a target from a lure costs a little too (go/no-go times
# run longer than simple ones).
CHOICE_EXTRA_MS = hick_ms(len(CHOICE_COLOURS)) - hick_ms(1)
NOGO_EXTRA_MS = 60
FALSE_START_RATE = {"easy": 0.06, "normal": 0.03, "hard": 0.01}   # per trial
LURE_PRESS_RATE = {"easy": 0.30, "normal": 0.15, "hard": 0.06}    # presses on a lure
EARLY = ReactionModel(mu=900, sigma=300, tau=300, floor=200)     # when a false start comes


class DrillBot(Bot):
    """Plays any drill at a human pace from its view: game.bots' reaction models, Flotter
    Otter's reading and pressing times for the waybill, Fliegen klatschen's deciding and
    scanning times for the slap drill, now and then a false start or a press on a lure."""

    def __init__(self, seat: int, seed: int, level: str = "normal"):
        super().__init__(seat, seed, level)
        self.key = None
        self.plan: list = []  # [(due ms, action)], in order

    def poll(self, view: dict, legal: list, now: int):
        if not legal:
            self.plan = []
            return [], None
        key = (view["trial"], view["phase"])
        if key != self.key:
            self.key = key
            self.plan = self._make_plan(view, now)
        if self.plan and self.plan[0][0] <= now:
            _, action = self.plan.pop(0)
            if action not in legal:
                self.plan = []
                return [], None
            return [action], self.plan[0][0] if self.plan else None
        return [], self.plan[0][0] if self.plan else None

    def _rt(self, extra: float = 0) -> int:
        return SIMPLE_RT[self.level].sample(self.rng) + int(extra)

    def _make_plan(self, view: dict, now: int) -> list:
        drill, level, rng = view["drill"], self.level, self.rng
        first = PlaceBox(BOX_COLOURS[0]) if drill == "waybill" else Respond(0)
        if view["phase"] == "fore":
            if rng.random() < FALSE_START_RATE[level]:
                return [(now + EARLY.sample(rng), first)]
            return []
        stimulus = view["stimulus"]
        if view["phase"] != "open" or stimulus is None:
            return []
        if drill == "simple":
            return [(now + self._rt(), Respond(0))]
        if drill == "go_nogo":
            if stimulus["go"]:
                return [(now + self._rt(NOGO_EXTRA_MS), Respond(0))]
            if rng.random() < LURE_PRESS_RATE[level]:
                return [(now + self._rt(), Respond(0))]
            return []
        if drill == "choice":
            answer = stimulus["target"]
            if rng.random() < MISTAKE_RATE[level]:
                answer = rng.choice([i for i in range(len(CHOICE_COLOURS)) if i != answer])
            return [(now + self._rt(CHOICE_EXTRA_MS), Respond(answer))]
        if drill == "slap":
            return self._slap_plan(view, stimulus, now)
        return self._waybill_plan(stimulus, now)

    def _slap_plan(self, view: dict, stimulus: dict, now: int) -> list:
        level, rng = self.level, self.rng
        flies = view["table"]
        trigger = stimulus["trigger"][0]
        faces = [c for c, _ in flies] + [trigger]
        if catch_opens(faces, trigger):
            catchable = catchable_colours(faces)
            right = [i for i, (c, _) in enumerate(flies) if c in catchable]
            wrong = [i for i in range(len(flies)) if i not in right]
            pick = rng.choice(right)
            if wrong and rng.random() < FLY_PLAYERS[level].wrong:
                pick = rng.choice(wrong)
        elif rng.random() < LURE_PRESS_RATE[level]:
            pick = rng.randrange(len(flies))
        else:
            return []
        # the game's CPU model (game/bots/fliegen_klatschen.py): choosing among the colours
        # face up, scanning each card
        who = FLY_PLAYERS[level]
        colours = len({c for c in faces if c != SWATTER})
        extra = who.choose * (hick_ms(max(1, colours)) - hick_ms(1)) + who.scan_ms * len(faces)
        return [(now + self._rt(extra), Respond(pick))]

    def _waybill_plan(self, stimulus: dict, now: int) -> list:
        """Read one feature's order, stack it (now and then two boxes swapped), grab: the
        game's CPU model (game/bots/flotter_otter.py), less its slips' repairs."""
        level, rng = self.level, self.rng
        who = OTTER_PLAYERS[level]
        waybill = card(stimulus["waybill"])
        feature = rng.randrange(2)
        legibility = LEGIBILITY[waybill.features[feature].kind]
        order = list(waybill.orders[feature])
        if rng.random() < 0.5:
            order.reverse()
        if rng.random() < who.mistake:
            i = rng.randrange(len(order) - 1)
            order[i], order[i + 1] = order[i + 1], order[i]
        press_ms = who.press * hick_ms(BOXES)
        t = now + self._rt(who.orient_ms)
        plan = []
        for k, colour in enumerate(order):
            left = BOXES - k
            if left > 1:
                t += int(who.compare_ms * (left - 1) / legibility)
            t += int(press_ms)
            plan.append((t, PlaceBox(colour)))
        plan.append((t + self._rt(), Grab()))
        return plan


def _info(drill: Drill) -> GameInfo:
    actions = (PlaceBox, Undo, Grab) if drill.id == "waybill" else (Respond,)
    return GameInfo(
        id=drill.id, name=drill.name, min_players=1, max_players=MAX_PLAYERS, realtime=True,
        cooperative=False, pitch=drill.pitch,
        new=lambda players, options, seed, d=drill.id: DrillState(d, players, options, seed),
        action_types=actions, bots=bot_levels(DrillBot), default_options={"trials": drill.trials})


INFOS: dict[str, GameInfo] = {d.id: _info(d) for d in DRILLS.values()}
