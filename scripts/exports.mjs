// `npm run exports`: writes the main entry's three files from its one list, src/exports.ts (issue 33):
//   src/index.ts       the lazy CommonJS entry: each name's type, and a getter that loads its module on first use
//   src/index.mts      the ES module entry (import → dist/index.mjs), re-exporting the same CommonJS modules
//   src/deprecated.ts  the deprecated functions, each wrapped once (util.deprecate) and shared by both entries
// and the engine boundary's two from its list, src/engine/exports.ts (issue 37):
//   src/engine/index.ts   lazy as the main entry: a client loads the modules of the questions it asks
//   src/engine/index.mts  the same names imported at once, for Vite (Vitest from source)
// `node scripts/exports.mjs --check` writes nothing and exits 1 when a file is not what the list gives
// (test/exports.test.ts runs it).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

/** src/exports.ts's EXPORTS, DEPRECATED and REMOVED, or another list's (it is plain data: transpiled and run). */
export function readExports(file = 'exports.ts') {
  const text = readFileSync(path.join(src, file), 'utf8');
  const js = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const module = { exports: {} };
  new Function('module', 'exports', js)(module, module.exports);
  return module.exports;
}

/** Every name the main entry exports: [name, { from, kind: 'value' | 'class' | 'type' | 'deprecated' }]. */
export function exportedNames({ EXPORTS, DEPRECATED } = readExports()) {
  const names = new Map();
  const add = (name, entry) => {
    if (names.has(name)) throw new Error(`src/exports.ts: ${name} is listed twice`);
    names.set(name, entry);
  };
  const lists = { value: 'values', class: 'classes', type: 'types' };
  for (const g of EXPORTS) for (const [kind, list] of Object.entries(lists)) for (const name of g[list] ?? []) add(name, { from: g.from, kind });
  for (const d of DEPRECATED) add(d.name, { from: d.from, kind: 'deprecated', instead: d.instead });
  return names;
}

