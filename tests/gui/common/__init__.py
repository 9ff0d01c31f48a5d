"""Tests of fidedesk/gui/common/."""
