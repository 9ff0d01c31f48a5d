"""The one adapter to FIDE TEC's engine (gacrux): pairing, its checker, its tie-breaks, and
the random tournament generator that pairs through it.

Imports io and core; io never imports engine."""
