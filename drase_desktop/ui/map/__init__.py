"""The map: the scene, its view, its layers, token and path items, and the grid geometry."""
