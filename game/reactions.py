"""Reaction times: the one record the games (and drills) report, and the one summary of them.

A core reports measured reactions in the data of the event that settles them (a round's
result, a closed catch), as `data["reactions"]`: a list of `Reaction` records turned into
dicts (`as_data`). The game scene records every one of them (scenes/game_scene.py), for the
results screen and the stats store, by this single route. `summary` is the one place a median
and a best are taken: over the correct reactions only, since a wrong slap is not a fast one.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Iterable, NamedTuple


@dataclass(frozen=True)
class Reaction:
    player: int        # the seat (player index) that reacted
    kind: str          # what was measured: "grab", "first_box", "slap", "simple" ...
    ms: float          # from the stimulus on screen to the press's stamp
    correct: bool = True

    def as_data(self) -> dict:
        return reaction_data(self.player, self.kind, self.ms, self.correct)


def reaction_data(player: int, kind: str, ms: float, correct: bool = True) -> dict:
    """Reaction(player, kind, ms, correct).as_data() without making the record first: a catch
    or a round reports many, and a frozen record costs more to make than the dict. (Written
    out rather than dataclasses.asdict, which deep-copies every scalar field.)"""
    return {"player": player, "kind": kind, "ms": ms, "correct": correct}


class Summary(NamedTuple):
    count: int              # every reaction
    correct: int            # the correct ones
    median_ms: float | None  # over the correct ones (None when there are none)
    best_ms: float | None


def summary(samples: Iterable) -> Summary:
    """Summary of (ms, correct) pairs or Reaction records."""
    pairs = [(s.ms, s.correct) if isinstance(s, Reaction) else (s[0], s[1]) for s in samples]
    good = [ms for ms, ok in pairs if ok]
    return Summary(len(pairs), len(good), statistics.median(good) if good else None,
                   min(good) if good else None)


def from_event(event) -> list[Reaction]:
    """The reactions an event reports (data["reactions"]), as records."""
    data = event.data if isinstance(event.data, dict) else {}
    return [Reaction(**r) for r in data.get("reactions", ())]
