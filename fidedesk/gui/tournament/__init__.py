"""The Tournament tab: the event, its players, and (beside them) the rounds, crosstable and figures."""

from fidedesk.gui.tournament.tab import TournamentTab

__all__ = ["TournamentTab"]
