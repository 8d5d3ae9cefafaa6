"""Import of the official action-list data format (``act.yaml``) as a bpdsl edition: reading it with
positions (:mod:`.source`), finding the op compositions that print its sentences (:mod:`.phrases`), planning
and checking the edition folder (:mod:`.convert`) and the report of what is left to write (:mod:`.report`)."""
