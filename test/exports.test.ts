// The main entry is one list (src/exports.ts, issue 33): the lazy CommonJS index, the ES module entry and the
// deprecated wrappers are what scripts/exports.mjs writes from it; both entries export exactly its names, each the
// object its module exports; what it lists as a type is no value and a class is both; the deprecated functions warn
// once; the names taken out stay out; and the engine API page lists what is public.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { DEPRECATED, EXPORTS, REMOVED } from '../src/exports';
import { EXPORTS as ENGINE_EXPORTS } from '../src/engine/exports';
import { root, runWithTs } from './ts-child';

const load = (from: string): Record<string, unknown> => require(path.join(root, 'src', from));
const publicValues = EXPORTS.flatMap((g) => [...(g.values ?? []), ...(g.classes ?? [])]);
const runtimeNames = [...publicValues, ...DEPRECATED.map((d) => d.name)].sort();
const typeNames = EXPORTS.flatMap((g) => g.types ?? []).sort();

test('src/index.ts, src/index.mts and src/deprecated.ts are what src/exports.ts writes', () => {
  const r = spawnSync(process.execPath, ['scripts/exports.mjs', '--check'], { cwd: root, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

describe('the list', () => {
  test('names each export once, and none it took out', () => {
    const all = [...runtimeNames, ...typeNames];
    expect(all.filter((n, i) => all.indexOf(n) !== i)).toEqual([]);
    expect(all.filter((n) => n in REMOVED)).toEqual([]);
  });

  test('calls a value, a class and a type what its module makes it', () => {
    const wrong: string[] = [];
    for (const g of EXPORTS) {
      const module = load(g.from);
      const isClass = (v: unknown) => typeof v === 'function' && /^class\b/.test(Function.prototype.toString.call(v));
      for (const name of g.values ?? []) if (module[name] === undefined || isClass(module[name])) wrong.push(`${g.from}: ${name} is not a value`);
      for (const name of g.classes ?? []) if (!isClass(module[name])) wrong.push(`${g.from}: ${name} is not a class`);
      for (const name of g.types ?? []) if (name in module) wrong.push(`${g.from}: ${name} is a value (it would be missing at run time)`);
    }
    for (const d of DEPRECATED) if (typeof load(d.from)[d.name] !== 'function') wrong.push(`${d.from}: ${d.name} is not a function`);
    expect(wrong).toEqual([]);
  });
});

describe('the entries', () => {
  test('the lazy index exports the list\'s values, each its module\'s own object (a deprecated one its wrapper)', () => {
    const lib = require('../src') as Record<string, unknown>;
    expect(Object.keys(lib).sort()).toEqual(runtimeNames);
    const wrong = EXPORTS.flatMap((g) => [...(g.values ?? []), ...(g.classes ?? [])].filter((n) => lib[n] !== load(g.from)[n]));
    expect(wrong).toEqual([]);
    for (const d of DEPRECATED) {
      expect(lib[d.name]).toBe(load('deprecated')[d.name]);
      expect(lib[d.name]).not.toBe(load(d.from)[d.name]);
    }
    for (const name of Object.keys(REMOVED)) expect(lib).not.toHaveProperty(name);
  });

  test('the ES module entry exports the same values from the same modules, and the list\'s types', () => {
    const mts = ts.createSourceFile('index.mts', fs.readFileSync(path.join(root, 'src/index.mts'), 'utf8'), ts.ScriptTarget.Latest);
    const values = new Map<string, string>();
    const types: string[] = [];
    for (const s of mts.statements) {
      if (!ts.isExportDeclaration(s) || !s.exportClause || !ts.isNamedExports(s.exportClause)) continue;
      const from = (s.moduleSpecifier as ts.StringLiteral).text.replace(/^\.\//, '').replace(/(\/index)?\.js$/, '');
      for (const e of s.exportClause.elements) (s.isTypeOnly || e.isTypeOnly ? types.push(e.name.text) : values.set(e.name.text, from));
    }
    expect([...values.keys()].sort()).toEqual(runtimeNames);
    expect(types.sort()).toEqual(typeNames);
    const lib = require('../src') as Record<string, unknown>;
    expect([...values].filter(([name, from]) => load(from)[name] !== lib[name])).toEqual([]);
  });
});

describe('a deprecated function', () => {
  // A fresh process: Node warns once per deprecation code and process, so a test's own process may have warned.
  const out = runWithTs(`
    const warnings = [];
    process.on('warning', (w) => warnings.push({ name: w.name, code: w.code, message: w.message }));
    const lib = require('./src/index.ts');
    for (const name of Object.keys(lib)) void lib[name]; // reading every export is no use of a deprecated one
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } };
    const results = [lib.admitNode(node).taints.length, lib.admitNode(node).taints.length,
      lib.addDefaultTolerationSeconds([], 300, 300).length];
    setImmediate(() => console.log(JSON.stringify({ warnings, results })));`);
  const { warnings, results } = JSON.parse(out.trim().split('\n').pop()!) as { warnings: Array<{ name: string; code: string; message: string }>; results: number[] };

  test('still answers as its module does', () => {
    expect(results).toEqual([1, 1, 2]);
  });

  test('warns once, on its first call, with what to use instead', () => {
    expect(warnings.map((w) => [w.name, w.code])).toEqual([
      ['DeprecationWarning', 'JEST_K8S_PLACEMENT_ADMIT_NODE'],
      ['DeprecationWarning', 'JEST_K8S_PLACEMENT_ADD_DEFAULT_TOLERATION_SECONDS'],
    ]);
    expect(warnings[1].message).toBe('jest-k8s-placement: addDefaultTolerationSeconds leaves the main entry in the next minor release; admitPod(subject) gives the tolerations after every admission step, with their sources.');
  });
});

describe('the docs', () => {
  const page = fs.readFileSync(path.join(root, 'docs/reference/engine-api.md'), 'utf8');
  const exportsSection = page.slice(page.indexOf('## What the main entry exports'));
  const table = exportsSection.slice(0, exportsSection.indexOf('**Deprecated**'));
  const deprecatedParagraph = exportsSection.slice(exportsSection.indexOf('**Deprecated**'));

  test('the engine API page lists every public value, and the deprecated ones apart', () => {
    const named = (text: string) => new Set([...text.matchAll(/`(\w+)`/g)].map((m) => m[1]));
    expect(publicValues.filter((n) => !named(table).has(n))).toEqual([]);
    expect([...named(table)].filter((n) => !runtimeNames.includes(n) && !typeNames.includes(n))).toEqual([]);
    expect(DEPRECATED.map((d) => d.name).filter((n) => !named(deprecatedParagraph).has(n))).toEqual([]);
  });

  test('no page, guide or example (CONTRIBUTING.md is about the source) uses a name the entry no longer exports', () => {
    const files = ['README.md', ...fs.readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' }).map((f) => path.join('docs', f)),
      ...fs.readdirSync(path.join(root, 'examples')).map((f) => path.join('examples', f))].filter((f) => /\.(md|ts)$/.test(f));
    const uses = files.flatMap((f) => {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      return Object.keys(REMOVED).filter((n) => new RegExp(`\\b${n}\\b`).test(text)).map((n) => `${f}: ${n}`);
    });
    expect(uses).toEqual([]);
  });
});

// moved here from the engine's test (src/engine/objects.test.ts), which imports the engine's functions from their module
test('the package exports its public API, not the framework’s internals (issue 9)', () => {
  const api = require('../src') as Record<string, unknown>;
  for (const internal of ['podInfo', 'nodeInfo', 'runFilters', 'schedule', 'fitError', 'FILTER_PLUGINS', 'toSubject', 'scoreNodes', 'taintEviction']) {
    expect(api).not.toHaveProperty(internal);
  }
  for (const documented of ['parseTaint', 'taint', 'validate', 'parseQuantity', 'toleratesTaint', 'schedulingVerdict', 'scheduleOn', 'rankNodes', 'evictionVerdict', 'placeReplicas', 'scheduleMatrix', 'admitPod', 'admitNode']) {
    expect(typeof api[documented]).toBe('function');
  }
});

describe('the engine boundary (src/engine/exports.ts → engine/index.ts, lazy)', () => {
  const renamed = (entry: string) => {
    const [source, name = source] = entry.split(' as ');
    return { source, name };
  };
  const isClass = (v: unknown) => typeof v === 'function' && /^class\b/.test(Function.prototype.toString.call(v));

  test('calls a value, a class and a type what its module makes it', () => {
    const wrong: string[] = [];
    for (const g of ENGINE_EXPORTS) {
      const module = load(g.from);
      for (const { source } of (g.values ?? []).map(renamed)) if (module[source] === undefined || isClass(module[source])) wrong.push(`${g.from}: ${source} is not a value`);
      for (const { source } of (g.classes ?? []).map(renamed)) if (!isClass(module[source])) wrong.push(`${g.from}: ${source} is not a class`);
      for (const name of g.types ?? []) if (name in module) wrong.push(`${g.from}: ${name} is a value (it would be missing at run time)`);
    }
    expect(wrong).toEqual([]);
  });

  test('engine/index.ts exports the list\'s values, each its module\'s own object', () => {
    const engine = require('../src/engine') as Record<string, unknown>;
    const listed = ENGINE_EXPORTS.flatMap((g) => [...(g.values ?? []), ...(g.classes ?? [])].map((e) => ({ ...renamed(e), from: g.from })));
    expect(Object.keys(engine).sort()).toEqual(listed.map((e) => e.name).sort());
    expect(listed.filter((e) => engine[e.name] !== load(e.from)[e.source]).map((e) => e.name)).toEqual([]);
  });

  test('requiring engine/index.ts loads no module of the engine; reading a name loads its module', () => {
    const out = runWithTs(`
      const before = new Set(Object.keys(require.cache));
      const engine = require('./src/engine/index.ts');
      const loaded = () => Object.keys(require.cache).filter((f) => !before.has(f)).map((f) => require('node:path').relative('src', f)).sort();
      const atRequire = loaded();
      void engine.tolerates;
      console.log(JSON.stringify({ atRequire, afterRead: loaded() }));`);
    const { atRequire, afterRead } = JSON.parse(out.trim().split('\n').pop()!);
    expect(atRequire).toEqual(['engine/index.ts']);
    expect(afterRead).toContain('engine/tolerate.ts');
    expect(afterRead).not.toContain('engine/outage.ts');
  });
});
