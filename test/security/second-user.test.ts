// Issue 32 point 1, end to end with two real users on one shared temp directory (1777, as /tmp): another user
// (nobody) gets there first, makes the victim's default cache directories and plants entries with the library's own
// writers, under the keys the victim will ask for; the victim's next render and load must not return them.
import { readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OTHER_UID, runChild, sharedTemp, warningsOf, withSecondUser } from './support';

let temp: string;
let project: string;
beforeEach(() => {
  temp = sharedTemp();
  project = mkdtempSync(path.join(tmpdir(), 'jkp-victim-')); // no node_modules above it: the manifest cache goes to the temp dir
  writeFileSync(path.join(project, 'app.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: 2\n  template:\n    spec:\n      containers: [{name: web, image: nginx}]\n');
});
afterEach(() => {
  rmSync(temp, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

const KEY = 'c0ffeec0ffeec0ffeec0ffeec0ffeec0';
const VICTIM_UID = () => process.geteuid?.() ?? 0;

/** The victim: a run of the library as this user, in `project`, with the shared temp directory. */
function victim(script: string) {
  const r = runChild(script, { env: { TMPDIR: temp }, cwd: project });
  if (r.status !== 0) throw new Error(r.stderr);
  return { out: JSON.parse(r.stdout.trim().split('\n').pop()!), warnings: warningsOf(r.stderr) };
}

/** The attacker: nobody, with the same temp directory, writing through the library into the victim's directories. */
function attacker(script: string) {
  const r = runChild(script, { env: { TMPDIR: temp, JEST_K8S_PLACEMENT_CACHE: path.join(temp, `jest-k8s-placement-${VICTIM_UID()}`) }, uid: OTHER_UID, cwd: temp });
  if (r.status !== 0) throw new Error(r.stderr);
}

withSecondUser('another user who made the default render directory first cannot feed the victim a render', () => {
  // where the victim's renders go by default, as the victim's own cacheDirectory() says
  const { out: dir } = victim(`console.log(JSON.stringify(src('render/cache.ts').cacheDirectory()))`);
  attacker(`
    const { cached } = src('render/cache.ts');
    cached(${JSON.stringify(dir)}, '${KEY}', () => 'kind: Deployment\\nspec: {replicas: 7}\\n');
    require('node:fs').chmodSync(${JSON.stringify(dir)}, 0o777);`);
  const { out, warnings } = victim(`
    const { cacheDirectory, cached } = src('render/cache.ts');
    console.log(JSON.stringify(cached(cacheDirectory(), '${KEY}', () => 'kind: Deployment\\nspec: {replicas: 2}\\n')));`);
  expect(out).toEqual({ value: 'kind: Deployment\nspec: {replicas: 2}\n', hit: false });
  expect(warnings).toEqual([expect.stringContaining(`it belongs to uid ${OTHER_UID}, not to you`)]);
}, 30_000);

withSecondUser('another user who made the default manifest directory first cannot feed the victim objects', () => {
  const bytes = readFileSync(path.join(project, 'app.yaml'));
  attacker(`
    const { entryKey, writeEntry } = src('loader/disk-cache.ts');
    const poisoned = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: { replicas: 7, template: { spec: { containers: [{ name: 'web', image: 'nginx' }], tolerations: [{ operator: 'Exists' }] } } } };
    writeEntry(entryKey(Buffer.from(${JSON.stringify(bytes.toString('base64'))}, 'base64'), 'app.yaml', undefined),
      { objects: [poisoned], locations: [{ document: 0, line: 1, sourceDocument: 0, prefix: [] }], problems: [] });
    require('node:fs').chmodSync(process.env.JEST_K8S_PLACEMENT_CACHE, 0o777);`);
  const { out, warnings } = victim(`
    const { loadManifests } = src('index.ts');
    const [web] = loadManifests('app.yaml').all();
    console.log(JSON.stringify({ replicas: web.spec.replicas, tolerations: web.spec.template.spec.tolerations ?? null }));`);
  expect(out).toEqual({ replicas: 2, tolerations: null });
  expect(warnings).toEqual([expect.stringContaining(`not using the manifest cache ${path.join(temp, `jest-k8s-placement-${VICTIM_UID()}`)}: it belongs to uid ${OTHER_UID}`)]);
}, 30_000);

withSecondUser('two users on one machine each get their own working cache', () => {
  const script = `
    const { cacheDirectory, cached } = src('render/cache.ts');
    const first = cached(cacheDirectory(), '${KEY}', () => 'mine');
    console.log(JSON.stringify({ dir: cacheDirectory(), first, again: cached(cacheDirectory(), '${KEY}', () => 'again') }));`;
  const other = runChild(script, { env: { TMPDIR: temp }, uid: OTHER_UID, cwd: temp });
  const me = victim(script);
  expect(JSON.parse(other.stdout)).toEqual({ dir: path.join(temp, `jest-k8s-placement-${OTHER_UID}`, 'render'), first: { value: 'mine', hit: false }, again: { value: 'mine', hit: true } });
  expect(me.out).toEqual({ dir: path.join(temp, `jest-k8s-placement-${VICTIM_UID()}`, 'render'), first: { value: 'mine', hit: false }, again: { value: 'mine', hit: true } });
  expect([...warningsOf(other.stderr), ...me.warnings]).toEqual([]);
}, 30_000);
