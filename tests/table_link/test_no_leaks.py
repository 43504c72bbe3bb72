"""No message to a seat gives away what that seat may not see, whatever the GM and the phones
do: random encounters, random sequences of GM and phone actions, every reply and every seat's
view after every step checked by an independent checker (`helpers.seat_leaks`). The control:
views made leaky on purpose, each in one way, are caught by the same checker."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from helpers.seat_leaks import leaks, unseen
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drase_desktop.board import BattleMap
from drase_desktop.board.battle_map import Door, Light, Wall
from drase_desktop.board.map_features import Window, rectangle_object
from drase_desktop.encounter import Combatant, Encounter, Weapon
from drase_desktop.encounter.declaration_reveal import reveal_declarations
from drase_desktop.encounter.fog import Fog
from drase_desktop.encounter.seat_view import seat_ids, seat_view, seat_views
from drase_desktop.refusal import Refusal
from drase_desktop.table_link.seat_requests import answer_message

TERRAIN = ("normal", "normal", "normal", "difficult", "water", "blocked")
ACTIONS = ("attack", "dash", "defend", "cast", "hide", "attack", "nonsense")
REACTIONS = (None, None, "opportunity attack", "attack")
STATUSES = ("prone", "blinded", "poisoned")


@st.composite
def encounters(draw: Any) -> Encounter:
    width, height = draw(st.integers(6, 11)), draw(st.integers(5, 9))
    battle_map = BattleMap(width, height)
    tiles = [(x, y) for y in range(height) for x in range(width)]
    for tile in draw(st.lists(st.sampled_from(tiles), max_size=8)):
        battle_map.set_terrain(tile, draw(st.sampled_from(TERRAIN)))
    for tile in draw(st.lists(st.sampled_from(tiles), max_size=4)):
        battle_map.set_elevation(tile, draw(st.integers(1, 3)))
    for tile in draw(st.lists(st.sampled_from(tiles), max_size=4)):
        battle_map.set_cover(tile, draw(st.sampled_from(("half", "full"))))
    corners = st.tuples(st.integers(0, width), st.integers(0, height))
    battle_map.walls = [
        Wall(a, b) for a, b in draw(st.lists(st.tuples(corners, corners), max_size=4))
    ]
    battle_map.doors = [
        Door(a, (a[0], min(height, a[1] + 1)), closed=draw(st.booleans()))
        for a in draw(st.lists(corners, max_size=2))
    ]
    battle_map.windows = [
        Window(a, (min(width, a[0] + 1), a[1])) for a in draw(st.lists(corners, max_size=2))
    ]
    battle_map.objects = [
        rectangle_object(x, y, x + 1, y + 1)
        for x, y in draw(
            st.lists(st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)), max_size=2)
        )
    ]
    points = st.tuples(st.floats(0, width), st.floats(0, height))
    battle_map.lights = [
        Light(p, draw(st.integers(0, 4))) for p in draw(st.lists(points, max_size=2))
    ]
    if draw(st.booleans()):
        battle_map.ambient_light = "dark"
    open_tiles = [t for t in tiles if battle_map.terrain(t) != "blocked"]
    players = draw(st.integers(2, 4))
    others = draw(st.integers(1, 4))
    places = draw(
        st.lists(
            st.sampled_from(open_tiles),
            min_size=players + others,
            max_size=players + others,
            unique=True,
        )
    )
    combatants = []
    for index in range(players):
        combatants.append(
            Combatant(
                f"pcq{index}x",
                f"Pelarion{index}",
                "players",
                is_player_character=True,
                position=places[index],
                hidden=draw(st.booleans()) and index == 0,
                weapons=[Weapon("Bow", "1d8", "pierce", ranged=True, reach=12)],
                defense_bonuses=draw(st.integers(0, 2)),
                notes=f"NOTE-pc{index}",
            )
        )
    for index in range(others):
        combatants.append(
            Combatant(
                f"gmq{index}x",
                f"Zorvath{index}",
                draw(st.sampled_from(("gm", "gm", "wraiths"))),
                position=places[players + index],
                hidden=draw(st.booleans()),
                hp=9,
                max_hp=9,
                notes=f"NOTE-gm{index}",
                weapons=[Weapon("Claw", "1d6", "cut")],
            )
        )
    encounter = Encounter(battle_map, combatants, rng=random.Random(draw(st.integers(0, 99))))
    fog = Fog(width, height, revealed=False)
    x0, y0 = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    fog.rectangle(
        (x0, y0), (draw(st.integers(x0, width - 1)), draw(st.integers(y0, height - 1))), reveal=True
    )
    encounter.fog = fog
    return encounter


def _gm_step(draw: Any, encounter: Encounter, counter: list[int]) -> None:
    """One thing the GM does (refusals change nothing and are part of the game)."""
    ids = list(encounter.combatants)
    tiles = st.tuples(
        st.integers(0, encounter.battle_map.width - 1),
        st.integers(0, encounter.battle_map.height - 1),
    )
    choice = draw(
        st.sampled_from(
            (
                "advance",
                "advance",
                "reveal",
                "hide",
                "hidden",
                "damage",
                "status",
                "move",
                "gm-declare",
                "note",
                "reveal-declarations",
            )
        )
    )
    who = draw(st.sampled_from(ids))
    try:
        if choice == "advance":
            encounter.advance()
        elif choice in ("reveal", "hide"):
            encounter.fog.brush(draw(tiles), draw(st.integers(0, 2)), reveal=choice == "reveal")
        elif choice == "hidden":
            encounter.update_combatant(who, hidden=not encounter.combatants[who].hidden)
        elif choice == "damage":
            encounter.apply_damage(who, draw(st.integers(0, 6)), "cut")
        elif choice == "status":
            encounter.apply_status(who, draw(st.sampled_from(STATUSES)), duration=2)
        elif choice == "move":
            encounter.move(who, [draw(tiles)], forced=True)
        elif choice == "gm-declare":
            counter[0] += 1
            target = draw(st.sampled_from(ids))
            targets = [target] if target != who else []
            encounter.declare(
                who, actions=["attack"], notes=f"PLAN-{who}-{counter[0]}", targets=targets
            )
        elif choice == "reveal-declarations":
            reveal_declarations(encounter)
        else:
            target = encounter.combatants[who]
            encounter.note(f"{target.name} does something only the GM knows")
    except Refusal:
        pass


def _phone_message(draw: Any, encounter: Encounter, seat: str, counter: list[int]) -> str:
    ids = [*encounter.combatants, "nobody"]
    battle_map = encounter.battle_map
    # Mostly on the map, near the seat's character; now and then off it.
    x, y = encounter.combatants[seat].position or (0, 0)
    near = st.tuples(st.integers(x - 3, x + 3), st.integers(y - 3, y + 3))
    anywhere = st.tuples(st.integers(-1, battle_map.width), st.integers(-1, battle_map.height))
    tile = list(draw(near | anywhere))
    kinds = ("view", "preview_move", "preview_attack", "defense_dice", "declare", "roll_defense")
    kind = draw(st.sampled_from((*kinds, "declare", "declare", "garbled")))
    if kind == "preview_move":
        return json.dumps({"kind": kind, "goal": tile})
    if kind == "preview_attack":
        return json.dumps({"kind": kind, "target": draw(st.sampled_from(ids))})
    if kind == "declare":
        counter[0] += 1
        message: dict[str, Any] = {
            "kind": kind,
            "actions": draw(st.lists(st.sampled_from(ACTIONS), max_size=2)),
            "reaction": draw(st.sampled_from(REACTIONS)),
            "free_actions": draw(st.lists(st.sampled_from(("talk", "drop")), max_size=1)),
            "notes": f"PLAN-{seat}-{counter[0]}",
        }
        if draw(st.booleans()):
            message["move_to"] = tile
        if draw(st.booleans()):
            message["target"] = draw(st.sampled_from(ids))
        if draw(st.integers(0, 5)) == 0:
            message["combatant"] = draw(st.sampled_from(ids))
        return json.dumps(message)
    if kind == "roll_defense":
        faces = draw(st.none() | st.lists(st.integers(1, 6), min_size=1, max_size=3))
        return json.dumps({"kind": kind, "faces": faces})
    if kind == "garbled":
        return draw(st.sampled_from(("{", '{"kind": "declare", "x": 1}', "[]")))
    return json.dumps({"kind": kind})


def _every_view_is_clean(encounter: Encounter) -> None:
    """Every seat's view, as the server sends them all after a change."""
    for seat, view in seat_views(encounter).items():
        assert leaks(encounter, seat, {"kind": "view", "view": view}) == [], seat


