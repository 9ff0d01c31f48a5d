"""Excel workbooks: reading a file into grids safely, the import (``importing``), the export."""
