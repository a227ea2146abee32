// Math.sin / Math.cos per input range, and direct versus monomorphic versus polymorphic call sites.
//
// Each iteration calls the function over a fixed, precomputed Float64Array of N inputs and sums the results, so
// the time per call is the time per iteration divided by the `calls` counter.

const N = 256;

// Correctly rounded references (computed with 2000-bit MPFR arithmetic): [x, sin(x), cos(x)].
const REFERENCE = {
  small: [
    [0.5, 0.479425538604203, 0.8775825618903728],
    [-0.7853981633974483, -0.7071067811865475, 0.7071067811865476],
  ],
  medium: [
    [1, 0.8414709848078965, 0.5403023058681398],
    [3, 0.1411200080598672, -0.9899924966004454],
    [100, -0.5063656411097588, 0.8623188722876839],
    [1000, 0.8268795405320025, 0.5623790762907029],
  ],
  large: [
    [1e6, -0.34999350217129294, 0.9367521275331447],
    [123456789, 0.9901147518020355, 0.14025968153390964],
    [1e10, -0.4875060250875107, 0.873119622676856],
  ],
  special: [
    [1.5707963267948966, 1, 6.123233995736766e-17],
    [3.141592653589793, 1.2246467991473532e-16, -1],
    [4.71238898038469, -1, -1.8369701987210297e-16],
    [9.313225746154785e-10, 9.313225746154785e-10, 1],
  ],
  // Outside every range's inputs, checked in every case: deep range reduction.
  beyond: [
    [1e22, -0.8522008497671888, 0.523214785395139],
    [1e300, -0.8178819121159085, -0.5753861119575491],
  ],
};

const bits = new Float64Array(1);
const bitsInt = new BigInt64Array(bits.buffer);

// The adjacent double away from zero (delta 1) or towards zero (delta -1); x must be finite and non-zero.
function adjacent(x, delta) {
  bits[0] = x;
  bitsInt[0] += BigInt(delta);
  return bits[0];
}

function specialInputs(rnd) {
  const xs = [0, -0, 5e-324, -5e-324, 2.2250738585072014e-308, 2.225073858507201e-308, 1e-310, -1e-320,
    2 ** -27, -(2 ** -26), 1e-300, NaN, Infinity, -Infinity];
  // Multiples of pi/2 (as doubles) and their neighbours: where the result is near 0 or +-1 and the range
  // reduction must keep every bit.
  for (let k = 1; xs.length < N - 64; k++) {
    const x = (k % 2 ? 1 : -1) * k * (Math.PI / 2);
    xs.push(x, adjacent(x, 1), adjacent(x, -1));
  }
  for (const k of [1 << 20, 1e6, 3141592, 1e8]) xs.push(k * (Math.PI / 2));
  while (xs.length < N) xs.push((rnd() - 0.5) * 1e-308); // denormals and tiny normals
  return xs;
}

function makeInputs(range) {
  const rnd = seededRandom(0x7219 + ['small', 'medium', 'large', 'special'].indexOf(range));
  const xs = [];
  for (const [x] of REFERENCE[range]) xs.push(x);
  if (range === 'special') {
    xs.push(...specialInputs(rnd));
  } else {
    while (xs.length < N) {
      const u = rnd();
      const sign = rnd() < 0.5 ? -1 : 1;
      if (range === 'small') xs.push((u * 2 - 1) * (Math.PI / 4));
      else if (range === 'medium') xs.push((u * 2 - 1) * 1e3);
      else xs.push(sign * 10 ** (6 + 4 * u)); // large: 1e6 .. 1e10
    }
  }
  return Float64Array.from(xs.slice(0, N));
}

function near(got, want) {
  return got === want || Math.abs(got - want) <= 1e-15 * Math.abs(want);
}

// Sanity the engine promises nothing more exact than: ranges, identities, signed zeros, NaN, and the correctly
// rounded references to within about 4 ulp.
function checkTrig(s) {
  const problems = [];
  const say = (what) => {
    if (problems.length < 5) problems.push(what);
  };
  for (const [, rows] of Object.entries(REFERENCE)) {
    for (const [x, sx, cx] of rows) {
      if (!near(Math.sin(x), sx)) say(`sin(${x}) = ${Math.sin(x)}, expected ${sx}`);
      if (!near(Math.cos(x), cx)) say(`cos(${x}) = ${Math.cos(x)}, expected ${cx}`);
    }
  }
  if (!Object.is(Math.sin(0), 0) || !Object.is(Math.sin(-0), -0)) say('sin(+-0) must be +-0');
  if (Math.cos(0) !== 1 || Math.cos(-0) !== 1) say('cos(+-0) must be 1');
  for (const x of [NaN, Infinity, -Infinity]) {
    if (!Number.isNaN(Math.sin(x)) || !Number.isNaN(Math.cos(x))) say(`sin/cos(${x}) must be NaN`);
  }
  for (const x of s.xs) {
    const sx = Math.sin(x);
    const cx = Math.cos(x);
    if (!Number.isFinite(x)) {
      if (!Number.isNaN(sx) || !Number.isNaN(cx)) say(`sin/cos(${x}) = ${sx}/${cx}, expected NaN`);
      continue;
    }
    if (!(Math.abs(sx) <= 1) || !(Math.abs(cx) <= 1)) say(`|sin| or |cos| of ${x} above 1: ${sx}, ${cx}`);
    if (!(Math.abs(sx * sx + cx * cx - 1) <= 1e-15)) say(`sin^2 + cos^2 of ${x} is ${sx * sx + cx * cx}`);
    if (!Object.is(Math.sin(-x), -sx) || !Object.is(Math.cos(-x), cx)) say(`sin/cos of ${x} is not odd/even`);
    if (Math.abs(x) < 2 ** -27) {
      if (!(Math.abs(sx - x) <= Math.abs(x) * 2 ** -52) || Math.sign(sx) !== Math.sign(x)) say(`sin(${x}) = ${sx}`);
      if (!(cx >= 1 - 2 ** -53)) say(`cos(${x}) = ${cx}`);
    }
  }
  if (problems.length) throw new Error(`${s.range}: ${problems.join('; ')}`);
}

