"""Tests of fidedesk/gui/tournament/."""
