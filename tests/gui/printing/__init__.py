"""Tests of fidedesk/gui/printing/."""
