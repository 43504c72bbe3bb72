"""A seat's view: its own character in full, the rest as the TV shows it, nothing more."""

import json

import pytest
from helpers.table_link_fight import fight_in_fog

from drase_desktop.board import BattleMap
from drase_desktop.board.battle_map import Wall
from drase_desktop.encounter import Combatant, Encounter, Weapon
from drase_desktop.encounter.declaration_reveal import declarations_revealed, reveal_declarations
from drase_desktop.encounter.seat_view import SeatError, seat_ids, seat_view, seat_views
from drase_desktop.refusal import Refusal


def _pc(cid: str, name: str, position: tuple[int, int]) -> Combatant:
    return Combatant(
        cid,
        name,
        "players",
        is_player_character=True,
        position=position,
        hp=20,
        max_hp=24,
        ac_bonus=3,
        notes=f"GM-SECRET-{cid}",
        weapons=[
            Weapon("Sword", "1d8", "cut"),
            Weapon("Firebolt", "1d10", "fire", ranged=True, reach=12, spell=True),
        ],
    )


@pytest.fixture
def fight() -> Encounter:
    battle_map = BattleMap(10, 6)
    battle_map.walls = [Wall((5, 0), (5, 6))]
    combatants = [
        _pc("aria", "Aria", (1, 1)),
        _pc("bram", "Bram", (2, 1)),
        Combatant("gob", "Goblin", "gm", position=(3, 3), hp=7, max_hp=7, notes="GM-SECRET-gob"),
        Combatant("wolf", "Fogwolf", "gm", position=(8, 3), hp=11, max_hp=11),
        Combatant("shade", "Shadeling", "gm", position=(2, 4), hidden=True),
    ]
    return fight_in_fog(battle_map, combatants, seen_columns=5)


def test_the_seats_are_the_player_characters(fight):
    assert seat_ids(fight) == ["aria", "bram"]
    with pytest.raises(SeatError) as refused:
        seat_view(fight, "gob")
    assert isinstance(refused.value, Refusal)


def test_the_seat_sees_its_own_sheet(fight):
    view = seat_view(fight, "aria")
    me = view["character"]
    assert (me["name"], me["hp"], me["max_hp"], me["ac"], me["speed"]) == ("Aria", 20, 24, 13, 6)
    assert [w["name"] for w in me["weapons"]] == ["Sword"]
    assert [s["name"] for s in me["spells"]] == ["Firebolt"]
    fight.apply_status("aria", "prone", duration=2)
    me = seat_view(fight, "aria")["character"]
    assert me["statuses"] == [{"name": "prone", "rounds_left": 2}]
    assert view["fight"]["phase"]["title"] == "Player Phase"
    assert view["fight"]["progress"]["text"] == "0 of 2 declared"
    assert view["fight"]["declaring"] is True


def test_the_map_shows_what_the_tv_shows(fight):
    view = seat_view(fight, "aria")
    board = view["map"]
    assert board["terrain"][0] == "00000?????"
    names = [c["name"] for c in board["creatures"]]
    assert names == ["Aria", "Bram", "Goblin"]  # the wolf is in the fog, the shade hidden
    # As the TV rings them: the players act in the Player Phase.
    assert [c["acting"] for c in board["creatures"]] == [True, True, False]
    assert board["centre"] == [1.5, 1.5]
    assert board["walls"] == [[5.0, 0.0, 5.0, 6.0, "wall"]]  # on the edge of revealed ground


def test_nothing_secret_is_in_the_view(fight):
    text = json.dumps(seat_view(fight, "aria"))
    for secret in ("Shadeling", "shade", "Fogwolf", "GM-SECRET", '"hp": 7', '"hp": 11'):
        assert secret not in text
    # JSON-ready: only plain values.
    assert json.loads(text) == seat_view(fight, "aria")


def test_another_seats_declaration_is_secret_until_the_phase_ends(fight):
    fight.declare("bram", actions=["attack"], notes="PLAN-bram")
    view = seat_view(fight, "aria")
    assert view["fight"]["progress"] == {
        "declared": 1,
        "of": 2,
        "left": ["Aria"],
        "text": "1 of 2 declared",
    }
    bram = next(p for p in view["party"] if p["id"] == "bram")
    assert bram["declared"] is True and bram["declaration"] is None
    assert "PLAN-bram" not in json.dumps(view)
    revealed = next(
        p for p in seat_view(fight, "aria", revealed=True)["party"] if p["id"] == "bram"
    )
    assert "PLAN-bram" in revealed["declaration"]
    fight.advance()  # GM Resolution: the declarations are no longer secret
    bram = next(p for p in seat_view(fight, "aria")["party"] if p["id"] == "bram")
    assert "PLAN-bram" in bram["declaration"]


def test_log_lines_about_the_character_leave_out_unseen_creatures(fight):
    fight.apply_damage("aria", 3, "cut")
    fight.apply_damage("gob", 2, "cut")
    fight.note("Shadeling circles behind Aria")
    lines = [line["text"] for line in seat_view(fight, "aria")["log"]]
    assert any("Aria takes 3" in line for line in lines)
    assert not any("Goblin" in line or "Shadeling" in line for line in lines)


def test_every_seats_view_at_once_is_each_seats_own(fight):
    fight.declare("bram", actions=["attack"], notes="PLAN-bram")
    views = seat_views(fight)
    assert list(views) == ["aria", "bram"]
    assert views == {seat: seat_view(fight, seat) for seat in ("aria", "bram")}


def test_the_gm_reveals_the_declarations_as_one_undo_step(fight):
    fight.declare("bram", actions=["attack"], notes="PLAN-bram")

    def brams() -> object:
        return next(p for p in seat_view(fight, "aria")["party"] if p["id"] == "bram")

    assert brams()["declaration"] is None
    change = reveal_declarations(fight)
    assert declarations_revealed(fight) and "PLAN-bram" in brams()["declaration"]
    with pytest.raises(Refusal):
        reveal_declarations(fight)  # already revealed
    change.undo()
    assert brams()["declaration"] is None
    change.redo()
    assert "PLAN-bram" in brams()["declaration"]
    fight.advance()  # GM Resolution: nobody declares, nothing to reveal
    with pytest.raises(Refusal):
        reveal_declarations(fight)
    while fight.phase.key != "player-phase":
        fight.advance()
    assert not declarations_revealed(fight)  # a new round's declarations are secret again


def test_a_reveal_is_kept_in_the_encounter_file(fight, tmp_path):
    from drase_desktop.storage.encounter_file import load_encounter, save_encounter

    reveal_declarations(fight)
    save_encounter(fight, tmp_path / "fight.drase")
    assert declarations_revealed(load_encounter(tmp_path / "fight.drase"))
