"""The game protocol, seeded RNG, records and conformance checks (pure Python)."""
