"""What the players see at the table: the player display, true scale, and the GM's fog tools."""
