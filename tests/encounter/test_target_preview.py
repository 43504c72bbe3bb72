"""The hover's report is the ruleset's: Drase prices cover, obscuration and a lower target from
its table; the Crawler text has no numbers for them (its cover is the GM's figure)."""

from __future__ import annotations

import pytest
from helpers.encounter_builders import fight

from drase_desktop.encounter.target_preview import target_preview, target_words


@pytest.mark.parametrize("ruleset", ["drase", "crawler"])
def test_the_hover_names_only_the_numbers_its_ruleset_has(ruleset) -> None:
    e = fight(ruleset)
    e.battle_map.set_cover((4, 4), "half")  # between Mira (2, 4) and the orc (6, 4)
    e.battle_map.set_obscuration((6, 4), "light")
    e.battle_map.set_elevation((2, 4), 2)
    preview = target_preview(e, "mira", "orc")
    words = target_words(preview, "Orc")
    assert preview.cover_melee == "half" and preview.obscuration == "light"
    if ruleset == "drase":
        assert (preview.cover_penalty_melee, preview.maluses) == (-2, 1)
        assert preview.lower_target_bonuses == 1
        assert "Cover: half (-2)" in words and "Obscured: light, 1 malus" in words
        assert "+1 bonus to hit" in words
    else:
        assert (preview.cover_penalty_melee, preview.maluses) == (None, 0)
        assert preview.lower_target_bonuses == 0
        assert "Cover: half\n" in words and words.endswith("Obscured: light")
        assert "bonus" not in words and "(-2)" not in words
    assert "Height: 2 tiles below" in words
