// A server-rendering request, allocation-heavy and short-lived: the young generation's workload.
//
// Per iteration: JSON round-trip the page props (as getServerSideProps data is serialised and read back), build a
// React-like element tree through function components, render it to an HTML string with escaping, and embed the
// props for hydration. Almost everything dies young, so the scavenger's cost depends on the semi-space size.

const ITEM_ELEMENTS = 10; // elements one <Item> renders (see Item below)

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'fast', 'blue', 'quiet', 'river', 'stone', 'light', 'paper', 'cloud'];
const TAGS = ['new', 'sale', 'eco', 'hot', 'gift', 'pro'];

// The page data: `items` products, deterministic. Item 1's title carries markup that must come out escaped.
function makeProps(items) {
  const rnd = seededRandom(0xc0ffee);
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const list = [];
  for (let i = 0; i < items; i++) {
    list.push({
      id: `item-${i}`,
      title: i === 1 ? 'Fish & Chips <script>alert(1)</script>' : `${pick(WORDS)} ${pick(WORDS)} ${i}`,
      author: { name: `${pick(WORDS)} ${pick(WORDS)}`, avatar: `/img/u${Math.floor(rnd() * 1000)}.png` },
      price: Math.round(rnd() * 100000) / 100,
      rating: Math.round(rnd() * 50) / 10,
      tags: [pick(TAGS), pick(TAGS)],
      inStock: rnd() < 0.8,
      updatedAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(rnd() * 3e10)).toISOString(),
    });
  }
  return { page: { title: 'Catalogue', locale: 'en-GB', user: { id: 42, name: 'Ada' } }, items: list };
}

// --- a tiny React-like element model ---

function h(type, props, ...children) {
  const p = props || {};
  return { $$typeof: 'element', type, key: p.key === undefined ? null : p.key, props: { ...p, children } };
}

function Price({ value }) {
  return h('span', { className: 'price', style: { fontWeight: 600, color: value > 500 ? '#b00' : '#222' } },
    `$${value.toFixed(2)}`);
}

function Item({ item }) {
  return h('li', { className: item.inStock ? 'item' : 'item sold-out', key: item.id, 'data-id': item.id },
    h('h3', null, h('a', { href: `/p/${item.id}` }, item.title)),
    h(Price, { value: item.price }),
    h('span', { className: 'rating', title: `${item.rating} of 5` }, `${item.rating} stars`),
    h('ul', { className: 'tags' }, ...item.tags.map((t, i) => h('li', { key: `${t}${i}` }, t))),
    h('img', { src: item.author.avatar, alt: item.author.name, width: 24, height: 24 }),
    h('time', { dateTime: item.updatedAt, hidden: !item.inStock }, item.updatedAt.slice(0, 10)));
}

function Page({ data }) {
  return h('html', { lang: data.page.locale },
    h('head', null, h('title', null, data.page.title)),
    h('body', null,
      h('header', { className: 'top' }, `Hello, ${data.page.user.name}`),
      h('ul', { className: 'grid', style: { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)' } },
        ...data.items.map((item) => h(Item, { item, key: item.id })))));
}

// --- render to string ---

const ESCAPE = /[&<>"']/g;
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\'': '&#39;' };
const escapeHtml = (s) => (ESCAPE.test(s) ? s.replace(ESCAPE, (c) => ESCAPES[c]) : s);
const VOID = new Set(['img', 'br', 'hr', 'input', 'meta', 'link']);
const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function styleString(style) {
  let out = '';
  for (const [k, v] of Object.entries(style)) out += `${out ? ';' : ''}${kebab(k)}:${v}`;
  return out;
}

function renderElement(node, out) {
  if (node === null || node === undefined || node === false) return;
  if (typeof node === 'string' || typeof node === 'number') {
    out.push(escapeHtml(String(node)));
    return;
  }
  if (typeof node.type === 'function') {
    renderElement(node.type(node.props), out);
    return;
  }
  let open = `<${node.type}`;
  for (const [name, value] of Object.entries(node.props)) {
    if (name === 'children' || name === 'key' || value === false || value === null) continue;
    const attr = name === 'className' ? 'class' : name;
    if (value === true) open += ` ${attr}`;
    else if (name === 'style') open += ` style="${escapeHtml(styleString(value))}"`;
    else open += ` ${attr}="${escapeHtml(String(value))}"`;
  }
  out.push(`${open}>`);
  if (VOID.has(node.type)) return;
  for (const child of node.props.children) renderElement(child, out);
  out.push(`</${node.type}>`);
}

function renderToString(element) {
  const out = ['<!DOCTYPE html>'];
  renderElement(element, out);
  return out.join('');
}

// Builds the element tree with every function component expanded (what a renderer materialises).
function expand(node) {
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.type === 'function') return expand(node.type(node.props));
  return { ...node, props: { ...node.props, children: node.props.children.map(expand) } };
}

function countElements(node) {
  if (node === null || typeof node !== 'object') return 0;
  let n = 1;
  for (const c of node.props.children) n += countElements(c);
  return n;
}

const hydrationScript = (props) =>
  `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(props).replace(/</g, '\\u003c')}</script>`;

function ssr(s) {
  const props = JSON.parse(s.propsJson); // the data as the page receives it
  const html = renderToString(h(Page, { data: props }));
  return html.replace('</body>', `${hydrationScript(props)}</body>`);
}

