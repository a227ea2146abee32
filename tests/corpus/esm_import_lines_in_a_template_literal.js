// A mitata file whose template literal holds lines that read like import/export statements: text rewriting
// turned them into require() calls (the file's data silently changed). Node's loader leaves data alone.
// args: list {self}
// exit: 0
// stdout: esm_import_lines_in_a_template_literal/unchanged
import { bench } from 'mitata';

const snippet = `
import { helper } from 'mitata';
export { helper as renamed };
`;
if (!snippet.includes("\nimport { helper } from 'mitata';\nexport { helper as renamed };\n")) {
  throw new Error(`the template literal changed: ${JSON.stringify(snippet)}`);
}
bench('unchanged', () => snippet.length);
