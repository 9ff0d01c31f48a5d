"""Tests of fidedesk/gui/files/."""
