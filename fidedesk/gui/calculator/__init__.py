"""The Calculator tab: one game, and several games of one rating period, for one player."""

from fidedesk.gui.calculator.tab import CalculatorTab

__all__ = ["CalculatorTab"]
