"""The balance lab: bots, simulated runs, metrics and reports (no widget library here)."""
