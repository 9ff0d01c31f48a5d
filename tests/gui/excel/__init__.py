"""Tests of fidedesk/gui/excel/."""
