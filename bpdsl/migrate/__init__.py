"""A designer's project rewritten to today's forms (``bpdsl migrate``): retired and deprecated ops of the
definitions, and the earlier releases' labels of the scenarios, with comments and layout kept.

* :mod:`bpdsl.migrate.project` — the plan (tried on a copy: valid? scenarios passing?) and the writes;
* :mod:`bpdsl.migrate.ops` — op calls rewritten from the registry's migrations;
* :mod:`bpdsl.migrate.roundtrip` — ruamel.yaml's round trip, spliced so untouched lines keep their text.
"""
