"""The one exception type users catch: bad input and illegal policy moves."""


class SimkitError(ValueError):
    """Bad input (unknown game, rule, policy or value) or an illegal move by a policy.

    The message always names the bad value and what is allowed."""


class IllegalMoveError(SimkitError):
    """A policy returned a move the rules do not allow; the message names the policy
    and the situation."""
