"""Tests of fidedesk/gui/ratinglist/."""
