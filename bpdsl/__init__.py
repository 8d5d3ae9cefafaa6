"""bpdsl: BlackPoker rules written once as a validated YAML DSL, executed and rendered from the same model."""

__version__ = "0.1.0"