def _play(data: Any, encounter: Encounter, steps: int) -> None:
    counter = [0]
    seats = seat_ids(encounter)
    _every_view_is_clean(encounter)
    for _ in range(steps):
        if data.draw(st.booleans()):
            _gm_step(data.draw, encounter, counter)
        else:
            seat = data.draw(st.sampled_from(seats))
            raw = _phone_message(data.draw, encounter, seat, counter)
            answer = answer_message(encounter, seat, raw)
            assert leaks(encounter, seat, answer.reply) == [], raw
        _every_view_is_clean(encounter)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_seat_is_told_what_it_may_not_see(data):
    encounter = data.draw(encounters())
    encounter.advance()  # the fight starts: the Player Phase
    _play(data, encounter, steps=12)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_seat_is_told_what_it_may_not_see_over_long_fights(data):
    encounter = data.draw(encounters())
    if data.draw(st.booleans()):
        encounter.advance()
    _play(data, encounter, steps=40)


# -- the control: a checker that cannot fail proves nothing ----------------------------------
def _phone_answers(encounter: Encounter, seat: str, tiles: list, targets: list[str]) -> list:
    """What the seat's phone is told for each tapped tile and each target (or the refusal)."""
    from drase_desktop.encounter.phone_actions import attack_options, move_preview

    answers: list[Any] = []
    for ask, argument in [(move_preview, tile) for tile in tiles] + [
        (attack_options, target) for target in targets
    ]:
        try:
            answers.append(ask(encounter, seat, argument))
        except Refusal as refusal:
            answers.append(("refused", str(refusal)))
    return answers


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_phone_is_told_the_same_whether_or_not_the_unseen_creatures_are_there(data):
    """Non-interference: a tapped tile's path, cost and refusal, and a target's chances, are
    the same as on the same fight with every creature the players cannot see taken away (a
    path bent round one, a tile refused under one, the cover one gives would say where it
    stands). The control: a creature in plain sight does change them."""
    encounter = data.draw(encounters())
    encounter.advance()  # the Player Phase
    seat = data.draw(st.sampled_from(seat_ids(encounter)))
    width, height = encounter.battle_map.width, encounter.battle_map.height
    tiles = data.draw(
        st.lists(st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)), max_size=6)
    )
    hidden = {creature.id for creature in unseen(encounter, seat)}
    targets = [c for c in encounter.combatants if c != seat and c not in hidden]
    without = copy.deepcopy(encounter)
    for creature in hidden:
        del without.combatants[creature]
    asked = _phone_answers(encounter, seat, tiles, targets)
    assert asked == _phone_answers(without, seat, tiles, targets)
    assert {c.id: c.position for c in unseen(encounter, seat)} == {
        c: encounter.combatants[c].position for c in hidden
    }  # every unseen creature is back where it stood


