// The code blocks of the documentation (docs/**/*.md, CONTRIBUTING.md, and README.md outside its Install and Quick
// start, which scripts/package-test.mjs follows as a newcomer would), and how each one is checked. The rules, also in
// CONTRIBUTING.md "Code blocks in the docs":
//
// - ```ts / ```js: a spec, run by Jest with the matchers registered (jest-k8s-placement/jest) and type-checked. Its
//   working directory holds a copy of examples/{platform,charts,kustomize}, so `loadManifests('platform/…')` reads the
//   example platform repository. A first line `// name.ext` makes the block that file instead: a `.spec.ts` is a spec
//   of that name; a config (`jest.config.js`, `vitest.config.mjs`) is loaded, and each 'jest-k8s-placement/…' entry it
//   names must resolve.
// - ```sh: each line (after its `# comment`) is a command run with bash in the same directory; it must exit 0.
// - Any block whose info string carries `no-run="why"` (```sh no-run="needs a live cluster") is not run; the reason is
//   required. Blocks with another or no language (messages, output, tsconfig excerpts) are text.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The Markdown files whose blocks are checked, relative to the repository root. */
export function docFiles() {
  const walk = (dir) => readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []);
  return ['README.md', 'CONTRIBUTING.md', ...walk('docs').sort()];
}

/** README.md's sections that scripts/package-test.mjs runs as the Install instructions; left out here. */
const readmeInstall = (text) => {
  const start = text.indexOf('\n## Install\n');
  const end = text.indexOf('\n## ', text.indexOf('\n## Quick start\n') + 1);
  return start < 0 || end < 0 ? [0, 0] : [start, end];
};

/**
 * Every fenced block of the docs: `{ file, line, lang, noRun, name, text, kind }`, where kind is 'spec', 'config',
 * 'sh', 'text' or 'skipped'. Throws on a block it cannot classify (a ts block that is no spec, a no-run without why).
 */
export function docBlocks() {
  const blocks = [];
  const problems = [];
  for (const file of docFiles()) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const [skipFrom, skipTo] = file === 'README.md' ? readmeInstall(text) : [0, 0];
    for (const m of text.matchAll(/^```([^\n]*)\n([^]*?)^```$/gm)) {
      if (m.index >= skipFrom && m.index < skipTo) continue;
      const line = text.slice(0, m.index).split('\n').length;
      const [lang = '', ...rest] = m[1].trim().split(/\s+/);
      const info = rest.join(' ');
      const noRun = /no-run="([^"]*)"/.exec(info)?.[1];
      const where = `${file}:${line}`;
      const name = /^\/\/ ([\w.-]+)\n/.exec(m[2])?.[1];
      let kind = 'text';
      if (noRun !== undefined) {
        if (!noRun.trim()) problems.push(`${where}: no-run needs a reason: no-run="why"`);
        kind = 'skipped';
      } else if (info.includes('no-run')) {
        problems.push(`${where}: write no-run="why" (quoted)`);
      } else if (['ts', 'js', 'mjs', 'mts'].includes(lang)) {
        if (name && !name.endsWith('.spec.ts')) kind = 'config';
        else if (/\b(test|it|describe)(\.each\([^]*?\))?\(/.test(m[2])) kind = 'spec';
        else problems.push(`${where}: a ${lang} block is a spec (with a test) or a named file (// name.ext), else mark it no-run="why"`);
      } else if (lang === 'sh') kind = 'sh';
      blocks.push({ file, line, lang, noRun, name, text: m[2], kind });
    }
  }
  if (problems.length) throw new Error(`docs code blocks:\n${problems.join('\n')}`);
  return blocks;
}

/** A spec file name for a block: its own `// name.spec.ts`, else the page and line (`docs-guides-outages-12.spec.ts`). */
export const specName = (b) => b.name ?? `${b.file.replace(/\.md$/, '').replace(/[\\/]/g, '-')}-${b.line}.spec.ts`;

/** The shell commands of a sh block: one per line, comments dropped. */
export const commands = (b) => b.text.split('\n').map((l) => l.replace(/(^|\s)#.*$/, '').trim()).filter(Boolean);

/** The folders of examples/ the docs' specs and commands read, copied beside them. */
export const fixtureDirs = ['platform', 'charts', 'kustomize'];

/**
 * Writes the docs' specs into `dir/<specDir>/` and the fixtures into `dir/`, and returns the blocks by kind. The specs
 * run with `dir` as the working directory.
 */
export function writeDocsProject(dir, specDir) {
  const blocks = docBlocks();
  mkdirSync(path.join(dir, specDir), { recursive: true });
  for (const d of fixtureDirs) cpSync(path.join(root, 'examples', d), path.join(dir, d), { recursive: true });
  const specs = blocks.filter((b) => b.kind === 'spec');
  const seen = new Map();
  for (const b of specs) {
    const name = specName(b);
    if (seen.has(name)) throw new Error(`${b.file}:${b.line}: spec ${name} also at ${seen.get(name)}`);
    seen.set(name, `${b.file}:${b.line}`);
    writeFileSync(path.join(dir, specDir, name), b.text);
  }
  return { blocks, specs: specs.map(specName).sort(), configs: blocks.filter((b) => b.kind === 'config'), sh: blocks.filter((b) => b.kind === 'sh') };
}

/**
 * HELM and KUSTOMIZE pointing at the pinned builds in .tools/ (`npm run tools`), as examples/tools.ts sets them, unless
 * already set; the docs' render examples need them. Missing builds are named, for the caller to report.
 */
export function toolsEnv(env) {
  const pins = JSON.parse(readFileSync(path.join(root, 'scripts/tools.json'), 'utf8')).tools;
  const out = { ...env };
  const missing = [];
  for (const name of ['helm', 'kustomize']) {
    const variable = name.toUpperCase();
    const built = pins.filter((p) => p.name === name).map((p) => path.join(root, '.tools', `${p.name}-${p.version}`, p.name)).find(existsSync);
    if (!out[variable] && built) out[variable] = built;
    if (!out[variable]) missing.push(name);
  }
  return { env: out, missing };
}
