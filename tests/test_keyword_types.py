"""The functions that forward their terms as `**keywords` (PEP 692) still show them: their
signatures and type hints name the TypedDict of those keywords, and each TypedDict holds exactly
the keywords of the rule that takes them, with the defaults that rule gives."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Unpack, get_type_hints

from drase_desktop import encounter as encounter_package
from drase_desktop.encounter import area_attack, check_preview, group_attack, results
from drase_desktop.encounter.ruleset import AttackChoices, AttackChoiceTerms
from drase_desktop.rules import character, npc
from drase_desktop.rules.character import CheckTerms, PerceptionTerms, Standing
from drase_desktop.rules.npc import ChartDiceCounts

# The names the encounter's modules import for type checking only.
TYPE_CHECKING_NAMES = {**vars(encounter_package), "AttackResult": results.AttackResult}


def _forwarded(function: object) -> object:
    """The type hint of `function`'s `**keywords` parameter."""
    parameters = inspect.signature(function).parameters.values()
    (keywords,) = [p for p in parameters if p.kind is inspect.Parameter.VAR_KEYWORD]
    return get_type_hints(function, localns=TYPE_CHECKING_NAMES)[keywords.name]


def _keyword_defaults(function: object, names: set[str]) -> dict[str, object]:
    parameters = inspect.signature(function).parameters
    return {name: parameters[name].default for name in names}


def test_ability_check_and_average_hits_expose_their_keywords_typed_dict() -> None:
    assert _forwarded(encounter_package.ability_check) == Unpack[CheckTerms]
    assert _forwarded(npc.average_hits) == Unpack[ChartDiceCounts]
    assert CheckTerms.__optional_keys__ == {"career", "career_applies", "bonuses", "maluses"}
    assert get_type_hints(CheckTerms)["career_applies"] is bool
    assert ChartDiceCounts.__optional_keys__ == {
        "attacker_bonuses",
        "attacker_maluses",
        "defender_bonuses",
        "defender_maluses",
    }


def test_every_forwarding_function_names_its_typed_dict() -> None:
    for function, typed_dict in (
        (check_preview.ability_check_preview, CheckTerms),
        (check_preview.perception_check_working, PerceptionTerms),
        (check_preview.perception_preview, PerceptionTerms),
        (npc.chart_result, ChartDiceCounts),
        (group_attack.group_attack_preview, ChartDiceCounts),
        (group_attack.resolve_group_attack, ChartDiceCounts),
        (area_attack.resolve_area_attack, AttackChoiceTerms),
        (character.perception_working, Standing),
        (character.stealth_working, Standing),
    ):
        assert _forwarded(function) == Unpack[typed_dict], function


def test_each_typed_dict_holds_the_keywords_of_the_rule_that_takes_them() -> None:
    check_keywords = set(CheckTerms.__optional_keys__)
    assert _keyword_defaults(character.ability_check_working, check_keywords) == {
        "career": 0,
        "career_applies": False,
        "bonuses": 0,
        "maluses": 0,
    }
    chart_fields = {field.name: field.default for field in dataclasses.fields(npc.ChartDice)}
    assert chart_fields == dict.fromkeys(ChartDiceCounts.__optional_keys__, 0)
    choice_fields = {field.name for field in dataclasses.fields(AttackChoices)}
    assert choice_fields == AttackChoiceTerms.__optional_keys__
    assert get_type_hints(AttackChoiceTerms) == get_type_hints(AttackChoices)
    standing = _keyword_defaults(character._awareness_working, {"in_combat", "level", "career"})
    assert standing == {"in_combat": inspect.Parameter.empty, "level": None, "career": 0}
    assert Standing.__required_keys__ == {"in_combat"}
    assert Standing.__optional_keys__ == {"level", "career"}
    perception = PerceptionTerms.__optional_keys__ - {"career"}
    assert _keyword_defaults(character.perception_working, set(perception)) == dict.fromkeys(
        perception, 0
    )
