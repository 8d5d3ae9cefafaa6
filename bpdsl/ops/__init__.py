"""The op registry and the ops of the bundled games. See bpdsl.ops.registry."""
