"""hexmech engine: the spine (hex grid, dice, events, orders, game), the loaders and the application."""