def test_the_non_interference_check_sees_a_creature_in_plain_sight():
    """The control of the check above: the same comparison catches a creature that is there."""
    encounter = Encounter(
        BattleMap(8, 3),
        [
            Combatant("pc", "Pelarion", "players", is_player_character=True, position=(0, 1)),
            Combatant("gob", "Zorvath", "gm", position=(3, 1)),
        ],
    )
    encounter.advance()
    without = copy.deepcopy(encounter)
    del without.combatants["gob"]
    tiles = [(3, 1), (6, 1)]
    assert _phone_answers(encounter, "pc", tiles, []) != _phone_answers(without, "pc", tiles, [])
    encounter.combatants["gob"].hidden = True  # now unseen: the phone is told the same
    assert _phone_answers(encounter, "pc", tiles, []) == _phone_answers(without, "pc", tiles, [])


def _leaky_views(encounter: Encounter, seat: str) -> dict[str, dict[str, Any]]:
    """The seat's view made leaky in one way each."""
    honest = seat_view(encounter, seat)
    everyone = json.loads(json.dumps(honest))
    everyone["map"]["creatures"] = [
        {"id": c.id, "name": c.name, "position": list(c.position), "you": c.id == seat}
        for c in encounter.combatants.values()
        if c.position is not None
    ]
    unfogged = json.loads(json.dumps(honest))
    unfogged["map"]["terrain"] = [row.replace("?", "0") for row in unfogged["map"]["terrain"]]
    notes = json.loads(json.dumps(honest))
    notes["character"]["notes"] = encounter.combatants[seat].notes
    plans = json.loads(json.dumps(honest))
    plans["party"] = [
        {"id": c.id, "declaration": encounter.declaration(c.id).notes}
        for c in encounter.combatants.values()
        if c.is_player_character and c.id != seat
    ]
    health = json.loads(json.dumps(honest))
    health["map"]["creatures"] = [dict(c, hp=9) for c in health["map"]["creatures"]]
    return {"hidden": everyone, "fog": unfogged, "notes": notes, "plans": plans, "hp": health}


