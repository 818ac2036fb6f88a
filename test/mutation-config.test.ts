// The mutation run stays in step with the code and the tests (issue 33 part 8): every source file of its scope is in
// exactly one chunk (a moved or new file is not silently left unmutated), and every Jest test file runs in it under
// Vitest or is listed, with why, in test/mutation/left-out.mjs.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'glob';
import { testPathIgnorePatterns } from '../jest.config';

const root = path.resolve(__dirname, '..');
const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
/** What an ES module of this repository exports (Jest's CommonJS cannot import it). */
function esm<T>(file: string): T {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', `console.log(JSON.stringify(await import('./${file}')))`], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}
const under = (file: string, entry: string) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry);

describe('stryker.config.mjs', () => {
  const { scope, chunks } = esm<{ scope: string[]; chunks: Record<string, string[]> }>('stryker.config.mjs');

  test('every source file of the scope is in exactly one chunk', () => {
    const sources = globSync('src/**/*.ts', { cwd: root, ignore: '**/*.test.ts' }).map((f) => f.split(path.sep).join('/'));
    const inScope = sources.filter((f) => scope.some((s) => under(f, s))).sort();
    const chunksOf = new Map<string, string[]>(inScope.map((f) => [f, []]));
    for (const [name, patterns] of Object.entries(chunks)) {
      for (const f of globSync(patterns, { cwd: root, ignore: '**/*.test.ts' })) chunksOf.get(f.split(path.sep).join('/'))?.push(name);
    }
    expect(inScope.length).toBeGreaterThan(50);
    expect([...chunksOf].filter(([, names]) => names.length !== 1)).toEqual([]);
  });

  test('every pattern of a chunk names files of the scope (a moved file is not silently dropped)', () => {
    const stale = Object.values(chunks).flat().flatMap((p) => {
      const files = globSync(p, { cwd: root, ignore: '**/*.test.ts' }).map((f) => f.split(path.sep).join('/'));
      return files.length && files.every((f) => scope.some((s) => under(f, s))) ? [] : [p];
    });
    expect(stale).toEqual([]);
  });
});

describe('test/mutation/vitest.config.mts', () => {
  const { leftOut } = esm<{ leftOut: Record<string, string> }>('test/mutation/left-out.mjs');
  const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  const listed = spawnSync(process.execPath, [vitest, 'list', '--filesOnly', '--json', '-c', 'test/mutation/vitest.config.mts'], { cwd: root, encoding: 'utf8' });
  const run = new Set<string>((JSON.parse(listed.stdout) as Array<{ file: string }>).map((t) => rel(t.file)));
  const ignored = testPathIgnorePatterns.map((p) => new RegExp(p));
  const jestFiles = globSync('{src,test}/**/*.test.ts', { cwd: root, absolute: true }).filter((f) => !ignored.some((r) => r.test(f))).map(rel).sort();

  test('runs every Jest test file but those left out on purpose, and none of those', () => {
    expect(jestFiles.length).toBeGreaterThan(100);
    const left = (f: string) => Object.keys(leftOut).some((entry) => under(f, entry));
    expect(jestFiles.filter((f) => run.has(f) === left(f))).toEqual([]);
  });

  test("calls only what Vitest's `vi` has on `jest` (test/mutation/setup.mts makes `jest` the `vi`)", () => {
    const vi = JSON.parse(spawnSync(process.execPath, ['--input-type=module', '-e', "import { vi } from 'vitest'; console.log(JSON.stringify(Object.keys(vi)))"], { cwd: root, encoding: 'utf8' }).stdout) as string[];
    expect(vi).toContain('spyOn');
    const missing = [...run].flatMap((f) => [...readFileSync(path.join(root, f), 'utf8').matchAll(/\bjest\.(\w+)\(/g)].map((m) => m[1]).filter((name) => !vi.includes(name)).map((name) => `${f}: jest.${name}`));
    expect(missing).toEqual([]);
  });

  test('runs nothing that is not a Jest test file, and leaves out only what exists', () => {
    expect([...run].filter((f) => !jestFiles.includes(f))).toEqual([]);
    expect(Object.keys(leftOut).filter((entry) => !jestFiles.some((f) => under(f, entry)))).toEqual([]);
  });
});
