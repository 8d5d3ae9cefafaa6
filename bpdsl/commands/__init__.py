"""CLI command groups. Each module has ``register(app)`` adding its commands to the typer app."""
