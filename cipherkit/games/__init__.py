"""The game engines: pure rules, bots and notation; no notebook or UI imports."""
