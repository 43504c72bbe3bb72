"""The map maker: its tools, palette, overlay, commands and the picture import dialogs."""
