"""bpdsl: BlackPoker rules written once as a validated YAML DSL, executed and rendered from the same model."""

from bpdsl import speedups as _speedups

__version__ = "0.2.0"

# compiled builds of the hot modules, served only while they match their sources (bpdsl.speedups)
_speedups.install()
