// loadManifests' disk cache (issue 23 item 4): a file parsed once is read back from the cache by a later spec file or
// run — the same objects, origins, field lines and problems as parsing gives — and an entry is only trusted when it
// is whole and carries the key of these bytes; anything else is parsed again and rewritten.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fieldLine, loadManifests, ManifestError, origin } from '.';
import { withConfiguration } from '../core/config';
import { entryKey, resetDiskCache } from './disk-cache';
import { sealEntry } from '../core/safe-files';

let work: string;
let cacheDir: string;
const saved = process.env.JEST_K8S_PLACEMENT_CACHE;

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'jkp-loader-cache-'));
  process.env.JEST_K8S_PLACEMENT_CACHE = path.join(work, 'cache');
  cacheDir = path.join(work, 'cache', 'manifests');
  resetDiskCache();
});
afterEach(() => {
  if (saved === undefined) delete process.env.JEST_K8S_PLACEMENT_CACHE;
  else process.env.JEST_K8S_PLACEMENT_CACHE = saved;
  resetDiskCache();
  rmSync(work, { recursive: true, force: true });
});

const entries = () => readdirSync(cacheDir).filter((f) => f.endsWith('.json'));
/** An entry's JSON, after its header line (core/safe-files.ts: format, key, SHA-256 and length of the body). */
const bodyOf = (entry: string) => entry.slice(entry.indexOf('\n') + 1);
const write = (name: string, text: string) => writeFileSync(path.join(work, name), text);

const GOOD = `# a comment
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: shop }
spec:
  template:
    spec:
      tolerations:
        - key: dedicated
          operator: Equal
          value: web
      containers: [{ name: web, image: nginx }]
---
apiVersion: v1
kind: List
items:
  - kind: Node
    apiVersion: v1
    metadata: { name: n1 }
  - kind: Node
    apiVersion: v1
    metadata: { name: n2, labels: { zone: a } }
`;

/** Everything a test can read of a loaded collection. */
function view(patterns: string | string[], options: { cache?: boolean; kind?: string } = {}) {
  const objects = loadManifests(patterns, { cwd: work, ...options }).all();
  return objects.map((o) => ({
    object: o,
    text: String(o),
    origin: { ...origin(o) },
    lines: ['metadata.name', 'spec.template.spec.tolerations[0].value', 'metadata.labels.zone', 'nope'].map((f) => fieldLine(o, f)),
  }));
}

function problemsOf(patterns: string | string[], options: { cache?: boolean } = {}) {
  try {
    loadManifests(patterns, { cwd: work, ...options });
  } catch (e) {
    if (!(e instanceof ManifestError)) throw e;
    return { message: e.message, problems: e.problems };
  }
  throw new Error('expected a ManifestError');
}

test('a cached file gives the same objects, origins and field lines as parsing it', () => {
  write('app.yaml', GOOD);
  write('pods.jsonl', '{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"}}\n{"apiVersion":"v1","kind":"Pod","metadata":{"name":"b"}}\n');
  const parsed = view(['app.yaml', 'pods.jsonl'], { cache: false });
  expect(existsDir()).toBe(false); // cache: false writes nothing
  const first = view(['app.yaml', 'pods.jsonl']); // parses and stores
  expect(entries()).toHaveLength(2);
  const second = view(['app.yaml', 'pods.jsonl']); // reads the entries
  expect(first).toStrictEqual(parsed);
  expect(second).toStrictEqual(parsed);
  expect(second.map((v) => v.lines[0])).toEqual([4, 19, 22, 1, 2]); // metadata.name of each object, JSON lines included
});

function existsDir() {
  try {
    readdirSync(cacheDir);
    return true;
  } catch {
    return false;
  }
}

