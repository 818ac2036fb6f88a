// Issue 32 point 6: documents whose aliases expand too far, or that nest too deep, are refused with file and line
// before anything walks them or the disk cache writes them (a 1 KB "billion laughs" took 75 s and 2.2 GB with the
// cache on; a 10,000-deep JSON document escaped as `RangeError: Maximum call stack size exceeded`). The alias rule is
// go-yaml's, which kubectl and the API server apply through sigs.k8s.io/yaml: go.yaml.in/yaml/v2 decode.go
// (allowedAliasRatio, "document contains excessive aliasing") and its limit_test.go, whose cases are taken below.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadManifests, ManifestError, parseManifests } from '../../src/loader';
import { cacheIn } from './support';

let work: string;
let restore: () => void;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'jkp-limits-'));
  restore = cacheIn(path.join(work, 'cache'));
});
afterEach(() => {
  restore();
  rmSync(work, { recursive: true, force: true });
});

/** The problems of loading `text` as one file (cache on or off), or of parsing it. */
function problems(text: string, how: 'parse' | 'cache' | 'no cache'): string[] {
  try {
    if (how === 'parse') parseManifests(text, 'in.yaml');
    else {
      writeFileSync(path.join(work, 'in.yaml'), text);
      loadManifests('in.yaml', { cwd: work, cache: how === 'cache' });
    }
  } catch (e) {
    if (!(e instanceof ManifestError)) throw e;
    return e.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  }
  return [];
}

const HEAD = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: lol}\n';
// 10 levels of 10 aliases each: 10^9 strings once expanded, 550 bytes written
const LAUGHS = `${HEAD}data:\n  a0: &a0 "lol"\n${Array.from({ length: 9 }, (_, i) => `  a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(',')}]\n`).join('')}`;

