// A well-formed one-case suite, for option cases.
suite({ name: 'tiny', benches: { one: () => 1 } });
