"""``cfunc`` and ``njit(signature)``: numba's decorators, compiled on first use instead of
at import.

numba's own ``@cfunc`` compiles (or loads from the cache) when the module is imported, so
importing a game compiled its hooks and every kernel they call: ``simkit list`` on an empty
cache took minutes. :class:`LazyCFunc` is a numba ``CFunc`` whose ``compile`` runs the
first time its address is needed: when a kernel is called with it as an argument (numba
unboxes it through ``address``) or compiled with it as a global constant (numba lowers
``_wrapper_address``). Typing needs only the signature, which is known at decoration, so
a kernel that takes the hook types without compiling it.

``njit(signature, ...)`` (an explicit signature, as the chunk kernels that take hooks
declare, so that every hook converts to one function type) likewise compiles its
signatures the first time it is called or typed in another kernel, and then, as numba's
eager form does, compiles nothing else. ``njit`` without a signature is numba's own.

The cache is enabled at decoration, so the compiled code caches in the folder that was
current then (the module's own, :mod:`simkit._cache`), whenever it compiles.
"""
from __future__ import annotations

import warnings
from types import MappingProxyType

import numba.experimental.function_type  # noqa: F401 (numba's typeof and unboxing of a CFunc)
import numba
from numba.core import sigutils
from numba.core.ccallback import CFunc
from numba.core.errors import NumbaExperimentalFeatureWarning
from numba.core.registry import CPUDispatcher

from simkit.core import inline_fix, liveness_fix, ssa_fix

# the engines' unit hooks, inlined into their loops, make functions of thousands of blocks and
# variables, on which three of numba's steps are quadratic: each module says what it changes
inline_fix.install()
liveness_fix.install()
ssa_fix.install()

# simkit's kernels take their hooks and users' policies as first-class functions by design
# (docs/adding-a-game.md); numba says so once per process on stderr, in every command and
# notebook that imports a game, which tells a user nothing they can act on
warnings.filterwarnings("ignore", message="First-class function type feature is experimental",
                        category=NumbaExperimentalFeatureWarning)

__all__ = ["LazyCFunc", "LazySigDispatcher", "cfunc", "njit", "require_inline"]


def require_inline(hook, loop: str) -> None:
    """Refuse (``ValueError``) a hook for the engine loop ``loop`` that is not an
    ``@njit(inline="always")`` function: the engines' unit loops compile their unit hook
    into the loop (a call per unit with a whole context costs up to 15 %)."""
    if getattr(hook, "targetoptions", {}).get("inline") != "always":
        raise ValueError(f"{loop}: the unit hook {getattr(hook, '__name__', hook)!r} must be an "
                         f"@njit(inline=\"always\") function")


class LazyCFunc(CFunc):
    """A ``CFunc`` that compiles when its address is first read."""

    @property
    def _wrapper_address(self):
        if self._lazy_address is None and self._lazy_ready:
            self.compile()
        return self._lazy_address

    @_wrapper_address.setter
    def _wrapper_address(self, value):
        self._lazy_address = value

    @property
    def address(self):
        return self._wrapper_address

    @property
    def native_name(self):
        self._wrapper_address           # noqa: B018 (compiles)
        return self._wrapper_name

    def inspect_llvm(self):
        self._wrapper_address           # noqa: B018 (compiles)
        return self._library.get_llvm_str()

    @property
    def compiled(self) -> bool:
        """Whether the callback has been compiled (or loaded from the cache) yet."""
        return self._lazy_address is not None


def cfunc(sig, locals=MappingProxyType({}), cache=False, **options):
    """As ``numba.cfunc(sig, cache=..., **options)``, but compiled on first use
    (see the module doc)."""
    sig = sigutils.normalize_signature(sig)

    def wrapper(func):
        res = LazyCFunc.__new__(LazyCFunc)
        res._lazy_ready = False          # CFunc.__init__ sets the address to None
        CFunc.__init__(res, func, sig, locals=dict(locals), options=options)
        if cache:
            res.enable_caching()
        res._lazy_ready = True
        return res

    return wrapper


class LazySigDispatcher(CPUDispatcher):
    """A dispatcher with declared signatures, compiled when first called or typed."""

    _lazy_sigs: tuple = ()

    def _compile_declared(self):
        if self._lazy_sigs and self._can_compile:
            from numba.core import typeinfer

            with typeinfer.register_dispatcher(self):
                for sig in self._lazy_sigs:
                    self.compile(sig)
                self.disable_compile()

    def _compile_for_args(self, *args, **kws):
        # numba calls what this returns with the arguments: after compiling, the
        # dispatcher itself picks the declared overload (converting as numba's eager
        # form does) or explains why none matches
        if self._lazy_sigs and self._can_compile:
            self._compile_declared()
            return self._call_compiled
        return super()._compile_for_args(*args, **kws)

    def _call_compiled(self, *args, **kws):
        return self(*args, **kws)

    def get_call_template(self, args, kws):
        self._compile_declared()
        return super().get_call_template(args, kws)

    def entry(self):
        """The compiled entry point of the kernel's one declared signature (compiled or loaded
        from the cache now if need be). Calling it skips numba's typing of the arguments,
        which for named tuples and function pointers (a trick game's inputs and hooks) costs
        tens of microseconds a call, paid by every chunk; it converts the arguments as the
        signature says and raises ``TypeError`` on one it cannot convert."""
        if len(self._lazy_sigs) != 1:
            raise TypeError(f"{self.py_func.__qualname__}: entry() needs exactly one declared signature")
        self._compile_declared()
        return self.overloads[self.signatures[0]].entry_point


def njit(*args, **kws):
    """``numba.njit``; given a signature (or a list of them) first, compiled on first use
    (see the module doc)."""
    if not args or callable(args[0]):
        return numba.njit(*args, **kws)
    sigs = args[0] if isinstance(args[0], list) else [args[0]]

    def wrapper(func):
        disp = numba.njit(**kws)(func)
        disp.__class__ = LazySigDispatcher
        disp._lazy_sigs = tuple(sigs)
        return disp

    return wrapper
