"""The speed work on the rules cores and bots changed no game: same seeds, same games.

`RECORDED` holds fingerprints made by the code as it was before the speed work (commit
8f7da41), with `bench/record_equivalence.py --root DIR` (DIR: that commit's tree, e.g. from
`git archive 8f7da41 game | tar -x -C DIR`). Each fingerprint is

* a whole game with bots (`play`): a digest of its players' actions as logged (each with its
  time; entries for time passing are left out: the runner once logged every bot's moment,
  now only those that bring something due, and a replay ticks to each action's time anyway)
  and its final state hash (which holds everything but the log), for a few seeds per game,
  player count and bot level (random, easy, normal, hard) and some options;
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
    """The digest of the logged actions and the final state hash of one whole game with
    bots."""
    state = play(GAMES[game_id], players, seed, level, options)
    actions = [entry for entry in state.log if entry[0] is not None]
    return f"{digest(actions)} {state.state_hash()}"


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


# Made by bench/record_equivalence.py from the code before the speed work (see above), and
# again at each deliberate change its commit names. The games' first column was last made
# when it left out entries for time passing, from the code before that change (cec1aeb, whose
# state hashes and walks were those of this table): the same games.
RECORDED: dict = {
    "games": {
        "fliegen_klatschen 2p easy seed 0": "12900bde5a2c0e34 91e500a6f11fefa8",
        "fliegen_klatschen 2p easy seed 1": "a585efd691e0b836 7a584f13dbae2e76",
        "fliegen_klatschen 2p hard seed 0": "b7704fa14589007c a0b75e407904c224",
        "fliegen_klatschen 2p hard seed 1": "18eabcb63be8c36f d76514b80443793d",
        "fliegen_klatschen 2p normal seed 0": "5216b56552f97b5a 818c70d38a8d566c",
        "fliegen_klatschen 2p normal seed 1": "6bac2688daa63b5a 1bb23ec509a39ddd",
        "fliegen_klatschen 2p random seed 0": "78af00cb2729a16d 6383fd0409c5b8e7",
        "fliegen_klatschen 2p random seed 1": "2ca651a3c2c41bc1 ecb4447306a0ebdc",
        "fliegen_klatschen 5p normal remove=48 seed 0": "0c41819d90d555ea d9aabf554eb158aa",
        "fliegen_klatschen 5p normal remove=48 seed 1": "93f4e01280d7cb8b bbe98d342ced613e",
        "fliegen_klatschen 8p easy seed 0": "fe805452e8bb20ee 391724b88861d7d7",
        "fliegen_klatschen 8p easy seed 1": "b2655fb32606086a 283c80182c3e8737",
        "fliegen_klatschen 8p hard seed 0": "ddb5b808f86d9ffa 578fa42373b3185f",
        "fliegen_klatschen 8p hard seed 1": "0f3219682942d0f2 0288baaccde3de51",
        "fliegen_klatschen 8p normal seed 0": "9372d34d1ac0b021 121377a8975cd1b1",
        "fliegen_klatschen 8p normal seed 1": "4b7ad4e3d63e455c b81a6cab50d4611d",
        "fliegen_klatschen 8p random seed 0": "8f35daec28f8ea9c 9e4dec7ff63b15a1",
        "fliegen_klatschen 8p random seed 1": "821841534a4b33a3 4c5641638417cbcb",
        "flixo 1p easy seed 0": "4535f20259659a13 c92f5880c572d583",
        "flixo 1p easy seed 1": "c9dde723ac38371a c26b3b3d8b0f1892",
        "flixo 1p hard seed 0": "81bb689598a69004 99c66560263c8dfe",
        "flixo 1p hard seed 1": "a031bbc34b47fdb5 26d9d5a4c9b96f48",
        "flixo 1p normal seed 0": "6a00dce5f8576ea4 8ef68ff0dcfe1080",
        "flixo 1p normal seed 1": "40d93683b259e0b3 d6e39931f85bf0d9",
        "flixo 1p random seed 0": "523a7f506f9fd655 3ca9cff147204564",
        "flixo 1p random seed 1": "6119f8914b9da888 03d6f510fa4ac1f5",
        "flixo 3p hard level=0,large_displays=True seed 0": "53b7e9c3c24641b8 df848cd0a2ed2672",
        "flixo 3p hard level=0,large_displays=True seed 1": "ff01d1d54772929c cda7dc2cd57944bf",
        "flixo 4p normal level=4,flixos=10 seed 0": "29fe92fcbef66cbe c0ea0dc3b0a92201",
        "flixo 4p normal level=4,flixos=10 seed 1": "a55c82ab247cf8c3 6641070ce317f15d",
        "flixo 5p easy seed 0": "5cf3fbfe49fcaa37 ef413c35ae510e00",
        "flixo 5p easy seed 1": "6cd3c7b35921e845 f7f3b6997b78898a",
        "flixo 5p hard seed 0": "7a3848c2d179cec4 1ac767101457bd90",
        "flixo 5p hard seed 1": "77981373a9325fab 3f5ee92313259bb8",
        "flixo 5p normal seed 0": "d5379fee6e62d171 6f37c1e090722ae3",
        "flixo 5p normal seed 1": "a2e8c7db05dc2429 4d15420ea544ac5c",
        "flixo 5p random seed 0": "cd2550dff7f47ff8 4ec83b28d1eddf71",
        "flixo 5p random seed 1": "e7c1a8b615a43797 6933ee33ebf6341d",
        "flotte_flitzer 2p easy seed 0": "fc07fd32ecc93794 de9e4736084dc114",
        "flotte_flitzer 2p easy seed 1": "44a97772cbab84a9 eaccdfc862364831",
        "flotte_flitzer 2p hard seed 0": "5b28804221fe38ba 56845110c2242625",
        "flotte_flitzer 2p hard seed 1": "2ab26e280bb7904d 7216f7319283cee4",
        "flotte_flitzer 2p normal seed 0": "10f95d110cd7f19c 95954eee7a8fd90e",
        "flotte_flitzer 2p normal seed 1": "f98e45a92d8b9d67 6c19ae540d533db8",
        "flotte_flitzer 2p random seed 0": "cc9354ff0d29a3d7 00f6edec77ec4a75",
        "flotte_flitzer 2p random seed 1": "76bbbe0d74801071 34a4dc755d40ba9f",
        "flotte_flitzer 6p easy seed 0": "e0a22d564f71064a 466fc263f69cef8c",
        "flotte_flitzer 6p easy seed 1": "ca3b84cdbcb43a16 91c1431806a490f1",
        "flotte_flitzer 6p hard seed 0": "b48bd00331ad8263 804bc9b10a9dc16f",
        "flotte_flitzer 6p hard seed 1": "4c7fe4d3a8043091 2e765c3fe6378953",
        "flotte_flitzer 6p normal seed 0": "ff598ab87f29384f 6806d4436ec47046",
        "flotte_flitzer 6p normal seed 1": "9e8e0fe1b4388414 f6355e0749838333",
        "flotte_flitzer 6p random seed 0": "b43e4cfb8c426e85 e261a9967357fd21",
        "flotte_flitzer 6p random seed 1": "2ffaf2658ac5ff44 90121a2d0114e41e",
        "flotter_otter 2p easy seed 0": "761d620b61833f65 1abeaf74b4975a69",
        "flotter_otter 2p easy seed 1": "1cb97c65781dc897 a7cdce0c1d1a3acd",
        "flotter_otter 2p hard seed 0": "8c34bdf773482139 b090b7c8dcfdea68",
        "flotter_otter 2p hard seed 1": "8c992159311d0f4d 9e4505d3747c422c",
        "flotter_otter 2p normal seed 0": "ae3ff2fa94aca7c5 370fe39205ac54ce",
        "flotter_otter 2p normal seed 1": "ea2fa99652a60014 825b3add1a8541a9",
        "flotter_otter 2p random seed 0": "f96e7c0c0f033470 5b056a075f7d9a28",
        "flotter_otter 2p random seed 1": "46363a0055596053 0fcdf50aff3f1cbd",
        "flotter_otter 4p hard series=True seed 0": "6b5c39507e3c9214 00cff8cd794d16d3",
        "flotter_otter 4p hard series=True seed 1": "9896b980afbab238 9736f67cef89390e",
        "flotter_otter 8p easy seed 0": "eb52d475d898cc7a bd2fdb9587a5048a",
        "flotter_otter 8p easy seed 1": "a08c5efa078050d5 6b2025cfa1c607c4",
        "flotter_otter 8p hard seed 0": "7783ea64e9ce42d1 fd96dc42a56a2e63",
        "flotter_otter 8p hard seed 1": "4e88d304a13a5719 a15f0dc68e5a65b6",
        "flotter_otter 8p normal seed 0": "2784965c35cd2c34 1ea3419db248e28b",
        "flotter_otter 8p normal seed 1": "dd2f110365b278a7 87f1e4054de8a58e",
        "flotter_otter 8p random seed 0": "6cee84cd712a5101 684588967a15f908",
        "flotter_otter 8p random seed 1": "2d3d49a474ad45e5 61e114b7c753ffed",
        "formula_fun 2p easy seed 0": "9588f4970e41a8e1 e5e6b9f45f2248bf",
        "formula_fun 2p easy seed 1": "3dce9e1d3a21608a 4291fd77a44d4a89",
        "formula_fun 2p hard seed 0": "c8bb9fb23d669f6c 37b71eb6502222ef",
        "formula_fun 2p hard seed 1": "5b6b3bbc473380bd 163677de70c8d915",
        "formula_fun 2p normal seed 0": "783687f057f476f3 f8b1562a8d0714e1",
        "formula_fun 2p normal seed 1": "2cfc831084bd169c 98912a7da8d39779",
        "formula_fun 2p random seed 0": "a89e2e4dcd9a6504 bab97e29df63f59e",
        "formula_fun 2p random seed 1": "70a993afdcee3a78 794061b53da73043",
        "formula_fun 6p easy seed 0": "c6e22d5260aa8eee d5425434c9bebdaa",
        "formula_fun 6p easy seed 1": "308b39082631ba37 e5a9b8ae5e072003",
        "formula_fun 6p hard seed 0": "01aca73404c204aa 65566b3288f2ba3e",
        "formula_fun 6p hard seed 1": "383c9ced92344d0f 306f6dc8a3356f6c",
        "formula_fun 6p normal seed 0": "e915a29d5c36fc6d 9729b520dab95e1a",
        "formula_fun 6p normal seed 1": "5233005766af0af7 9ba933f90310fb71",
        "formula_fun 6p random seed 0": "2eb62db8714d7fd4 cf7626f9628085b5",
        "formula_fun 6p random seed 1": "eefaebe20191f707 cdf9bc9ac111a815",
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
        "flotte_flitzer 2p seed 0": "829711f1a7b8a4d8",
        "flotte_flitzer 2p seed 1": "be7cfbfad5d2d4a0",
        "flotte_flitzer 6p seed 0": "b18c9d0a238c9158",
        "flotte_flitzer 6p seed 1": "6b72f9ab89fcba1f",
        "flotter_otter 2p seed 0": "d1ce831667ae53ab",
        "flotter_otter 2p seed 1": "d0586326b2631592",
        "flotter_otter 8p seed 0": "cbb3bba6fa66053c",
        "flotter_otter 8p seed 1": "652df7ca6f0f4b08",
        "formula_fun 2p seed 0": "f60679d748474fda",
        "formula_fun 2p seed 1": "fd443313d11a6fc7",
        "formula_fun 6p seed 0": "65d6374dec5a70b3",
        "formula_fun 6p seed 1": "89fb3ec8da8ed1d0",
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
