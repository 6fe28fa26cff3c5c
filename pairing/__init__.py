"""The pairing app: wraps the engine in ``pairing.engine`` as a service (adapters, the pairing flow, its task)."""
