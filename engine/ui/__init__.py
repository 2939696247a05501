"""The hot-seat user interface (pygame): rendering and input."""
