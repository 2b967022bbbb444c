"""The speed work on the rules cores and bots changed no game: same seeds, same games.

`RECORDED` holds fingerprints made by the code as it was before the speed work (commit
8f7da41), with `bench/record_equivalence.py --root DIR` (DIR: that commit's tree, e.g. from
`git archive 8f7da41 game | tar -x -C DIR`). Each fingerprint is

* a whole game with bots (`play`): a digest of its log and its final state hash, for a few
  seeds per game, player count and bot level (random, easy, normal, hard) and some options;
* a random walk (the conformance tests' walk): a digest of every seat's view and legal
  actions (and the table view) after every step, so views and legal actions kept their
  content, not only the games their moves.

A deliberate change of a game's behaviour regenerates the table, and its commit says why.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from game import GAMES
from game.core import SIMULTANEOUS, Interrupt, encode_action
from game.runner import play

# (game, players, level, options) -> seeds; chosen so the whole table replays in seconds.
GAME_CASES = [
    ("flotter_otter", 2, ("random", "easy", "normal", "hard"), {}),
    ("flotter_otter", 8, ("random", "easy", "normal", "hard"), {}),
    ("flotter_otter", 4, ("hard",), {"series": True}),
    ("fliegen_klatschen", 2, ("random", "easy", "normal", "hard"), {}),
    ("fliegen_klatschen", 8, ("random", "easy", "normal", "hard"), {}),
    ("fliegen_klatschen", 5, ("normal",), {"remove": 48}),
    ("flotte_flitzer", 2, ("random", "easy", "normal", "hard"), {}),
    ("flotte_flitzer", 6, ("random", "easy", "normal", "hard"), {}),
    ("formula_fun", 2, ("random", "easy", "normal", "hard"), {}),
    ("formula_fun", 6, ("random", "easy", "normal", "hard"), {}),
    ("flixo", 1, ("random", "easy", "normal", "hard"), {}),
    ("flixo", 5, ("random", "easy", "normal", "hard"), {}),
    ("flixo", 3, ("hard",), {"level": 0, "large_displays": True}),
    ("flixo", 4, ("normal",), {"level": 4, "flixos": 10}),
]
GAME_SEEDS = (0, 1)
WALK_CASES = [(game_id, players) for game_id, info in sorted(GAMES.items())
              for players in sorted({info.min_players, info.max_players})]
WALK_SEEDS = (0, 1)
WALK_STEPS = 300


def digest(data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":"))
                          .encode()).hexdigest()[:16]


def game_key(game_id, players, level, options, seed) -> str:
    options = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game_id} {players}p {level} {options} seed {seed}".replace("  ", " ")


def game_fingerprint(game_id, players, level, options, seed) -> str:
    """The digest of the log and the final state hash of one whole game with bots."""
    state = play(GAMES[game_id], players, seed, level, options)
    return f"{digest(state.log)} {state.state_hash()}"


def walk_fingerprint(game_id, players, seed) -> str:
    """A digest of all views and legal actions along a random walk (as in test_conformance:
    random legal moves, interrupts now and then, random waits in real-time games)."""
    state = GAMES[game_id].new(players, {}, seed)
    rng = random.Random(seed)
    hasher = hashlib.sha256()
    realtime = state.info.realtime

    def look():
        for seat in [None, *range(players)]:
            hasher.update(json.dumps(state.view(seat), sort_keys=True).encode())
            if seat is not None:
                hasher.update(json.dumps([encode_action(a) for a in state.legal_actions(seat)])
                              .encode())

    look()
    for _ in range(WALK_STEPS):
        if state.is_terminal():
            break
        turn = state.current_player()
        seats = range(players) if turn == SIMULTANEOUS or realtime else [turn]
        moves = [(p, a) for p in seats for a in state.legal_actions(p)]
        if rng.random() > 0.01:
            moves = [(p, a) for p, a in moves if not isinstance(a, Interrupt)]
        deadline = state.next_deadline()
        if realtime and (not moves or rng.random() < 0.25):
            t = state.now + rng.randint(1, 700)
            state.tick(t if deadline is None else max(state.now, min(t, deadline)))
        else:
            player, action = rng.choice(moves)
            t = None
            if realtime:
                latest = state.now + 40 if deadline is None else max(state.now, deadline - 1)
                t = rng.randint(state.now, min(state.now + 40, latest))
            state.apply(player, action, t)
        look()
    hasher.update(state.state_hash().encode())
    return hasher.hexdigest()[:16]


def fingerprints() -> dict:
    """Every fingerprint of the table, computed by the code imported as `game`."""
    games = {}
    for game_id, players, levels, options in GAME_CASES:
        for level in levels:
            for seed in GAME_SEEDS:
                key = game_key(game_id, players, level, options, seed)
                games[key] = game_fingerprint(game_id, players, level, options, seed)
    walks = {f"{game_id} {players}p seed {seed}": walk_fingerprint(game_id, players, seed)
             for game_id, players in WALK_CASES for seed in WALK_SEEDS}
    return {"games": games, "walks": walks}


# Made by bench/record_equivalence.py from the code before the speed work (see above).
RECORDED: dict = {
    "games": {
        "fliegen_klatschen 2p easy seed 0": "b859eece4f604810 3ca7c4c73b895f77",
        "fliegen_klatschen 2p easy seed 1": "e1a408aade14a6d7 41013b768651b5d5",
        "fliegen_klatschen 2p hard seed 0": "0b961c7d0cbb8813 f3b767f326a21b4e",
        "fliegen_klatschen 2p hard seed 1": "9726495dbaa3431b 76df19f0174f9aca",
        "fliegen_klatschen 2p normal seed 0": "514ab88a2723547f 8e877e69dd014e22",
        "fliegen_klatschen 2p normal seed 1": "c0985bc2a1983acf 667f4d73ee735167",
        "fliegen_klatschen 2p random seed 0": "ef32cc4a5bea554d 6383fd0409c5b8e7",
        "fliegen_klatschen 2p random seed 1": "3be7fd6ed6aa628a ecb4447306a0ebdc",
        "fliegen_klatschen 5p normal remove=48 seed 0": "95eb3195c50f3dac f577ff441b4ec634",
        "fliegen_klatschen 5p normal remove=48 seed 1": "aebc13bc01084d3c c9d68f0fe4f4333e",
        "fliegen_klatschen 8p easy seed 0": "87a5f55eda9bd566 fa1a928e20deb09b",
        "fliegen_klatschen 8p easy seed 1": "d5a13f38b56e364b 0216cff4059d2400",
        "fliegen_klatschen 8p hard seed 0": "8c6e5b36ae9d06a6 17f5f83416ebf42c",
        "fliegen_klatschen 8p hard seed 1": "798c058c6b1a01da c8978f28d3b82fb1",
        "fliegen_klatschen 8p normal seed 0": "6155c7a827f8a9f7 7d9b56c5a212925e",
        "fliegen_klatschen 8p normal seed 1": "e9ff760ae3efe4bb df0f8916c9b08229",
        "fliegen_klatschen 8p random seed 0": "8cad682b36e9ac90 9e4dec7ff63b15a1",
        "fliegen_klatschen 8p random seed 1": "b98a985e352de0fd 4c5641638417cbcb",
        "flixo 1p easy seed 0": "4535f20259659a13 c92f5880c572d583",
        "flixo 1p easy seed 1": "c9dde723ac38371a c26b3b3d8b0f1892",
        "flixo 1p hard seed 0": "81bb689598a69004 99c66560263c8dfe",
        "flixo 1p hard seed 1": "a031bbc34b47fdb5 26d9d5a4c9b96f48",
        "flixo 1p normal seed 0": "6a00dce5f8576ea4 8ef68ff0dcfe1080",
        "flixo 1p normal seed 1": "40d93683b259e0b3 d6e39931f85bf0d9",
        "flixo 1p random seed 0": "523a7f506f9fd655 3ca9cff147204564",
        "flixo 1p random seed 1": "6119f8914b9da888 03d6f510fa4ac1f5",
        "flixo 3p hard level=0,large_displays=True seed 0": "750a377f40fb3085 a90c282c15d14064",
        "flixo 3p hard level=0,large_displays=True seed 1": "9aacbd9bf440931f 09f23d5dfdf557da",
        "flixo 4p normal level=4,flixos=10 seed 0": "23432c25e53394ef 979357ab65b7b81e",
        "flixo 4p normal level=4,flixos=10 seed 1": "a55c82ab247cf8c3 6641070ce317f15d",
        "flixo 5p easy seed 0": "bb40e705e8b8e1e2 501dd6cb0128c5c1",
        "flixo 5p easy seed 1": "6cd3c7b35921e845 f7f3b6997b78898a",
        "flixo 5p hard seed 0": "7a3848c2d179cec4 1ac767101457bd90",
        "flixo 5p hard seed 1": "cd54af9cb8fc2d87 169c9f324c275a05",
        "flixo 5p normal seed 0": "d5379fee6e62d171 6f37c1e090722ae3",
        "flixo 5p normal seed 1": "a2e8c7db05dc2429 4d15420ea544ac5c",
        "flixo 5p random seed 0": "cd2550dff7f47ff8 4ec83b28d1eddf71",
        "flixo 5p random seed 1": "e7c1a8b615a43797 6933ee33ebf6341d",
        "flotte_flitzer 2p easy seed 0": "86f271a88e5610cf d1c0a99545bc5362",
        "flotte_flitzer 2p easy seed 1": "fabbec5978709679 4e6906f4b08c46d5",
        "flotte_flitzer 2p hard seed 0": "0e1ebf1e115b3969 de88fdedff704756",
        "flotte_flitzer 2p hard seed 1": "7eeca2cde9e63f97 a2085d206aa3aaed",
        "flotte_flitzer 2p normal seed 0": "de7529f6d3a749a2 23a646fa07932bcb",
        "flotte_flitzer 2p normal seed 1": "6798ab78d03d36dc d225d09d94294171",
        "flotte_flitzer 2p random seed 0": "392cdc50cd1e562a e1225bb184ef119a",
        "flotte_flitzer 2p random seed 1": "073cc91d00d69dd3 3a87e1b6b9615afa",
        "flotte_flitzer 6p easy seed 0": "0ddbaedfceb96803 0912134d9f051486",
        "flotte_flitzer 6p easy seed 1": "9510b18b1e5b6e53 4cad935a872bed3d",
        "flotte_flitzer 6p hard seed 0": "4a309bd38b9a51ce 165cfcbcfd2f3525",
        "flotte_flitzer 6p hard seed 1": "8d99761319b9566a 9f76f99e161686c3",
        "flotte_flitzer 6p normal seed 0": "bbe5349aa92c253a 423772e410ffa2c6",
        "flotte_flitzer 6p normal seed 1": "f8da85f5ebeaa7ed 5584f38f77bff087",
        "flotte_flitzer 6p random seed 0": "4be3110bb9175352 85f818d362f93b69",
        "flotte_flitzer 6p random seed 1": "5e0890c22bcf7235 91b7ff6276c78efa",
        "flotter_otter 2p easy seed 0": "2e01a4240229cb79 47201784c60fac2d",
        "flotter_otter 2p easy seed 1": "03329fd65447dcc0 f1c35279e187c999",
        "flotter_otter 2p hard seed 0": "d62be90d65ed8cd9 eac52b82b635e511",
        "flotter_otter 2p hard seed 1": "a325d6248b7439e4 ac831b00151b5d4f",
        "flotter_otter 2p normal seed 0": "e2f99c603a90d6f4 0368420d1891f8f5",
        "flotter_otter 2p normal seed 1": "e63f3b9404d49d83 9b4c5b00256a2606",
        "flotter_otter 2p random seed 0": "f03b15fde3d56f5a 5b056a075f7d9a28",
        "flotter_otter 2p random seed 1": "78aa83ba48b30714 0fcdf50aff3f1cbd",
        "flotter_otter 4p hard series=True seed 0": "d7015158ac017581 5314895e3b0a97f6",
        "flotter_otter 4p hard series=True seed 1": "5484704c80cd7466 ae1ef27f66cb0ff6",
        "flotter_otter 8p easy seed 0": "0871a23ad800b6c6 02dd8f2b40ff91d2",
        "flotter_otter 8p easy seed 1": "dfb0c60727001094 e704143215923b5d",
        "flotter_otter 8p hard seed 0": "4b812c65a36a1f6b e1eb18a619520f2c",
        "flotter_otter 8p hard seed 1": "27d9510a7e96c0d7 df1e38096cc90875",
        "flotter_otter 8p normal seed 0": "80916e00cef21253 3a94707cb039c510",
        "flotter_otter 8p normal seed 1": "f4e7f671f98523a1 c2aa67852d982bef",
        "flotter_otter 8p random seed 0": "275cd93ec1d7cedd 684588967a15f908",
        "flotter_otter 8p random seed 1": "7ae0f9aaf7c920fe 61e114b7c753ffed",
        "formula_fun 2p easy seed 0": "d2aec15d609348a8 1dbdad3ff15b10ea",
        "formula_fun 2p easy seed 1": "264108eb827cbb68 36ba5185ae466e9c",
        "formula_fun 2p hard seed 0": "e26f89b7b6480bfd d62be2030e4f883c",
        "formula_fun 2p hard seed 1": "987e9c63910185e2 ebb081b1537fe316",
        "formula_fun 2p normal seed 0": "56b1341a7ec206ca 35ad2af8e048486d",
        "formula_fun 2p normal seed 1": "555f1a3673c9407b d3f9a6b956318e85",
        "formula_fun 2p random seed 0": "5dfd94d71f33f634 66ce0998c14a2be9",
        "formula_fun 2p random seed 1": "1e9062c7d992434a 3c55aa16b14d71cd",
        "formula_fun 6p easy seed 0": "648aa94d3b060a15 049ce50dd3021007",
        "formula_fun 6p easy seed 1": "0a00815ec5458793 f42f3d125d88be48",
        "formula_fun 6p hard seed 0": "6e5353fb49141a01 d5135ca34ad5030e",
        "formula_fun 6p hard seed 1": "6f634552274a48bd f2186057b242835f",
        "formula_fun 6p normal seed 0": "9a5bcfbac938ea15 ef30e361f6da776b",
        "formula_fun 6p normal seed 1": "6d86d2e69a8f2b11 cee73125774a85d6",
        "formula_fun 6p random seed 0": "78f997c4cc001426 9b4174132e353cc4",
        "formula_fun 6p random seed 1": "6437cee2e80001b5 ded9b87f8a6809c7",
    },
    "walks": {
        "fliegen_klatschen 2p seed 0": "b226b2619515f395",
        "fliegen_klatschen 2p seed 1": "6358ddb5ec2a34da",
        "fliegen_klatschen 8p seed 0": "5c583848a00d642b",
        "fliegen_klatschen 8p seed 1": "097891aee1715263",
        "flixo 1p seed 0": "99c83814bac11952",
        "flixo 1p seed 1": "0ca63c59802ac24e",
        "flixo 5p seed 0": "7ae4067118ce7f82",
        "flixo 5p seed 1": "a2d0fcc4db0af7d5",
        "flotte_flitzer 2p seed 0": "66e0cd385e6f363d",
        "flotte_flitzer 2p seed 1": "bd694959aa94abed",
        "flotte_flitzer 6p seed 0": "6b8861dfb9c9a0fc",
        "flotte_flitzer 6p seed 1": "51fee33cce11db10",
        "flotter_otter 2p seed 0": "d1ce831667ae53ab",
        "flotter_otter 2p seed 1": "d0586326b2631592",
        "flotter_otter 8p seed 0": "cbb3bba6fa66053c",
        "flotter_otter 8p seed 1": "652df7ca6f0f4b08",
        "formula_fun 2p seed 0": "db6e41333c950695",
        "formula_fun 2p seed 1": "ed5161363071da15",
        "formula_fun 6p seed 0": "02d40940ff7da0bd",
        "formula_fun 6p seed 1": "5d5305494500ebc5",
    },
}


def game_params():
    for game_id, players, levels, options in GAME_CASES:
        for level in levels:
            yield pytest.param(game_id, players, level, options,
                               id=f"{game_id}-{players}p-{level}{'-' if options else ''}"
                                  + "-".join(f"{k}={v}" for k, v in options.items()))


@pytest.mark.parametrize("game_id,players,level,options", list(game_params()))
def test_bots_play_the_same_games_as_before(game_id, players, level, options):
    for seed in GAME_SEEDS:
        key = game_key(game_id, players, level, options, seed)
        assert game_fingerprint(game_id, players, level, options, seed) == \
            RECORDED["games"][key], key


@pytest.mark.parametrize("game_id,players", WALK_CASES)
def test_views_and_legal_actions_are_the_same_as_before(game_id, players):
    for seed in WALK_SEEDS:
        key = f"{game_id} {players}p seed {seed}"
        assert walk_fingerprint(game_id, players, seed) == RECORDED["walks"][key], key


def test_the_flitzer_bot_thinks_in_slices_and_chooses_what_choose_does():
    """FlitzerBot.thinking yields between the options it weighs (a frame driver may spread a
    decision over frames) and returns the action choose() returns."""
    import copy

    info = GAMES["flotte_flitzer"]
    state = info.new(4, {}, 3)
    bot = info.bots["hard"](0, 7)
    sliced = 0
    for _ in range(40):
        seat = state.current_player()
        view, legal = state.view(seat), state.legal_actions(seat)
        bot.seat = seat
        twin = copy.deepcopy(bot)
        steps = bot.thinking(view, legal)
        yields = 0
        while True:
            try:
                next(steps)
                yields += 1
            except StopIteration as done:
                action = done.value
                break
        assert action == twin.choose(view, legal)
        sliced += yields > 1
        state.apply(seat, action)
    assert sliced > 10
