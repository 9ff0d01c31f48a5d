"""Tests of fidedesk/gui/reference/."""