test('problems (file, line, column, field, message) are the same from the cache as from parsing', () => {
  write('dup.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  name: b\n');
  write('types.yaml', 'apiVersion: v1\nkind: Node\nmetadata: { name: n }\nspec: { unschedulable: "yes" }\n');
  write('syntax.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: [\n');
  write('nokind.yaml', 'metadata: { name: x }\n');
  write('ok.yaml', GOOD);
  const files = ['dup.yaml', 'types.yaml', 'syntax.yaml', 'nokind.yaml', 'ok.yaml'];
  const parsed = problemsOf(files, { cache: false });
  expect(parsed.problems.length).toBeGreaterThanOrEqual(4);
  const first = problemsOf(files);
  const second = problemsOf(files);
  expect(entries()).toHaveLength(5);
  expect(first).toStrictEqual(parsed);
  expect(second).toStrictEqual(parsed);
});

test('the cache is read instead of parsing: an entry under the file\'s key is what loads', () => {
  write('app.yaml', GOOD);
  view('app.yaml');
  const [name] = entries();
  const key = entryKey(readFileSync(path.join(work, 'app.yaml')), 'app.yaml', undefined);
  expect(name).toBe(`${key}.json`);
  const entry = JSON.parse(bodyOf(readFileSync(path.join(cacheDir, name), 'utf8')));
  entry.objects[0].metadata.name = 'from-the-cache';
  writeFileSync(path.join(cacheDir, name), sealEntry(key, JSON.stringify(entry)), { mode: 0o600 });
  expect(view('app.yaml')[0].object.metadata!.name).toBe('from-the-cache');
});

test('a changed file, another name or another kind option is another entry', () => {
  write('app.yaml', GOOD);
  view('app.yaml');
  write('app.yaml', GOOD.replace('name: web', 'name: shop'));
  expect(view('app.yaml')[0].object.metadata!.name).toBe('shop');
  write('copy.yaml', GOOD);
  expect(view('copy.yaml')[0].origin.file).toBe('copy.yaml');
  write('node.json', '{"metadata":{"name":"bare"}}');
  expect(view('node.json', { kind: 'Node' })[0].object.kind).toBe('Node');
  expect(problemsOf('node.json').problems[0].message).toMatch(/has no apiVersion or kind/);
  expect(entries()).toHaveLength(5);
});

test('another release is another entry: which kinds are served is the release\'s', () => {
  // resource.k8s.io/v1 is served from 1.34 (k8s.io/api v0.34.4); a 1.33 API server refuses it
  write('dra.yaml', 'apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: { name: gpu }\n');
  expect(withConfiguration({ kubernetesVersion: '1.34' }, () => view('dra.yaml'))).toHaveLength(1);
  expect(withConfiguration({ kubernetesVersion: '1.33' }, () => problemsOf('dra.yaml')).message)
    .toContain('no matches for kind "DeviceClass" in version "resource.k8s.io/v1"');
  expect(withConfiguration({ kubernetesVersion: '1.34' }, () => view('dra.yaml'))).toHaveLength(1);
  expect(entries()).toHaveLength(2);
});

test('a corrupt, truncated or foreign entry is never trusted: the file is parsed and the entry rewritten', () => {
  write('app.yaml', GOOD);
  write('other.yaml', GOOD.replace('name: web', 'name: other'));
  const expected = view('app.yaml', { cache: false });
  view(['app.yaml', 'other.yaml']);
  const key = entryKey(readFileSync(path.join(work, 'app.yaml')), 'app.yaml', undefined);
  const otherKey = entryKey(readFileSync(path.join(work, 'other.yaml')), 'other.yaml', undefined);
  const file = path.join(cacheDir, `${key}.json`);
  const good = readFileSync(file, 'utf8');
  const foreign = readFileSync(path.join(cacheDir, `${otherKey}.json`), 'utf8');
  const json = JSON.parse(bodyOf(good));
  const broken = [
    'not json', good.slice(0, good.length / 2), '{}', 'null', '[]',
    bodyOf(good), // the entry without its header
    foreign, // a whole entry, but another file's
    sealEntry(key, bodyOf(foreign)).toString(), // another file's, under this key's header
    good.replace('"format":1', '"format":0'), // the header's SHA-256 no longer matches
    sealEntry(key, bodyOf(good).replace('"format":1', '"format":0')).toString(),
    sealEntry(key, JSON.stringify({ ...json, objects: [1, 2, 3, 4] })).toString(),
    sealEntry(key, JSON.stringify({ ...json, locations: [{ document: 'x' }] })).toString(),
    sealEntry(key, JSON.stringify({ ...json, problems: [[['file', 3]]] })).toString(),
  ];
  for (const text of broken) {
    writeFileSync(file, text);
    expect(view('app.yaml')).toStrictEqual(expected);
    expect(readFileSync(file, 'utf8')).toBe(good);
  }
});

