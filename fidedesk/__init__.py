"""fidedesk: offline FIDE rating calculations for arbiters and club secretaries."""

__version__ = "0.1.0"
