"""Small widgets and looks that every room shares: builders, theme, tick lists."""
