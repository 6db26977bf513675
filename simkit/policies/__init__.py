"""The policy mechanism shared by all games (see :mod:`simkit.policies.base`)."""
from simkit.policies.base import Policy, PolicyRole, PolicySpec, resolve_roles  # noqa: F401
