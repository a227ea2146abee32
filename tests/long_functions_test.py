#!/usr/bin/env python3
"""tools/long_functions.py's JavaScript scan: each outermost function found with its true extent, whatever
braces its strings, template literals, regular expressions and comments hold."""

import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
import long_functions  # noqa: E402

JS = r"""const RE = /\{\s*\[native code\]\s*\}/;   // a regular expression holding braces
function first(a, b) {
  const ratio = a / b / 2;                   // division, not a regular expression
  const text = `${ { x: '}' }.x } and } {`;  // a template literal with an object inside
  const s = '}}}' + "{";                     /* a comment: { */
  return [1, 2].map((v) => {
    return v / ratio;
  });
}
const second = (x) => {
  if (x) {
    return /[}{]/.test(x);
  }
  return x;
};
class Box {
  open(lid) {
    return lid;
  }
  static make() {
    return new Box();
  }
}
const table = { key: function named() {
  return 1;
} };
"""


class JsScan(unittest.TestCase):
    def scan(self, text):
        with tempfile.TemporaryDirectory() as d:
            f = pathlib.Path(d) / "t.js"
            f.write_text(text)
            return [(name, first, last) for name, first, last in long_functions.js_functions(f)]

    def test_outermost_functions_with_their_extent(self):
        self.assertEqual(self.scan(JS), [
            ("first", 2, 9),
            ("second", 10, 15),
            ("open", 17, 19),
            ("make", 20, 22),
            ("named", 24, 26),
        ])

    def test_a_regular_expression_after_return_is_not_a_division(self):
        found = self.scan("function f(s) {\n  return /}/.test(s);\n}\nfunction g() {\n}\n")
        self.assertEqual(found, [("f", 1, 3), ("g", 4, 5)])

    def test_control_statements_are_not_functions(self):
        found = self.scan("if (a) {\n  b();\n}\nfor (const x of y) {\n}\nwhile (z) {\n}\n")
        self.assertEqual(found, [])


if __name__ == "__main__":
    unittest.main()
