"""GitHub Actions expressions (`${{ ... }}` and `if:`), enough of them to run the CI recipes of
Examples/ci here (run_ci_recipes.py): literals ('text', numbers, true, false, null), contexts read
by dotted names (`steps.pin.outputs.key`, `matrix.shard`, `vars.NAME`, `github.ref`), the
operators `!`, `==`, `!=`, `&&`, `||` and parentheses, and the status functions `success()`,
`failure()`, `always()` and `cancelled()`.

Anything else is an error (ExpressionError), never a guess: a recipe that starts using more of the
language fails its test until this module learns it.

As GitHub evaluates them: `a || b` is the first truthy operand (else the last), `a && b` the first
falsy one (else the last); `==` compares strings without regard to case, and a missing context
property is null. An `if:` without a status function means `success() && (...)`.
"""

import re

TOKEN = re.compile(r"\s*(?:(?P<string>'(?:[^']|'')*')|(?P<number>\d+(?:\.\d+)?)|(?P<operator>==|!=|&&|\|\||!|\(|\))"
                   r"|(?P<name>[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*(?:\(\))?))")
STATUS_FUNCTIONS = ("success()", "failure()", "always()", "cancelled()")


class ExpressionError(Exception):
    """An expression this module cannot read."""


def tokens(text):
    position, found = 0, []
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = TOKEN.match(text, position)
        if not match:
            raise ExpressionError(f"cannot read the expression {text!r} at {text[position:]!r}")
        kind = match.lastgroup
        found.append((kind, match.group(kind)))
        position = match.end()
    return found


class Evaluator:
    """Evaluates expressions against `contexts` (a dict of dicts: {"steps": {...}, "matrix": {...}})
    and `status`, the state the status functions read: "success" or "failure"."""

    def __init__(self, contexts, status="success"):
        self.contexts = contexts
        self.status = status

    def value(self, text):
        self.tokens, self.position = tokens(text), 0
        result = self.either()
        if self.position != len(self.tokens):
            raise ExpressionError(f"unexpected {self.tokens[self.position][1]!r} in {text!r}")
        return result

    def condition(self, text):
        """Whether an `if:` holds; `${{ }}` around it is optional, as on GitHub."""
        text = text.strip() if isinstance(text, str) else str(text).lower()
        if text.startswith("${{") and text.endswith("}}"):
            text = text[3:-2].strip()
        if not any(function in text for function in STATUS_FUNCTIONS):
            text = f"success() && ({text})"
        return truthy(self.value(text))

    def interpolate(self, text):
        """The text with each `${{ expression }}` replaced by its value."""
        def replace(match):
            value = self.value(match.group(1))
            return "" if value is None else (str(value).lower() if isinstance(value, bool) else str(value))
        return re.sub(r"\$\{\{(.*?)\}\}", replace, text)

    def peek(self):
        return self.tokens[self.position][1] if self.position < len(self.tokens) else None

    def take(self):
        token = self.tokens[self.position]
        self.position += 1
        return token

    def either(self):
        left = self.both()
        while self.peek() == "||":
            self.take()
            right = self.both()
            left = left if truthy(left) else right
        return left

    def both(self):
        left = self.comparison()
        while self.peek() == "&&":
            self.take()
            right = self.comparison()
            left = right if truthy(left) else left
        return left

    def comparison(self):
        left = self.unary()
        while self.peek() in ("==", "!="):
            operator = self.take()[1]
            right = self.unary()
            equal = folded(left) == folded(right)
            left = equal if operator == "==" else not equal
        return left

    def unary(self):
        if self.peek() == "!":
            self.take()
            return not truthy(self.unary())
        return self.primary()

    def primary(self):
        if self.position >= len(self.tokens):
            raise ExpressionError("the expression ends too soon")
        kind, text = self.take()
        if text == "(" and kind == "operator":
            value = self.either()
            if self.peek() != ")":
                raise ExpressionError("a '(' is not closed")
            self.take()
            return value
        if kind == "string":
            return text[1:-1].replace("''", "'")
        if kind == "number":
            return float(text) if "." in text else int(text)
        if kind == "name":
            return self.name(text)
        raise ExpressionError(f"unexpected {text!r}")

    def name(self, text):
        if text in ("true", "false"):
            return text == "true"
        if text == "null":
            return None
        if text.endswith("()"):
            functions = {"success()": self.status == "success", "failure()": self.status == "failure",
                         "always()": True, "cancelled()": False}
            if text not in functions:
                raise ExpressionError(f"unknown function {text}")
            return functions[text]
        parts = text.split(".")
        if parts[0] not in self.contexts:
            raise ExpressionError(f"unknown context {parts[0]!r} in {text!r}")
        value = self.contexts[parts[0]]
        for part in parts[1:]:
            value = value.get(part) if isinstance(value, dict) else None
        return value


def truthy(value):
    return value not in (None, False, 0, "")


def folded(value):
    return value.lower() if isinstance(value, str) else value
