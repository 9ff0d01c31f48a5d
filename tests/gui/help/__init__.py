"""Tests of fidedesk/gui/help/."""
