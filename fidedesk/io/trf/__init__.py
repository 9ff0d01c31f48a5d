"""TRF (FIDE's Tournament Report File, TRF16 and TRF-2026): reader, writer, records, codepage."""
