// The layout ARCHITECTURE.md describes, checked over the TypeScript program's own imports (type-only ones too):
// data flows one way, load → admit → engine → explain → clients, so an import may only go to its own folder or
// to a folder on a lower floor; there are no import circles; the matchers reach the engine only through its
// boundary (src/engine/index.ts); and no function is much longer than a screen.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SRC = path.resolve(__dirname, '../src');

/** Folders of src/, lowest floor first. A folder may import from its own floor or any floor below. */
export const FLOORS: string[][] = [
  ['core'], // types, settings, caches
  ['k8s'], // Kubernetes' own rules and vocabulary (quantity, selectors, toleration, validation)
  ['loader'], // load: files → objects with origins
  ['render'], // load: charts and kustomizations → the loader
  ['admission'], // admit: what the cluster adds
  ['scheduler'], // engine: kube-scheduler's framework and plugins
  ['karpenter', 'placement'],
  ['controllers'], // engine: kube-controller-manager's controllers
  ['outage'],
  ['engine'], // the engine boundary: one function per question, one answer out
  ['explain'], // answer → words
  ['matchers'], // clients: the matchers, recording each assertion for the run report
  ['report'], // the placement matrix and the run report
  ['cli'],
  ['.'], // the package's entries
];

const floorOf = (folder: string) => FLOORS.findIndex((f) => f.includes(folder));
const folderOf = (file: string) => {
  const rel = path.relative(SRC, file).split(path.sep);
  return rel.length === 1 ? '.' : rel[0];
};

function sourceFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.m?ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec).replace(/\.m?js$/, '');
  return [`${base}.ts`, `${base}.mts`, path.join(base, 'index.ts')].find((c) => fs.existsSync(c));
}

const files = sourceFiles();
const imports = new Map(files.map((f) => {
  const info = ts.preProcessFile(fs.readFileSync(f, 'utf8'), true, true);
  return [f, info.importedFiles.map((i) => resolveImport(f, i.fileName)).filter((x): x is string => !!x)];
}));
const rel = (f: string) => path.relative(SRC, f);

describe('architecture', () => {
  it('puts every folder of src/ on a floor', () => {
    const folders = [...new Set(files.map(folderOf))];
    expect(folders.filter((f) => floorOf(f) < 0)).toEqual([]);
  });

  it('imports only from the same folder or a lower floor', () => {
    const up: string[] = [];
    for (const [f, deps] of imports) {
      for (const d of deps) {
        const a = folderOf(f);
        const b = folderOf(d);
        if (a !== b && floorOf(b) >= floorOf(a)) up.push(`${rel(f)} → ${rel(d)}`);
      }
    }
    expect(up).toEqual([]);
  });

  // Inside src/scheduler/ (issue 33): the profile table (profile.ts) is the one module that imports the plugin folders;
  // the framework runs what it lists, the Score runner (score.ts) too.
  const PLUGIN_IMPORTERS = ['scheduler/profile.ts'];
  it('inside src/scheduler/, the framework and the snapshot never import a plugin folder', () => {
    const plugins = path.join(SRC, 'scheduler', 'plugins') + path.sep;
    const framework = files.filter((f) => path.dirname(f) === path.join(SRC, 'scheduler') && !PLUGIN_IMPORTERS.includes(rel(f).split(path.sep).join('/')));
    expect(framework.map(rel)).toEqual(expect.arrayContaining(['framework.ts', 'snapshot.ts', 'index.ts', 'cycle.ts', 'matrix.ts', 'passes.ts', 'score.ts', 'score-cluster.ts'].map((n) => path.join('scheduler', n))));
    const leaks = framework.flatMap((f) => imports.get(f)!.filter((d) => d.startsWith(plugins)).map((d) => `${rel(f)} → ${rel(d)}`));
    expect(leaks).toEqual([]);
  });

  it('has no import circles', () => {
    // Tarjan's strongly connected components over the import graph.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const circles: string[][] = [];
    let next = 0;
    const visit = (v: string) => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      for (const w of imports.get(v) ?? []) {
        if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const c: string[] = [];
        let w: string;
        do { w = stack.pop()!; onStack.delete(w); c.push(rel(w)); } while (w !== v);
        if (c.length > 1) circles.push(c);
      }
    };
    files.forEach((f) => index.has(f) || visit(f));
    expect(circles).toEqual([]);
  });

  it('lets the matchers import only the engine boundary, the explainer, their argument checks, types and config', () => {
    const allowed = (d: string) => {
      const r = rel(d);
      return r.startsWith(`matchers${path.sep}`) || r.startsWith(`explain${path.sep}`) ||
        ['engine/index.ts', 'core/types.ts', 'core/config.ts'].includes(r.split(path.sep).join('/'));
    };
    const bad = [...imports].filter(([f]) => folderOf(f) === 'matchers').flatMap(([f, deps]) => deps.filter((d) => !allowed(d)).map((d) => `${rel(f)} → ${rel(d)}`));
    expect(bad).toEqual([]);
  });

  it('lets the CLI and the report reach the engine only through its boundary', () => {
    // They also load files (loader, render) and print (explain, report); nothing of the engine's inside.
    const inside = ['k8s', 'admission', 'scheduler', 'karpenter', 'placement', 'controllers', 'outage'];
    const clients = [...imports].filter(([f]) => rel(f) === 'cli.ts' || folderOf(f) === 'report');
    const bad = clients.flatMap(([f, deps]) => deps.filter((d) => inside.includes(folderOf(d)) || (folderOf(d) === 'engine' && rel(d) !== path.join('engine', 'index.ts'))).map((d) => `${rel(f)} → ${rel(d)}`));
    expect(bad).toEqual([]);
  });

  it('keeps every function under about 120 lines', () => {
    const long: string[] = [];
    for (const f of files) {
      const sf = ts.createSourceFile(f, fs.readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
      const walk = (n: ts.Node) => {
        if (ts.isFunctionLike(n) && 'body' in n && n.body) {
          const lines = sf.getLineAndCharacterOfPosition(n.end).line - sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
          if (lines > 130) long.push(`${rel(f)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1} (${lines} lines)`);
        }
        ts.forEachChild(n, walk);
      };
      walk(sf);
    }
    expect(long).toEqual([]);
  });
});

// Tests sit beside the module they test (CONTRIBUTING.md "Tests") and import the module that defines what they use:
// the main entry (src/index.ts) loads every export's module behind a getter, so a test that imports it depends, for
// Jest's --findRelatedTests, on the whole library. Only the tests of the entries themselves import it.
const ROOT = path.resolve(__dirname, '..');
const INDEX_TESTS = ['test/exports.test.ts', 'test/lazy-entry.test.ts', 'test/vitest/lazy-loads.test.ts'];

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(p);
    return /\.(test|spec)\.m?ts$/.test(e.name) ? [p] : [];
  });
}

describe('tests', () => {
  it('import the module that defines what they use, not the main entry (but the entries\' own tests)', () => {
    const index = [path.join(SRC, 'index.ts'), path.join(SRC, 'index.mts')];
    const offenders = [...testFiles(SRC), ...testFiles(path.join(ROOT, 'test'))].flatMap((f) => {
      const name = path.relative(ROOT, f).split(path.sep).join('/');
      if (INDEX_TESTS.includes(name) || name.startsWith('test/package/')) return [];
      const specs = ts.preProcessFile(fs.readFileSync(f, 'utf8'), true, true).importedFiles.map((i) => i.fileName);
      return specs.filter((s) => index.includes(resolveImport(f, s) ?? '')).map((s) => `${name} → ${s}`);
    });
    expect(offenders).toEqual([]);
  });
});