// The sum each bench returns, recomputed in the plain way.
function expectSum(s, r, term) {
  let t = 0;
  for (let i = 0; i < s.xs.length; i++) t += term(s.xs[i], i);
  if (!Object.is(t, r)) throw new Error(`${s.range}: the bench returned ${r}, expected ${t}`);
}

const callsOnce = (s) => ({ calls: s.xs.length });
const callsTwice = (s) => ({ calls: 2 * s.xs.length });

suite({
  name: 'trig',
  realm: 'v8',
  description:
    'Math.sin and Math.cos over 256 precomputed inputs per iteration (time per call = time / calls), per input ' +
    'range: `small` |x| < pi/4 (no range reduction), `medium` |x| < 1e3, `large` 1e6..1e10 (costly range ' +
    'reduction), `special` denormals, +-0, NaN, +-Infinity and doubles next to multiples of pi/2. `sincos` calls ' +
    'both per input; `sin_monomorphic` calls Math.sin through a variable that only ever holds it; ' +
    '`sin_polymorphic` calls through one call site that alternates between Math.sin and Math.cos, so compare it ' +
    'with `sin_monomorphic` and `sin` (the direct call) for the cost of a call site that can no longer inline a ' +
    'single builtin. The trig path (fdlibm or libm-based) is recorded with each result; compare paths with ' +
    '--fast-trig / --no-fast-trig where the V8 build has both. Checks: correctly rounded references within 1e-15 ' +
    'relative, |sin|,|cos| <= 1, sin^2 + cos^2 = 1 within 1e-15, signed zeros, NaN for NaN and Infinity.',
  params: { range: ['small', 'medium', 'large', 'special'] },
  quick: { range: ['small', 'medium', 'large', 'special'] },
  setup(p) {
    return { range: p.range, xs: makeInputs(p.range), sinFn: Math.sin, fns: [Math.sin, Math.cos] };
  },
  benches: {
    sin: {
      fn(s) {
        const xs = s.xs;
        let t = 0;
        for (let i = 0; i < xs.length; i++) t += Math.sin(xs[i]);
        return t;
      },
      check(s, r) {
        checkTrig(s);
        expectSum(s, r, (x) => Math.sin(x));
      },
      counters: callsOnce,
      floor: (st) => ({ kind: 'sin', inputs: st.xs }),
    },
    cos: {
      fn(s) {
        const xs = s.xs;
        let t = 0;
        for (let i = 0; i < xs.length; i++) t += Math.cos(xs[i]);
        return t;
      },
      check(s, r) {
        checkTrig(s);
        expectSum(s, r, (x) => Math.cos(x));
      },
      counters: callsOnce,
      floor: (st) => ({ kind: 'cos', inputs: st.xs }),
    },
    sincos: {
      fn(s) {
        const xs = s.xs;
        let t = 0;
        for (let i = 0; i < xs.length; i++) {
          const x = xs[i];
          t += Math.sin(x) * 0.5 + Math.cos(x);
        }
        return t;
      },
      check(s, r) {
        checkTrig(s);
        expectSum(s, r, (x) => Math.sin(x) * 0.5 + Math.cos(x));
      },
      counters: callsTwice,
      floor: (st) => ({ kind: 'sincos', inputs: st.xs }),
    },
    sin_monomorphic: {
      fn(s) {
        const xs = s.xs;
        const f = s.sinFn;
        let t = 0;
        for (let i = 0; i < xs.length; i++) t += f(xs[i]);
        return t;
      },
      check(s, r) {
        checkTrig(s);
        expectSum(s, r, (x) => Math.sin(x));
      },
      counters: callsOnce,
      floor: (st) => ({ kind: 'sin', inputs: st.xs }),
    },
    sin_polymorphic: {
      fn(s) {
        const xs = s.xs;
        const fns = s.fns;
        let t = 0;
        for (let i = 0; i < xs.length; i++) {
          const f = fns[i & 1];
          t += f(xs[i]);
        }
        return t;
      },
      check(s, r) {
        checkTrig(s);
        expectSum(s, r, (x, i) => (i & 1 ? Math.cos(x) : Math.sin(x)));
      },
      counters: callsOnce,
    },
  },
});