def test_the_checker_catches_each_kind_of_leak():
    battle_map = BattleMap(8, 6)
    combatants = [
        Combatant(
            "pcq0x",
            "Pelarion0",
            "players",
            is_player_character=True,
            position=(1, 1),
            notes="NOTE-pc0",
        ),
        Combatant("pcq1x", "Pelarion1", "players", is_player_character=True, position=(1, 3)),
        Combatant("gmq0x", "Zorvath0", "gm", position=(2, 2)),
        Combatant("gmq1x", "Zorvath1", "gm", position=(3, 3), hidden=True),
    ]
    encounter = Encounter(battle_map, combatants)
    encounter.fog = Fog(8, 6, revealed=False)
    encounter.fog.rectangle((0, 0), (4, 5), reveal=True)
    encounter.advance()
    encounter.declare("pcq1x", actions=["attack"], notes="PLAN-pcq1x-1")
    seat = "pcq0x"
    honest = {"kind": "view", "view": seat_view(encounter, seat)}
    assert leaks(encounter, seat, honest) == []
    for kind, view in _leaky_views(encounter, seat).items():
        assert leaks(encounter, seat, {"kind": "view", "view": view}), kind
    # Another seat's event is a leak too.
    event = {
        "kind": "accepted",
        "request": "declare",
        "event": {"event": "declared", "combatant": "pcq1x"},
    }
    assert leaks(encounter, seat, event)


def test_the_checker_lets_declarations_through_once_the_gm_revealed_them():
    """A declaration made after the GM's reveal is no secret (the reveal holds until the phase
    ends): the seat view shows it, and the checker, reading the reveal from the log, agrees."""
    combatants = [
        Combatant("pcq0x", "Pelarion0", "players", is_player_character=True, position=(0, 0)),
        Combatant("pcq1x", "Pelarion1", "players", is_player_character=True, position=(1, 0)),
    ]
    encounter = Encounter(BattleMap(6, 5), combatants)
    encounter.advance()
    encounter.declare("pcq0x", actions=["attack"], notes="PLAN-pcq0x-1")
    hidden = {"kind": "view", "view": seat_view(encounter, "pcq1x")}
    assert leaks(encounter, "pcq1x", hidden) == []
    # Before the reveal, showing it is a leak.
    plans = json.loads(json.dumps(hidden))
    plans["view"]["party"][0]["declaration"] = "attack; (PLAN-pcq0x-1)"
    assert leaks(encounter, "pcq1x", plans) == ["pcq0x's secret declaration"]
    reveal_declarations(encounter)
    encounter.declare("pcq0x", actions=["attack"], notes="PLAN-pcq0x-2")
    shown = {"kind": "view", "view": seat_view(encounter, "pcq1x")}
    assert any("PLAN-pcq0x-2" in (p["declaration"] or "") for p in shown["view"]["party"])
    assert leaks(encounter, "pcq1x", shown) == []


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_checker_catches_a_leaky_view_in_random_fights(data):
    encounter = data.draw(encounters())
    encounter.advance()
    seat = data.draw(st.sampled_from(seat_ids(encounter)))
    views = _leaky_views(encounter, seat)
    assert leaks(encounter, seat, {"kind": "view", "view": views["notes"]})
    if unseen(encounter, seat):
        assert leaks(encounter, seat, {"kind": "view", "view": views["hidden"]})
    if not encounter.fog.all_revealed:
        assert leaks(encounter, seat, {"kind": "view", "view": views["fog"]})