const cacheEntries = () => {
  try {
    return readdirSync(path.join(work, 'cache', 'manifests')).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
};

describe('alias expansion', () => {
  test.each(['parse', 'cache', 'no cache'] as const)('a 1 KB billion laughs is refused at once, with file and line (%s)', (how) => {
    expect(LAUGHS.length).toBeLessThan(1024);
    const found = problems(LAUGHS, how);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^in\.yaml:\d+: the document's aliases expand it to \d+ nodes or more, \d+ of them copies: kubectl refuses it \(yaml: document contains excessive aliasing\)$/);
    // the line of the alias that passed the limit: one of the anchors' lines
    expect(Number(found[0].split(':')[1])).toBeGreaterThanOrEqual(6);
    // what the cache stored is the problem, not the expansion
    for (const f of cacheEntries()) expect(statSync(path.join(work, 'cache', 'manifests', f)).size).toBeLessThan(4096);
  }, 10_000);

  test('the other documents of the stream still load; the refused one is named', () => {
    const text = `${HEAD}data: {a: b}\n---\n${LAUGHS}---\n${HEAD.replace('lol', 'after')}`;
    expect(problems(text, 'parse')).toEqual([expect.stringMatching(/^in\.yaml:\d+: the document's aliases expand it/)]);
    const fine = `${HEAD}data: {a: b}\n---\n${HEAD.replace('lol', 'after')}`;
    expect(parseManifests(fine, 'in.yaml').length).toBe(2);
  });

  // go.yaml.in/yaml/v2 limit_test.go: "1000kb of maps with 100 aliases" fails, "1000kb of maps" (one anchor, no
  // alias) passes. Neither is a Kubernetes object, so the second is refused for that, not for its aliases.
  test("go-yaml's limit tests: 1000 KB of maps with 100 aliases is refused, 1000 KB of maps is not", () => {
    const aliased = `{a: &a [{a}${',{a}'.repeat((1000 * 1024) / 4 - 100)}], b: &b [*a${',*a'.repeat(99)}]}`;
    expect(problems(aliased, 'parse')).toEqual([expect.stringContaining('(yaml: document contains excessive aliasing)')]);
    const plain = `a: &a [{a}${',{a}'.repeat((1000 * 1024) / 4 - 1)}]`;
    expect(problems(plain, 'parse')).toEqual([expect.stringContaining('the object has no apiVersion or kind')]);
  }, 30_000);

  // decode.go: more than 100 aliased of more than 1000 decoded nodes, and over 99% aliased below 400,000 nodes. An
  // anchor of 1000 nodes aliased k times after a 1000-scalar list: go-yaml (checked with go.yaml.in/yaml/v2 v2.4.3)
  // accepts k = 111 and refuses k = 112.
  test.each([[111, true], [112, false]])('an anchor of 1000 nodes aliased %i times: accepted %s, as go-yaml does', (k, accepted) => {
    const text = `${HEAD}data:\n  a: &a [${Array(999).fill('x').join(', ')}]\n  b: [${Array(k).fill('*a').join(', ')}]\n  c: [${Array(50).fill('y').join(', ')}]\n`;
    const found = problems(text, 'cache');
    if (accepted) expect(found).toEqual([]);
    else expect(found).toEqual([expect.stringMatching(/^in\.yaml:6: .*\(yaml: document contains excessive aliasing\)$/)]);
  });

  test('an anchor that holds an alias of itself is refused as go-yaml refuses it (the cache once overflowed the stack on it)', () => {
    for (const how of ['parse', 'cache', 'no cache'] as const) {
      expect(problems(`${HEAD}data: {b: &a [*a]}\n`, how)).toEqual([
        `in.yaml:4: the anchor "a" holds an alias of itself: kubectl refuses the document (yaml: anchor 'a' value contains itself)`,
      ]);
    }
  });

  test('ordinary anchors, aliases and merge keys load as before', () => {
    const text = `${HEAD}data:\n  a: &v x\n  b: *v\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n  tolerations:\n  - &t {key: a, operator: Exists}\n  - <<: *t\n    key: b\n`;
    const loaded = parseManifests(text, 'in.yaml').all();
    expect(loaded[0]).toMatchObject({ data: { a: 'x', b: 'x' } });
    expect(loaded[1]).toMatchObject({ spec: { tolerations: [{ key: 'a', operator: 'Exists' }, { key: 'b', operator: 'Exists' }] } });
  });
});

describe('nesting depth', () => {
  const deepJson = (n: number) => `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"},"data":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`;

  test.each(['parse', 'cache', 'no cache'] as const)('a 10,000-deep JSON document is a clear error, not a RangeError (%s)', (how) => {
    expect(problems(deepJson(10_000), how)).toEqual(['in.yaml:1: JSON nesting exceeded maxDepth (1000)']);
    // a second line of JSON lines, and brackets inside strings that do not count
    const lines = `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"y"},"data":{"s":"${'['.repeat(3000)}"}}\n${deepJson(10_000)}\n`;
    expect(problems(lines, how)).toEqual(['in.yaml:2: JSON nesting exceeded maxDepth (1000)']);
  });

  test.each(['parse', 'cache'] as const)('10,000-deep flow and block YAML are the parser\'s clear error (%s)', (how) => {
    expect(problems(`${HEAD}data: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`, how)).toEqual([expect.stringMatching(/^in\.yaml:4: YAML syntax error: nesting exceeded maxDepth \(1000\)$/)]);
    expect(problems(`${HEAD}data:\n${Array.from({ length: 1500 }, (_, i) => `${' '.repeat(2 * i + 2)}a:\n`).join('')}`, how)).toEqual([
      expect.stringMatching(/^in\.yaml:\d+: YAML syntax error: nesting exceeded maxDepth \(1000\)$/),
    ]);
  });

  test('a document within the limit loads, and from the cache too', () => {
    const text = deepJson(990);
    const first = loadManifests((writeFileSync(path.join(work, 'd.json'), text), 'd.json'), { cwd: work }).all();
    const again = loadManifests('d.json', { cwd: work }).all();
    expect(again).toEqual(first);
    expect(cacheEntries()).toHaveLength(1);
  });
});