// Known output lengths: a change here means the workload changed, so results are no longer comparable.
const KNOWN_LENGTH = { ssr: { 200: 12086, 2000: 118020 }, render_to_string: { 200: 7895, 2000: 77402 } };

function checkHtml(s, html, bench) {
  const fail = (what) => {
    throw new Error(`${bench} (nodes ${s.nodes}): ${what}`);
  };
  if (typeof html !== 'string') fail(`expected an HTML string, got ${typeof html}`);
  if (!html.startsWith('<!DOCTYPE html><html lang="en-GB"><head><title>Catalogue</title>')) fail('bad document head');
  if (!html.endsWith('</body></html>')) fail('the document does not end with </body></html>');
  const items = html.split('data-id="item-').length - 1;
  if (items !== s.items) fail(`rendered ${items} items, expected ${s.items}`);
  if (!html.includes(`data-id="item-${s.items - 1}"`)) fail('the last item is missing');
  if (s.items > 1 && !html.includes('Fish &amp; Chips &lt;script&gt;alert(1)&lt;/script&gt;')) fail('text not escaped');
  if (html.includes('<script>alert(1)')) fail('raw markup from the data reached the HTML');
  if (!html.includes('style="display:grid;grid-template-columns:repeat(4, 1fr)"')) fail('style object not rendered');
  const scripts = html.split('id="__NEXT_DATA__"').length - 1;
  if (scripts !== (bench === 'ssr' ? 1 : 0)) fail(`found ${scripts} hydration scripts`);
  if (bench === 'ssr') {
    const json = html.slice(html.indexOf('application/json">') + 18, html.lastIndexOf('</script>'));
    if (json.includes('<')) fail('the hydration JSON contains a raw <');
    const back = JSON.parse(json);
    if (back.items.length !== s.items || back.items[1].title !== s.props.items[1].title) fail('hydration JSON differs');
  }
  const again = bench === 'ssr' ? ssr(s) : renderToString(s.tree);
  if (again !== html) fail('a second render produced different HTML');
  const known = KNOWN_LENGTH[bench][s.nodes];
  if (known !== undefined && html.length !== known) fail(`HTML is ${html.length} characters, expected ${known}`);
}

suite({
  name: 'young_gen',
  realm: 'v8',
  description:
    'A server-side rendering request: JSON round-trip of the page props, a React-like element tree of about ' +
    '`nodes` elements built through function components, rendered to an escaped HTML string with the props embedded ' +
    'for hydration. Nearly all of it is garbage at the end of the request, so its GC cost is scavenges and depends ' +
    'on the young generation\'s semi-space size. `ssr` is the whole request; `build_tree`, `render_to_string` ' +
    '(tree built in setup) and `json_roundtrip` are its parts. To compare semi-spaces run it once per size: ' +
    '`v8bench run suites/young_gen.js --semi-space 1`, then `--semi-space 2`, `16`, `64`, and once without the flag ' +
    'for V8\'s default (starts at 1 MB and grows); look at GC time, GC%, GCs/1k and time per iteration (and at ' +
    'peak heap, which grows with the semi-space). With `v8bench compare` (when available) use one variant per size, ' +
    'e.g. --variant small=--semi-space=1 --variant default=.',
  params: { nodes: [200, 2000] },
  quick: { nodes: [200] },
  setup(p) {
    const items = Math.max(1, Math.round(p.nodes / ITEM_ELEMENTS));
    const props = makeProps(items);
    const propsJson = JSON.stringify(props);
    const tree = expand(h(Page, { data: props }));
    return { nodes: p.nodes, items, props, propsJson, tree, elements: countElements(tree), htmlLength: 0 };
  },
  benches: {
    ssr: {
      fn: ssr,
      check(s, html) {
        checkHtml(s, html, 'ssr');
        s.htmlLength = html.length;
      },
      counters: (s) => ({ elements: s.elements, html_bytes: s.htmlLength, json_bytes: 2 * s.propsJson.length }),
    },
    build_tree: {
      fn: (s) => expand(h(Page, { data: s.props })),
      check(s, tree) {
        const n = countElements(tree);
        if (n !== s.elements) throw new Error(`built ${n} elements, expected ${s.elements}`);
        if (tree.type !== 'html' || tree.props.children[1].type !== 'body') throw new Error('unexpected tree shape');
      },
      counters: (s) => ({ elements: s.elements }),
    },
    render_to_string: {
      fn: (s) => renderToString(s.tree),
      check(s, html) {
        checkHtml(s, html, 'render_to_string');
        s.htmlLength = html.length;
      },
      counters: (s) => ({ elements: s.elements, html_bytes: s.htmlLength }),
    },
    json_roundtrip: {
      fn: (s) => JSON.parse(JSON.stringify(s.props)),
      check(s, r) {
        if (r.items.length !== s.items || r.items[s.items - 1].id !== `item-${s.items - 1}`) {
          throw new Error('the round-tripped props lost items');
        }
        if (JSON.stringify(r) !== s.propsJson) throw new Error('the round-tripped props differ from the original');
      },
      counters: (s) => ({ json_bytes: 2 * s.propsJson.length }),
    },
  },
});
