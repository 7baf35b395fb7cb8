"""Checks of procedures, faults and table rules: each plays the engine through the event the text
describes (a revoke taken back, a card exposed, a sixth card slid, a fine paid) and verifies what the
text says follows. Registered with `@check` like the generic checks of rules/checks.py."""

from rules.event_checks import piquet, quotations, reversis, tarot  # noqa: F401  (registration)
