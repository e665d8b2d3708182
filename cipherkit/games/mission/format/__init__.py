"""The mission file format: reading, checking and writing mission files.

:mod:`.yamlio` reads YAML remembering where each value was written; :mod:`.reader` reads
plain data into typed values, recording :mod:`.problems`; :mod:`.schema` reads each
section of a mission; :mod:`.validate` adds the whole-mission checks (and
:mod:`.glyph_names` the lint of telling glyph names); :mod:`.builder` builds the same
structure in Python.
"""
