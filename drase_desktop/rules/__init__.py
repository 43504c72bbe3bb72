"""The Drase and Crawler rules, Qt-free: dice, character, attack, damage, status, actions, npc,
falls, rest, displacement, health, crawler. Catalogues load from `drase_desktop.resources`."""
