"""Data files the rules read: catalogues of actions, status effects and damage types."""
