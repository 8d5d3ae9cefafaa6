"""BlackPoker's ops, one module per family; :mod:`._common` holds their shared wording helpers."""
