"""Sample maps and encounters a new GM opens first."""
