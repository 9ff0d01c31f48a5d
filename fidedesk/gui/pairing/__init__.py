"""Edit › Pair Next Round, Pair All Rounds and the numbering: the round paired by FIDE's engine
(``fidedesk.engine.pairing``) off the GUI thread, applied as one undoable step. The Rounds view's FIDE column is
the tournament tab's (``tournament/fide_check.py``)."""
