"""Tests of fidedesk/gui/pairing/."""
