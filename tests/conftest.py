"""Test-suite settings shared by every folder."""

# tests/fixtures holds packages the tests install on purpose (the toy game's entry points
# must not be seen by other tests just because pytest imported it for doctests).
collect_ignore = ["fixtures"]
