"""Rendering templates strangers hand us (themes, deck layouts) so they cannot harm.

Every jinja2 template a user can supply renders in a :class:`SandboxEnvironment`
(jinja2's ``ImmutableSandboxedEnvironment``: no ``_``-attributes, no mutating
built-in lists/dicts, ``str.format`` routed through a sandboxed formatter)
with budgets on top, each enforced *before* the work or allocation happens:

* :data:`MAX_RANGE` numbers in one ``range()``;
* :data:`MAX_STRING` characters (or items) in any one value an operator,
  filter, method call, ``~`` or ``{{ }}`` produces: ``'x' * n``, ``'%9999s' %``,
  ``'{:>9999}'.format``, ``|center``, ``|indent``, ``|format``, ``|join``…
  are sized from their arguments before they run; whole numbers grow to at
  most :data:`MAX_INT_BITS` bits (``**``, ``*``);
* :data:`MAX_TOTAL` characters produced in all by one render, and
  :data:`MAX_OUTPUT` characters of output (checked while streaming);
* :data:`MAX_STEPS` steps (loop iterations, calls, filters, operators);
* :data:`TIME_BUDGET` seconds of wall-clock time.  In the main thread a
  ``SIGALRM`` interval timer (every :data:`TICK` s) interrupts even a pure
  Python loop; it also turns printkit's stop request
  (:func:`printkit.interrupt.requested`, set by the first SIGINT/SIGTERM)
  into ``KeyboardInterrupt`` within :data:`TICK` s.  Any earlier ``SIGALRM``
  handler and timer are restored afterwards.  In other threads the same
  checks run every 256 steps instead.

Anything refused, and any syntax or runtime error of the template, ends as a
:class:`TemplateError` (a :class:`printkit.PrintkitError`, exit 1): one line
naming the file (or the caller's label) and the template line where jinja2
knows it.  This module names no game; it is the engine's.
"""

from __future__ import annotations

import re
import signal
import threading
import time
import traceback
import types
from contextlib import contextmanager
from functools import wraps
from typing import Any, Callable, Iterator, Mapping

import jinja2
from jinja2 import nodes
from jinja2.runtime import markup_join, str_join
from jinja2.sandbox import (
    ImmutableSandboxedEnvironment,
    SandboxedEscapeFormatter,
    SandboxedFormatter,
    SecurityError,
)
from jinja2.utils import pass_eval_context
from jinja2.visitor import NodeTransformer

from printkit import PrintkitError, interrupt
from printkit.inputfiles import escape_display

#: Longest ``range()`` a template may ask for (numbers).
MAX_RANGE = 10_000
#: Longest value (characters of a string, items of a list) one operation may produce.
MAX_STRING = 1_000_000
#: Characters (or items) one render may produce in all, output included.
MAX_TOTAL = 20_000_000
#: Longest rendered output (characters).
MAX_OUTPUT = 2_000_000
#: Loop iterations + calls + filters + intercepted operators per render.
MAX_STEPS = 1_000_000
#: Largest whole number (bits) ``*`` and ``**`` may produce.
MAX_INT_BITS = 100_000
#: Wall-clock seconds one render (compiling included) may take.
TIME_BUDGET = 5.0
#: Seconds between two checks of the time budget and the stop request (main thread).
TICK = 0.1


class BudgetExceeded(Exception):
    """A template went over one of the budgets; ``args[0]`` says which."""


class TemplateError(PrintkitError):
    """A user template failed or was refused: one line (``str(exc)``).

    ``reason``: what went wrong, without the location; ``kind``: ``"syntax"``,
    ``"undefined"``, ``"security"``, ``"budget"`` or ``"error"``;
    ``line``: the template line (1-based) or ``None``.
    """

    def __init__(self, message: str, reason: str, kind: str, line: int | None):
        super().__init__(message)
        self.reason, self.kind, self.line = reason, kind, line


# -- budgets ---------------------------------------------------------------------------