test('each load hands out fresh objects: changing one does not change what the next load gives', () => {
  write('app.yaml', GOOD);
  const a = loadManifests('app.yaml', { cwd: work }).all();
  a[0].metadata!.name = 'changed';
  const b = loadManifests('app.yaml', { cwd: work }).all();
  const c = loadManifests('app.yaml', { cwd: work }).all();
  expect(b[0].metadata!.name).toBe('web');
  expect(b[0]).not.toBe(c[0]);
  expect(b[0]).toEqual(c[0]);
});

test('values JSON cannot carry (-0) are never cached: the file is parsed every time', () => {
  // .inf and .nan are refused outright, as kubectl refuses them (sigs.k8s.io/yaml: "json: unsupported value";
  // test/e2e/oracle-regressions-create.test.ts); -0 loads but has no JSON form
  write('odd.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: odd }\ndata: { c: -0.0 }\n');
  const objects = loadManifests('odd.yaml', { cwd: work }).all();
  expect(existsDir() ? entries() : []).toHaveLength(0);
  const again = loadManifests('odd.yaml', { cwd: work }).all()[0] as unknown as { data: Record<string, number> };
  expect(Object.is(again.data.c, -0)).toBe(true);
  expect(again).toEqual(objects[0]);
  write('inf.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: odd }\ndata: { a: .inf, b: .nan }\n');
  expect(() => loadManifests('inf.yaml', { cwd: work })).toThrow(/data\.a: a number JSON cannot hold/);
});

test('an entry is written in parts through one buffer: its body is the entry\'s JSON byte for byte, past the buffer and beyond Latin-1', () => {
  // objects larger than the 1 MB buffer (written from their own Buffer), and characters of 2, 3 and 4 UTF-8 bytes
  // across the buffer's flushes (core/safe-files.ts writeEntryParts)
  const big = 'x'.repeat(400_000);
  const docs = Array.from({ length: 12 }, (_, i) =>
    `apiVersion: v1\nkind: ConfigMap\nmetadata: { name: cm-${i} }\ndata: { text: "${i % 3 ? 'é日本🙂'.repeat(20_000 + i) : big}" }\n`);
  write('big.yaml', docs.join('---\n'));
  const parsed = loadManifests('big.yaml', { cwd: work, cache: false }).all();
  const first = view('big.yaml');
  const [name] = entries();
  const bytes = readFileSync(path.join(cacheDir, name));
  const end = bytes.indexOf(10);
  const [magic, format, key, sha, length] = bytes.toString('latin1', 0, end).split(' ');
  const body = bytes.subarray(end + 1);
  expect([magic, format, `${key}.json`, length]).toEqual(['jest-k8s-placement-cache', '2', name, String(body.length).padStart(16, '0')]);
  expect(sha).toBe(createHash('sha256').update(body).digest('hex'));
  const entry = JSON.parse(body.toString('utf8'));
  expect(body.toString('utf8')).toBe(JSON.stringify(entry));
  expect(entry.objects).toEqual(JSON.parse(JSON.stringify(parsed)));
  // and it is read back whole: the same objects and lines as parsing gives
  expect(view('big.yaml')).toEqual(first);
  expect(entries()).toEqual([name]);
});