const camel = (from) => from.split(/[/-]/).map((p, i) => (i ? p[0].toUpperCase() + p.slice(1) : p)).join('');
const isFolder = (from) => !existsSync(path.join(src, `${from}.ts`)) && existsSync(path.join(src, from, 'index.ts'));
const esmPath = (from) => `./${from}${isFolder(from) ? '/index' : ''}.js`;
const GENERATED = '// Written by scripts/exports.mjs from src/exports.ts (npm run exports): edit the list, not this file.';
const warning = (d) => `jest-k8s-placement: ${d.name} leaves the main entry in the next minor release; ${d.instead}.`;
const code = (d) => `JEST_K8S_PLACEMENT_${d.name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

function deprecatedTs({ DEPRECATED }) {
  const modules = [...new Set(DEPRECATED.map((d) => d.from))];
  return [
    GENERATED,
    '// The deprecated functions of the main entry, each wrapped once so that index.ts and index.mts export the same',
    '// object, which warns on its first call (a DeprecationWarning; --no-deprecation silences it, as any of Node\'s).',
    "import { deprecate } from 'node:util';",
    ...modules.map((m) => `import * as ${camel(m)} from './${m}';`),
    '',
    ...DEPRECATED.flatMap((d) => [
      `/** @deprecated Leaves the main entry in the next minor release: ${d.instead}. */`,
      `export const ${d.name} = deprecate(${camel(d.from)}.${d.name}, ${JSON.stringify(warning(d))}, '${code(d)}');`,
    ]),
    '',
  ].join('\n');
}

function indexTs(list, names) {
  const typeModules = [...new Set([...names.values()].filter((e) => e.kind !== 'type').map((e) => (e.kind === 'deprecated' ? 'deprecated' : e.from)))];
  const lines = [
    GENERATED,
    '// jest-k8s-placement — engine, settings and helpers. Matchers are registered by jest-k8s-placement/jest,',
    '// /jest-globals or /vitest, and exported by /matchers.',
    '//',
    "// Every export loads its module on first use (issue 23): `require('jest-k8s-placement').parseManifests` loads the",
    '// loader and js-yaml, not the scheduler. The declarations are the types; `module.exports` at the end says which',
    '// module each export comes from.',
    ...typeModules.map((m) => `import type * as ${camel(m)} from './${m}';`),
    '',
  ];
  for (const g of list.EXPORTS) {
    if (g.types?.length) lines.push(`export type { ${g.types.join(', ')} } from './${g.from}';`);
    for (const name of g.values ?? []) lines.push(`export declare const ${name}: typeof ${camel(g.from)}.${name};`);
    for (const name of g.classes ?? []) lines.push(`export declare const ${name}: typeof ${camel(g.from)}.${name};`, `export type ${name} = ${camel(g.from)}.${name};`);
  }
  for (const d of list.DEPRECATED) lines.push(`/** @deprecated Leaves the main entry in the next minor release: ${d.instead}. */`, `export declare const ${d.name}: typeof deprecated.${d.name};`);
  const runtime = [...names].filter(([, e]) => e.kind !== 'type').map(([name, e]) => [name, e.kind === 'deprecated' ? 'deprecated' : e.from]);
  const loaders = [...new Set(runtime.map(([, m]) => m))];
  const loader = (m) => `${camel(m)}Module`;
  lines.push(
    '',
    '/** A module, required the first time one of its exports is read. */',
    'type Module = () => Record<string, unknown>;',
    'const once = (load: Module): Module => {',
    '  let module: Record<string, unknown> | undefined;',
    '  return () => (module ??= load());',
    '};',
    ...loaders.map((m) => `const ${loader(m)} = once(() => require('./${m}'));`),
    '',
    "// Each export's module. Node's ESM import of this CommonJS file finds the export names by reading the source",
    '// (cjs-module-lexer), and in this form: `module.exports = { name: identifier, … }`. Each property is then made a',
    '// getter that requires its module.',
    'const exportedFrom: Record<string, Module> = (module.exports = {',
    ...runtime.map(([name, m]) => `  ${name}: ${loader(m)},`),
    '});',
    "Object.defineProperty(module.exports, '__esModule', { value: true });",
    'for (const [name, from] of Object.entries(exportedFrom)) {',
    '  Object.defineProperty(module.exports, name, { enumerable: true, get: () => from()[name] });',
    '}',
    '',
  );
  return lines.join('\n');
}

function indexMts(list) {
  const lines = [
    GENERATED,
    "// The package's exports, imported at once: the ES module entry (package.json exports \".\" → import → dist/index.mjs),",
    '// and, for this repository\'s tests under Vitest, the source Vite resolves for `src` or `src/index` (its',
    "// resolve.extensions list .mts before .ts; index.ts's require() of each export's module cannot load TypeScript there).",
    '// It re-exports the CommonJS modules index.ts loads lazily, so `import` and `require` share one instance of each (one',
    '// configure(), one origin table): no dual-package hazard.',
  ];
  for (const g of list.EXPORTS) {
    const values = [...(g.values ?? []), ...(g.classes ?? [])];
    const types = g.types ?? [];
    if (values.length) lines.push(`export { ${[...values, ...types.map((t) => `type ${t}`)].join(', ')} } from '${esmPath(g.from)}';`);
    else lines.push(`export type { ${types.join(', ')} } from '${esmPath(g.from)}';`);
  }
  lines.push(`export { ${list.DEPRECATED.map((d) => d.name).join(', ')} } from './deprecated.js';`, '');
  return lines.join('\n');
}

// ---- the engine boundary (src/engine/exports.ts → src/engine/index.ts, index.mts)
const ENGINE_GENERATED = '// Written by scripts/exports.mjs from src/engine/exports.ts (npm run exports): edit the list, not this file.';
/** A module of the list (from src/) as engine/index imports it. */
const fromEngine = (from) => {
  const r = path.posix.relative('engine', from);
  return r.startsWith('.') ? r : `./${r}`;
};
/** 'InputError as OutageInputError' → { source: 'InputError', name: 'OutageInputError' }. */
const renamed = (entry) => {
  const [source, name = source] = entry.split(' as ');
  return { source, name };
};

function engineIndexTs({ EXPORTS }) {
  const loader = (from) => `${camel(from)}Module`;
  const lines = [
    ENGINE_GENERATED,
    '// The engine boundary: one function per question, each taking Kubernetes objects (a workload or Pod as a Subject,',
    '// v1 Nodes, existing Pods, Namespaces) and returning one complete, JSON-serialisable answer. The clients (matchers,',
    '// CLI, placement matrix, report) ask here and nowhere deeper, and explain/ turns the answers into words.',
    '// Below this file: scheduler/ (kube-scheduler), controllers/ and outage/ (kube-controller-manager), karpenter/,',
    '// placement/, admission/, k8s/. See ARCHITECTURE.md.',
    '//',
    '// Each name loads its module on first use: a client that asks one question loads what that question needs. The',
    '// declarations are the types; the table at the end says which module each name comes from.',
  ];
  for (const g of EXPORTS) {
    const at = fromEngine(g.from);
    if (g.types?.length) lines.push(`export type { ${g.types.join(', ')} } from '${at}';`);
    for (const { source, name } of (g.values ?? []).map(renamed)) lines.push(`export declare const ${name}: typeof import('${at}').${source};`);
    for (const { source, name } of (g.classes ?? []).map(renamed)) {
      lines.push(`export declare const ${name}: typeof import('${at}').${source};`, `export type ${name} = import('${at}').${source};`);
    }
  }
  const runtime = EXPORTS.filter((g) => g.values?.length || g.classes?.length);
  lines.push(
    '',
    '/** A module, required the first time one of its names is read. */',
    'type Module = () => Record<string, unknown>;',
    'const once = (load: Module): Module => {',
    '  let module: Record<string, unknown> | undefined;',
    '  return () => (module ??= load());',
    '};',
    ...runtime.map((g) => `const ${loader(g.from)} = once(() => require('${fromEngine(g.from)}'));`),
    '',
    "// Each name's module, and its name there.",
    'const exportedFrom: Record<string, [Module, string]> = {',
    ...runtime.flatMap((g) => [...(g.values ?? []), ...(g.classes ?? [])].map(renamed).map(({ source, name }) => `  ${name}: [${loader(g.from)}, '${source}'],`)),
    '};',
    "Object.defineProperty(module.exports, '__esModule', { value: true });",
    'for (const [name, [from, source]] of Object.entries(exportedFrom)) {',
    '  Object.defineProperty(module.exports, name, { enumerable: true, get: () => from()[source] });',
    '}',
    '',
  );
  return lines.join('\n');
}

function engineIndexMts({ EXPORTS }) {
  const lines = [
    ENGINE_GENERATED,
    "// The engine boundary's names imported at once: what Vite resolves for `../engine` under Vitest from source (its",
    "// resolve.extensions list .mts before .ts; index.ts's require() of each module cannot load TypeScript there).",
  ];
  for (const g of EXPORTS) {
    const at = `${fromEngine(g.from)}${isFolder(g.from) ? '/index' : ''}.js`;
    const values = [...(g.values ?? []), ...(g.classes ?? [])].map(renamed).map(({ source, name }) => (source === name ? name : `${source} as ${name}`));
    const types = g.types ?? [];
    if (values.length) lines.push(`export { ${[...values, ...types.map((t) => `type ${t}`)].join(', ')} } from '${at}';`);
    else lines.push(`export type { ${types.join(', ')} } from '${at}';`);
  }
  lines.push('');
  return lines.join('\n');
}

/** The files the lists write: [path from the repository root, text]. */
export function generate(list = readExports(), engine = readExports('engine/exports.ts')) {
  const names = exportedNames(list);
  const clash = [...names.keys()].filter((n) => [...names.values()].some((e) => camel(e.from) === n || `${camel(e.from)}Module` === n));
  if (clash.length) throw new Error(`src/exports.ts: ${clash.join(', ')} would shadow a module's name in index.ts`);
  const engineNames = engine.EXPORTS.flatMap((g) => [...(g.values ?? []), ...(g.classes ?? []), ...(g.types ?? [])].map((e) => renamed(e).name));
  const engineClash = engineNames.filter((n, i) => engineNames.indexOf(n) !== i || engine.EXPORTS.some((g) => `${camel(g.from)}Module` === n));
  if (engineClash.length) throw new Error(`src/engine/exports.ts: ${engineClash.join(', ')} listed twice or shadowing a module's loader`);
  return [
    ['src/index.ts', indexTs(list, names)], ['src/index.mts', indexMts(list)], ['src/deprecated.ts', deprecatedTs(list)],
    ['src/engine/index.ts', engineIndexTs(engine)], ['src/engine/index.mts', engineIndexMts(engine)],
  ];
}

if (process.argv[1] === import.meta.filename) {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const [file, text] of generate()) {
    const full = path.join(root, file);
    if ((existsSync(full) ? readFileSync(full, 'utf8') : '') === text) continue;
    stale.push(file);
    if (!check) writeFileSync(full, text);
  }
  if (check && stale.length) {
    console.error(`${stale.join(', ')}: not what src/exports.ts gives; run npm run exports`);
    process.exitCode = 1;
  } else console.log(stale.length ? `wrote ${stale.join(', ')}` : 'the entries are up to date');
}