class Budget:
    """Counters of one render: steps, characters produced, and its deadline
    (``time.monotonic()`` seconds, or ``None``)."""

    __slots__ = ("deadline", "seconds", "steps", "produced")

    def __init__(self, seconds: float | None = None):
        self.seconds = seconds
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.steps = 0
        self.produced = 0

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` on a stop request, :class:`BudgetExceeded`
        past the deadline."""
        if interrupt.requested():
            raise KeyboardInterrupt
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise BudgetExceeded(f"took longer than {self.seconds:g} s")

    def tick(self) -> None:
        """Count one step (see :data:`MAX_STEPS`); every 256 steps, :meth:`check`."""
        self.steps += 1
        if not self.steps & 255:
            if self.steps > MAX_STEPS:
                raise BudgetExceeded(f"more than {MAX_STEPS:,} steps (loop iterations, calls, filters)")
            self.check()

    def produce(self, n: int) -> None:
        """Count ``n`` characters produced (see :data:`MAX_TOTAL`)."""
        self.produced += n
        if self.produced > MAX_TOTAL:
            raise BudgetExceeded(f"produced more than {MAX_TOTAL:,} characters in all")


def _in_finalizer(frame, depth: int = 30) -> bool:
    """True when ``frame`` runs inside an object's ``__del__`` (within
    ``depth`` callers)."""
    while frame is not None and depth:
        if frame.f_code.co_name == "__del__":
            return True
        frame, depth = frame.f_back, depth - 1
    return False


@contextmanager
def watchdog(seconds: float | None, error: type[BaseException] = BudgetExceeded) -> Iterator[None]:
    """Bound the wall-clock time of the ``with`` block and honour stop requests.

    In the main thread (where ``signal.setitimer`` exists), a ``SIGALRM``
    timer fires every :data:`TICK` s: it raises ``KeyboardInterrupt`` once
    :func:`printkit.interrupt.requested` is true, and ``error("took longer
    than <seconds> s")`` once ``seconds`` (``None``: no limit) have passed —
    again at every tick, so code that swallows one exception still stops
    (a tick that lands in an object's finalizer waits for the next one: an
    exception there would only be printed, as a traceback).
    The previous ``SIGALRM`` handler and timer are restored on exit (the
    timer with what was left of it).  Elsewhere it does nothing: callers then
    rely on :meth:`Budget.tick`.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return
    start = time.monotonic()
    deadline = None if seconds is None else start + seconds
    state = {"done": False}

    def handler(signum, frame):
        if state["done"]:
            return
        if _in_finalizer(frame):
            return  # an exception in a finalizer is only printed ("Exception ignored"): stop at the next tick
        if interrupt.requested():
            raise KeyboardInterrupt
        if deadline is not None and time.monotonic() > deadline:
            raise error(f"took longer than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, handler)
    old_delay, old_interval = signal.setitimer(signal.ITIMER_REAL, TICK, TICK)
    try:
        yield
    finally:
        state["done"] = True
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
        if old_delay:
            left = old_delay - (time.monotonic() - start)
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-3), old_interval)


# -- sizes -----------------------------------------------------------------------------

_SEQUENCES = (str, bytes, bytearray, list, tuple)


def measure(value: Any, cap: int = MAX_STRING) -> tuple[int, int]:
    """(weight, depth) of ``value``: about the characters ``str(value)`` takes
    (strings by length, numbers by digits, containers by their items plus
    separators, other objects 8), and its nesting depth.  Stops counting
    once the weight passes ``cap``, so huge or shared structures cost little."""
    total, depth = 0, 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if d > depth:
            depth = d
        if isinstance(v, (str, bytes, bytearray)):
            total += len(v)
        elif isinstance(v, (list, tuple, set, frozenset)):
            total += 2 + 2 * len(v)
            if total <= cap:
                stack.extend((x, d + 1) for x in v)
        elif isinstance(v, dict):
            total += 2 + 4 * len(v)
            if total <= cap:
                stack.extend((x, d + 1) for kv in v.items() for x in kv)
        elif isinstance(v, int):
            total += v.bit_length() // 3 + 1
        else:
            total += 8
        if total > cap:
            break
    return total, depth


def _too_big(what: str, size: int, cap: int = MAX_STRING) -> BudgetExceeded:
    return BudgetExceeded(f"{what} would be {size:,} characters or items long; at most {cap:,}")


def _weigh(value: Any, what: str = "a value") -> int:
    w = measure(value)[0]
    if w > MAX_STRING:
        raise BudgetExceeded(f"{what} is larger than {MAX_STRING:,} characters or items")
    return w


def _length(value: Any) -> int:
    try:
        return len(value)
    except Exception:
        return 0


def _count(what: str, size: int) -> None:
    if size > MAX_STRING:
        raise _too_big(what, size)


def _as_int(value: Any, default: int = 0) -> int:
    try:
        return int(value) if isinstance(value, (int, float)) else default
    except (OverflowError, ValueError):
        return MAX_STRING + 1


_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d*))?[hlL]?(.|$)", re.S)


def check_percent(fmt: str, args: Any) -> None:
    """Refuse ``fmt % args`` when its result could pass :data:`MAX_STRING`
    (widths and precisions summed with the arguments' weight) or ``fmt``
    takes a width from the arguments (``%*d``).  Raises :class:`BudgetExceeded`."""
    size = len(fmt) + _weigh(args, "the % arguments")
    for m in _PERCENT.finditer(fmt):
        width, precision = m.group(1), m.group(2)
        if "*" in (width, precision):
            raise BudgetExceeded("'*' widths in % formats are not allowed")
        for digits in (width, precision):
            if digits:
                size += MAX_STRING + 1 if len(digits) > 7 else int(digits)
    _count("a % format", size)


def _check_spec(spec: str, value: Any, running: list[int]) -> None:
    size = _weigh(value, "a formatted value")
    for digits in re.findall(r"\d+", spec):
        size += MAX_STRING + 1 if len(digits) > 7 else int(digits)
    running[0] += size + len(spec)
    _count("a .format() result", running[0])


class _Bounded:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._running = [0]

    def format_field(self, value: Any, format_spec: str) -> Any:
        _check_spec(format_spec, value, self._running)
        return super().format_field(value, format_spec)  # type: ignore[misc]


class _BoundedFormatter(_Bounded, SandboxedFormatter):
    pass


class _BoundedEscapeFormatter(_Bounded, SandboxedEscapeFormatter):
    pass


# -- filters ---------------------------------------------------------------------------


def _est_center(a: list, kw: dict) -> None:
    _count("|center", max(_length(a[0]), _as_int(a[1] if len(a) > 1 else kw.get("width", 80))))


def _est_indent(a: list, kw: dict) -> None:
    width = a[1] if len(a) > 1 else kw.get("width", 4)
    w = len(width) if isinstance(width, str) else _as_int(width)
    _count("|indent", _length(a[0]) + (str(a[0]).count("\n") + 1) * w)


def _est_format(a: list, kw: dict) -> None:
    check_percent(str(a[0]), kw or tuple(a[1:]))


def _replace_size(s: Any, old: Any, new: Any) -> int:
    s, old, new = str(s), str(old), str(new)
    if not old:
        return len(s) + (len(s) + 1) * len(new)
    return len(s) + s.count(old) * max(0, len(new) - len(old))


def _est_replace(a: list, kw: dict) -> None:
    old = a[1] if len(a) > 1 else kw.get("old", "")
    new = a[2] if len(a) > 2 else kw.get("new", "")
    _count("|replace", _replace_size(a[0], old, new))


def _est_join(a: list, kw: dict) -> None:
    sep = a[1] if len(a) > 1 else kw.get("d", "")
    _count("|join", _weigh(a[0]) + len(str(sep)) * _length(a[0]))


def _est_wordwrap(a: list, kw: dict) -> None:
    wrap = a[4] if len(a) > 4 else kw.get("wrapstring") or "\n"
    _count("|wordwrap", _length(a[0]) * (1 + len(str(wrap))))


def _est_truncate(a: list, kw: dict) -> None:
    end = a[3] if len(a) > 3 else kw.get("end", "...")
    _count("|truncate", _length(a[0]) + len(str(end)))


def _est_batch(a: list, kw: dict) -> None:
    _count("|batch", _as_int(a[1] if len(a) > 1 else kw.get("linecount", 0)) + _length(a[0]))


def _est_slice(a: list, kw: dict) -> None:
    n = _as_int(a[1] if len(a) > 1 else kw.get("slices", 0))
    if n > MAX_RANGE:
        raise BudgetExceeded(f"|slice into {n:,} slices; at most {MAX_RANGE:,}")


def _est_nested(name: str, indent_arg: int) -> Callable[[list, dict], None]:
    def est(a: list, kw: dict) -> None:
        indent = a[indent_arg] if len(a) > indent_arg else kw.get("indent", 1)
        step = len(indent) if isinstance(indent, str) else _as_int(indent, 1)
        weight, depth = measure(a[0])
        _count(f"|{name}", weight * (2 + step * depth))
    return est


def _est_round(a: list, kw: dict) -> None:
    p = a[1] if len(a) > 1 else kw.get("precision", 0)
    if abs(_as_int(p)) > 1000:
        raise BudgetExceeded("|round precision beyond ±1000 digits")


def _est_urlize(a: list, kw: dict) -> None:
    extra = sum(len(str(kw.get(k) or "")) for k in ("target", "rel")) + sum(len(str(x)) for x in a[4:6])
    _count("|urlize", _length(a[0]) * (16 + extra))


def _est_sum(a: list, kw: dict) -> None:
    start = a[2] if len(a) > 2 else kw.get("start", 0)
    if not isinstance(start, (int, float)):
        _count("|sum", _weigh(a[0]) * max(1, _length(a[0])))


_ESTIMATES: dict[str, Callable[[list, dict], None]] = {
    "center": _est_center, "indent": _est_indent, "format": _est_format, "replace": _est_replace,
    "join": _est_join, "wordwrap": _est_wordwrap, "truncate": _est_truncate, "batch": _est_batch,
    "slice": _est_slice, "tojson": _est_nested("tojson", 1), "pprint": _est_nested("pprint", 99),
    "round": _est_round, "urlize": _est_urlize, "sum": _est_sum,
}
#: Filters whose first argument may be a one-shot iterator that the estimate must size first.
_MATERIALISE = frozenset({"join", "sum"})


class _Rewrite(NodeTransformer):
    """Route every ``for`` loop's items and every ``~`` through the budgets."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        node.iter = nodes.Filter(node.iter, "_pk_steps", [], [], None, None, lineno=node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        return nodes.Filter(nodes.Tuple(node.nodes, "load", lineno=node.lineno), "_pk_concat", [], [], None, None,
                            lineno=node.lineno)


class SandboxEnvironment(ImmutableSandboxedEnvironment):
    """jinja2's immutable sandbox with printkit's budgets (module docstring).

    Options are :class:`jinja2.Environment`'s; ``undefined`` defaults to
    :class:`jinja2.StrictUndefined`.  ``total_seconds``: wall-clock seconds
    all renders of this environment may take together (``None``: no limit
    beyond :data:`TIME_BUDGET` each).  Render with :func:`render`.
    """

    intercepted_binops = frozenset({"*", "%", "**", "+"})

    def __init__(self, *, total_seconds: float | None = None, **options: Any):
        options.setdefault("undefined", jinja2.StrictUndefined)
        options["finalize"] = self._finalize
        super().__init__(**options)
        self.budget = Budget()
        self.total_seconds = total_seconds
        self.spent = 0.0
        self.globals["range"] = self._range
        self.globals["lipsum"] = self._lipsum
        for name, func in list(self.filters.items()):
            self.filters[name] = self._wrap_filter(name, func)
        self.filters["_pk_steps"] = self._steps
        self.filters["_pk_concat"] = pass_eval_context(lambda eval_ctx, parts: self._concat(eval_ctx, parts))

    # compiling: loops and ~ go through the budgets
    def _generate(self, source: nodes.Template, name: str | None, filename: str | None,
                  defer_init: bool = False) -> str:
        source = _Rewrite().visit(source)
        source.set_environment(self)
        return super()._generate(source, name, filename, defer_init=defer_init)

    # the pieces the compiled template calls
    def _steps(self, iterable: Any) -> Iterator[Any]:
        budget = self.budget
        for item in iterable:
            budget.tick()
            yield item

    def _concat(self, eval_ctx: Any, parts: tuple) -> str:
        self.budget.tick()
        size = sum(_weigh(p, "a part of ~") for p in parts)
        _count("a ~ concatenation", size)
        rv = markup_join(parts) if eval_ctx.autoescape else str_join(parts)
        self._produced(rv)
        return rv

    def concat(self, parts: Any) -> str:  # type: ignore[override]  # joins block, macro and filter-block bodies
        budget, size, buf = self.budget, 0, []
        for part in parts:
            budget.tick()
            size += len(part)
            if size > MAX_STRING:
                raise _too_big("a block, macro or {% set %} body", size)
            buf.append(part)
        budget.produce(size)
        return "".join(buf)

    def _finalize(self, value: Any) -> Any:
        self.budget.tick()
        _weigh(value, "a {{ }} value")
        return value

    def _range(self, *args: Any) -> range:
        rng = range(*args)
        try:
            n = len(rng)
        except OverflowError:
            n = MAX_RANGE + 1
        if n > MAX_RANGE:
            raise BudgetExceeded(f"range() of more than {MAX_RANGE:,} numbers")
        return rng

    def _lipsum(self, n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:
        from jinja2.utils import generate_lorem_ipsum

        if not (0 <= _as_int(n) <= 100 and 0 <= _as_int(min) <= 1000 and 0 <= _as_int(max) <= 1000):
            raise BudgetExceeded("lipsum() of more than 100 paragraphs of 1000 words")
        return generate_lorem_ipsum(n=n, html=html, min=min, max=max)

    def _produced(self, rv: Any) -> Any:
        if isinstance(rv, _SEQUENCES):
            _count("a value", len(rv))
            self.budget.produce(len(rv))
        elif isinstance(rv, int) and rv.bit_length() > MAX_INT_BITS:
            raise BudgetExceeded(f"a whole number of more than {MAX_INT_BITS:,} bits")
        return rv

    def _wrap_filter(self, name: str, func: Callable) -> Callable:
        skip = 1 if getattr(func, "jinja_pass_arg", None) is not None else 0
        estimate = _ESTIMATES.get(name)
        materialise = name in _MATERIALISE

        @wraps(func)
        def checked(*args: Any, **kwargs: Any) -> Any:
            self.budget.tick()
            if materialise and len(args) > skip and not isinstance(args[skip], (list, tuple, str, dict)):
                args = args[:skip] + (list(self._steps(args[skip])),) + args[skip + 1:]
            for a in args[skip:]:
                _weigh(a, f"the input of |{name}")
            for a in kwargs.values():
                _weigh(a, f"an argument of |{name}")
            if estimate is not None and len(args) > skip:
                estimate(list(args[skip:]), kwargs)
            return self._produced(func(*args, **kwargs))

        return checked

    # sandbox hooks
    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        self.budget.tick()
        if operator == "*":
            if isinstance(left, int) and isinstance(right, int):
                if left.bit_length() + right.bit_length() > MAX_INT_BITS:
                    raise BudgetExceeded(f"a whole number of more than {MAX_INT_BITS:,} bits")
            elif isinstance(right, int) and isinstance(left, _SEQUENCES):
                _count("'…' * n", len(left) * max(right, 0))
            elif isinstance(left, int) and isinstance(right, _SEQUENCES):
                _count("n * '…'", len(right) * max(left, 0))
        elif operator == "**":
            if isinstance(left, int) and isinstance(right, int) and right > 0 and abs(left) > 1:
                if right > MAX_INT_BITS or left.bit_length() * right > MAX_INT_BITS:
                    raise BudgetExceeded(f"a whole number of more than {MAX_INT_BITS:,} bits")
        elif operator == "%":
            if isinstance(left, str):
                check_percent(left, right)
        elif operator == "+":
            if isinstance(left, _SEQUENCES) and isinstance(right, _SEQUENCES):
                _count("a + b", len(left) + len(right))
        return self._produced(self.binop_table[operator](left, right))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        if not isinstance(value, (types.MethodType, types.BuiltinMethodType)) or \
                value.__name__ not in ("format", "format_map") or not isinstance(value.__self__, str):
            return None
        f_self = value.__self__
        is_map = value.__name__ == "format_map"
        env = self

        def wrapper(*args: Any, **kwargs: Any) -> str:
            if is_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one positional argument")
                kwargs, args = args[0], ()
            formatter = (_BoundedEscapeFormatter(env, escape=f_self.escape) if hasattr(f_self, "__html__")
                         else _BoundedFormatter(env))
            return env._produced(type(f_self)(formatter.vformat(f_self, args, kwargs)))

        return wraps(value)(wrapper)

    def call(self, context: Any, obj: Any, /, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        self.budget.tick()
        for a in args:
            _weigh(a, "a call argument")
        for a in kwargs.values():
            _weigh(a, "a call argument")
        if isinstance(obj, (types.BuiltinMethodType, types.MethodType)):
            args = self._check_method(obj, args, kwargs)
        return self._produced(super().call(context, obj, *args, **kwargs))

    def _check_method(self, obj: Any, args: tuple, kwargs: dict) -> tuple:
        name, owner = getattr(obj, "__name__", ""), getattr(obj, "__self__", None)
        if isinstance(owner, (str, bytes, bytearray)):
            first = args[0] if args else next(iter(kwargs.values()), None)
            if name in ("center", "ljust", "rjust", "zfill"):
                _count(f".{name}()", max(len(owner), _as_int(first)))
            elif name == "expandtabs":
                tab = 8 if first is None else _as_int(first)
                _count(".expandtabs()", len(owner) + owner.count("\t" if isinstance(owner, str) else b"\t") * tab)
            elif name == "replace" and len(args) >= 2 and isinstance(owner, str):
                _count(".replace()", _replace_size(owner, args[0], args[1]))
            elif name == "join" and args:
                items = list(self._steps(args[0]))
                _count(".join()", _weigh(items) + len(owner) * len(items))
                args = (items,) + args[1:]
            elif name == "translate":
                table = first if isinstance(first, dict) else {}
                longest = max((_weigh(v) for v in table.values()), default=1)
                _count(".translate()", len(owner) * max(1, longest))
            elif name in ("encode", "hex"):
                _count(f".{name}()", 4 * len(owner))
        elif isinstance(owner, int) and name == "to_bytes":
            _count(".to_bytes()", _as_int(args[0] if args else kwargs.get("length", 1), 1))
        return args


def environment(**options: Any) -> SandboxEnvironment:
    """A :class:`SandboxEnvironment` with jinja2 ``options`` (``loader``,
    ``autoescape``, ``trim_blocks``…; ``undefined`` defaults to
    ``StrictUndefined``)."""
    return SandboxEnvironment(**options)


# -- rendering and errors --------------------------------------------------------------


def _template_line(exc: BaseException) -> tuple[str | None, int | None]:
    """(file, line) of the innermost template frame in ``exc``'s traceback."""
    found: tuple[str | None, int | None] = (None, None)
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        fn = frame.f_code.co_filename
        if not fn.endswith(".py") and not fn.startswith("<frozen"):
            found = (fn, lineno)
    return found


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    if len(text) > limit:
        text = text[: limit - 20] + "…" + text[-19:]
    return escape_display(text)


def _place(label: str, file: str | None, line: int | None) -> str:
    if file and not file.startswith("<"):
        label = escape_display(file)  # the file where it happened (an included or parent template)
    return f"{label}, line {line}" if line else label


def error(exc: BaseException, label: str) -> TemplateError:
    """The :class:`TemplateError` for ``exc`` raised while compiling or
    rendering a template; ``label`` names the template (usually its path)."""
    if isinstance(exc, jinja2.TemplateSyntaxError):
        file, line = exc.filename, exc.lineno
        kind, reason = "syntax", f"template syntax error: {_short(exc.message or '')}"
    else:
        file, line = _template_line(exc)
        if isinstance(exc, SecurityError):
            kind, reason = "security", f"not allowed in a template: {_short(str(exc))}"
        elif isinstance(exc, jinja2.UndefinedError):
            kind, reason = "undefined", _short(exc.message or str(exc))
        elif isinstance(exc, BudgetExceeded):
            kind, reason = "budget", f"template over budget: {_short(str(exc))}"
        elif isinstance(exc, RecursionError):
            kind, reason = "error", "template error: calls nest too deeply"
        elif isinstance(exc, MemoryError):
            kind, reason = "budget", "template over budget: out of memory"
        else:
            kind, reason = "error", f"template error: {type(exc).__name__}: {_short(str(exc))}"
    return TemplateError(f"{_place(label, file, line)}: {reason}", reason, kind, line)


@contextmanager
def _guarded(env: SandboxEnvironment, label: str, seconds: float | None) -> Iterator[None]:
    if env.total_seconds is not None:
        left = env.total_seconds - env.spent
        seconds = left if seconds is None else min(seconds, left)
        if seconds <= 0:
            raise TemplateError(f"{label}: template over budget: its templates took longer than "
                                f"{env.total_seconds:g} s in all", "over budget", "budget", None)
    previous = env.budget
    env.budget = Budget(seconds)
    start = time.monotonic()
    try:
        with watchdog(seconds):
            yield
    except TemplateError:
        raise
    except PrintkitError:
        raise
    except (jinja2.TemplateNotFound, KeyboardInterrupt):
        raise
    except (Exception, RecursionError, MemoryError) as exc:
        raise error(exc, label) from None
    finally:
        env.spent += time.monotonic() - start
        env.budget = previous


def compile_string(env: SandboxEnvironment, source: str, label: str,
                   seconds: float | None = TIME_BUDGET) -> jinja2.Template:
    """Compile ``source`` (text of a template) in ``env`` within the budgets.
    Raises :class:`TemplateError` (naming ``label`` and the line) for a syntax
    error or an over-budget compile."""
    with _guarded(env, label, seconds):
        return env.from_string(source)


def load(env: SandboxEnvironment, name: str, label: str | None = None,
         seconds: float | None = TIME_BUDGET) -> jinja2.Template:
    """Load and compile template ``name`` through ``env``'s loader.  Raises
    :class:`TemplateError` for a syntax error (naming the file and line) and
    lets ``jinja2.TemplateNotFound`` through for the caller to word."""
    with _guarded(env, label or name, seconds):
        return env.get_template(name)


def render(template: jinja2.Template, context: Mapping[str, Any], label: str,
           seconds: float | None = TIME_BUDGET) -> str:
    """Render ``template`` (from a :class:`SandboxEnvironment`) with
    ``context`` to a string, streaming it and stopping at :data:`MAX_OUTPUT`
    characters.  ``seconds``: wall-clock budget (see :func:`watchdog`).

    Raises :class:`TemplateError` (``kind`` "undefined" for a missing name)
    naming ``label`` — or the file of an included/extended template — and
    the line; ``KeyboardInterrupt`` on a stop request.
    """
    env = template.environment
    if not isinstance(env, SandboxEnvironment):
        raise TypeError("sandbox.render needs a template of a SandboxEnvironment")
    out: list[str] = []
    with _guarded(env, label, seconds):
        size = 0
        budget = env.budget
        for chunk in template.generate(context):
            size += len(chunk)
            if size > MAX_OUTPUT:
                raise BudgetExceeded(f"output longer than {MAX_OUTPUT:,} characters")
            budget.produce(len(chunk))
            out.append(chunk)
    return "".join(out)


# -- plain {name} fields: printkit.textfields (no jinja2, so the scorers load without it) --

from printkit.textfields import fill_fields, plain_fields  # noqa: E402,F401  (re-exported)
