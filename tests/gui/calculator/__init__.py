"""Tests of fidedesk/gui/calculator/."""
