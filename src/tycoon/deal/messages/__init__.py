"""Message catalogs of Monopoly Deal: ``en.json``, ``pt.json``, ``es.json``, ``fr.json``."""
