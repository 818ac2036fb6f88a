// Issue 32 points 1, 2, 4 and 9 (ENOSPC): the render cache and the manifest disk cache on a shared machine. Their
// directory is this user's alone (made 0700; another owner, a mode others can write or a symlink is refused, with one
// warning, and the run goes on uncached); entries are created exclusively under random names, 0600, and read only
// when they are this user's regular files with the header's format, key, length and SHA-256; the render lock holds
// the writer's pid, is taken over at once when that writer is dead, never waits without bound, and any error but
// "exists" turns the cache off for that render; a full disk stores nothing and fails nothing.
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { cached } from '../../src/render/cache';
import { loadManifests } from '../../src/loader';
import { forgetDirectories } from '../../src/core/safe-files';
import { cacheIn, OTHER_UID, runChild, tinyFilesystem, warningsOf, withSecondUser, withTinyFilesystem } from './support';

let work: string;
let warned: jest.SpyInstance;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'jkp-caches-'));
  forgetDirectories();
  warned = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
});
afterEach(() => {
  warned.mockRestore();
  rmSync(work, { recursive: true, force: true });
});

const warnings = () => warned.mock.calls.map((c) => String(c[0]));
const KEY = '0123456789abcdef0123456789abcdef';
/** cached() with a counted producer. */
function render(dir: string, value = 'rendered', options?: { waitMs?: number }) {
  let runs = 0;
  const r = cached(dir, KEY, () => (runs++, value), options);
  return { ...r, runs };
}

describe('the cache directory', () => {
  test('a directory the cache makes is 0700, and its entries 0600', () => {
    const dir = path.join(work, 'made', 'render');
    expect(render(dir)).toEqual({ value: 'rendered', hit: false, runs: 1 });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const [entry] = readdirSync(dir);
    expect(entry).toBe(`${KEY}.yaml`);
    expect(statSync(path.join(dir, entry)).mode & 0o777).toBe(0o600);
    expect(render(dir)).toEqual({ value: 'rendered', hit: true, runs: 0 });
  });

  test('a directory others can write is refused: the value is produced every time, with one warning', () => {
    const dir = path.join(work, 'loose');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    expect(render(dir)).toEqual({ value: 'rendered', hit: false, runs: 1 });
    expect(render(dir)).toEqual({ value: 'rendered', hit: false, runs: 1 });
    expect(readdirSync(dir)).toEqual([]);
    expect(warnings()).toEqual([expect.stringContaining(`not using the render cache ${dir}: others can write to it (mode 777)`)]);
  });

  test('a symlink is refused, even to a directory of this user', () => {
    const real = path.join(work, 'real');
    mkdirSync(real, { mode: 0o700 });
    symlinkSync(real, path.join(work, 'link'));
    expect(render(path.join(work, 'link'))).toEqual({ value: 'rendered', hit: false, runs: 1 });
    expect(readdirSync(real)).toEqual([]);
    expect(warnings()).toEqual([expect.stringContaining('link: it is a symlink')]);
  });

  withSecondUser('a directory of another user is refused', () => {
    const dir = path.join(work, 'theirs');
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, OTHER_UID, OTHER_UID);
    expect(render(dir)).toEqual({ value: 'rendered', hit: false, runs: 1 });
    expect(readdirSync(dir)).toEqual([]);
    expect(warnings()).toEqual([expect.stringContaining(`it belongs to uid ${OTHER_UID}, not to you`)]);
  });

  test('the manifest cache refuses a JEST_K8S_PLACEMENT_CACHE others can write, and parses', () => {
    const shared = path.join(work, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777); // as /tmp is
    const restore = cacheIn(shared);
    try {
      writeFileSync(path.join(work, 'n.yaml'), 'apiVersion: v1\nkind: Node\nmetadata: {name: a}\n');
      expect(loadManifests('n.yaml', { cwd: work }).nodes()[0].metadata?.name).toBe('a');
      expect(readdirSync(shared)).toEqual([]);
      expect(warnings()).toEqual([expect.stringContaining(`not using the manifest cache ${shared}: others can write to it (mode 1777)`)]);
    } finally {
      restore();
    }
  });

  test('the default directories are per user, under the temp directory, and say a refusal once per process', () => {
    const temp = mkdtempSync(path.join(work, 'tmp-'));
    const script = `
      const { cacheDirectory, cached } = src('render/cache.ts');
      const first = cached(cacheDirectory(), '${KEY}', () => 'a');
      const second = cached(cacheDirectory(), '${KEY}', () => 'b');
      console.log(JSON.stringify({ dir: cacheDirectory(), first, second }));`;
    const run = () => runChild(script, { env: { TMPDIR: temp } });
    const ok = run();
    expect(JSON.parse(ok.stdout)).toEqual({ dir: path.join(temp, `jest-k8s-placement-${process.geteuid?.() ?? 'user'}`, 'render'), first: { value: 'a', hit: false }, second: { value: 'a', hit: true } });
    expect(statSync(path.join(temp, `jest-k8s-placement-${process.geteuid?.()}`)).mode & 0o777).toBe(0o700);
    chmodSync(path.join(temp, `jest-k8s-placement-${process.geteuid?.()}`), 0o777);
    const refused = run();
    expect(JSON.parse(refused.stdout)).toMatchObject({ first: { value: 'a', hit: false }, second: { value: 'b', hit: false } });
    expect(warningsOf(refused.stderr)).toHaveLength(1);
    expect(warningsOf(refused.stderr)[0]).toMatch(/JestK8sPlacementWarning: jest-k8s-placement: not using the render cache .*: others can write to it \(mode 777\); rendering without it/);
  });
});

describe('entries', () => {
  const dir = () => path.join(work, 'cache');
  const entry = () => path.join(dir(), `${KEY}.yaml`);

  test('a truncated, foreign or edited entry is ignored and rewritten, never loaded', () => {
    render(dir(), 'good');
    const good = readFileSync(entry());
    const other = cached(dir(), 'ffffffffffffffffffffffffffffffff', () => 'other').value;
    expect(other).toBe('other');
    const foreign = readFileSync(path.join(dir(), 'ffffffffffffffffffffffffffffffff.yaml'));
    const forged = [
      good.subarray(0, good.length - 2), // cut short
      foreign, // another key's whole entry
      Buffer.from(good.toString().replace('good', 'evil')), // the body changed, the header's SHA-256 not
      Buffer.from('good'), // no header (what the cache wrote before)
    ];
    for (const bytes of forged) {
      writeFileSync(entry(), bytes);
      expect(render(dir(), 'good')).toEqual({ value: 'good', hit: false, runs: 1 });
      expect(readFileSync(entry())).toEqual(good);
    }
  });

  test('an entry that is a symlink is not read, even to a good entry', () => {
    render(dir(), 'good');
    const elsewhere = path.join(work, 'elsewhere.yaml');
    writeFileSync(elsewhere, readFileSync(entry()).toString().replace('good', 'evil'));
    rmSync(entry());
    symlinkSync(elsewhere, entry());
    expect(render(dir(), 'good')).toEqual({ value: 'good', hit: false, runs: 1 });
    expect(lstatSync(entry()).isSymbolicLink()).toBe(false); // replaced by the rename, not written through
    expect(readFileSync(elsewhere, 'utf8')).toContain('evil');
  });

  withSecondUser('an entry another user owns is not read', () => {
    render(dir(), 'good');
    chownSync(entry(), OTHER_UID, OTHER_UID);
    expect(render(dir(), 'good')).toEqual({ value: 'good', hit: false, runs: 1 });
    expect(statSync(entry()).uid).toBe(process.geteuid?.());
  });

  // issue 32 point 2: the temporary file was `<key>.yaml.<pid>.tmp`, written through whatever stood at that name
  test('a symlink planted at a predictable temporary name is never written through', () => {
    mkdirSync(dir(), { mode: 0o700 });
    const victim = path.join(work, 'authorized_keys');
    writeFileSync(victim, 'ssh-ed25519 AAAA me\n');
    for (const name of [`${KEY}.yaml.${process.pid}.tmp`, `${KEY}.yaml.tmp`, `.${KEY}.yaml.tmp`]) symlinkSync(victim, path.join(dir(), name));
    expect(render(dir(), 'helm output')).toEqual({ value: 'helm output', hit: false, runs: 1 });
    expect(readFileSync(victim, 'utf8')).toBe('ssh-ed25519 AAAA me\n');
    expect(render(dir(), 'helm output').hit).toBe(true);
  });
});

describe('locks', () => {
  const dir = () => path.join(work, 'cache');
  const lock = () => path.join(dir(), `${KEY}.yaml.lock`);
  const deadPid = () => {
    const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    return Number(child.stdout.trim());
  };
  beforeEach(() => mkdirSync(dir(), { mode: 0o700 }));

  test('a lock left by a writer killed with -9 (its pid dead, this host) is taken over at once', () => {
    writeFileSync(lock(), `${deadPid()} ${hostname()}\n`);
    expect(render(dir())).toEqual({ value: 'rendered', hit: false, runs: 1 });
    expect(existsSync(lock())).toBe(false);
  }, 10_000);

  test('a lock dated in the future does not hang: without a pid, or with a dead one', () => {
    const future = new Date(Date.now() + 3600_000);
    for (const text of ['', `${deadPid()} ${hostname()}\n`]) {
      writeFileSync(lock(), text);
      utimesSync(lock(), future, future);
      expect(render(dir()).runs).toBe(1);
      rmSync(path.join(dir(), `${KEY}.yaml`));
    }
  }, 10_000);

  test('the wait for a live writer is bounded: after it, the value is produced here and the lock left alone', () => {
    const holder = `${process.pid} ${hostname()}\n`; // alive: this very process
    writeFileSync(lock(), holder);
    expect(render(dir(), 'rendered', { waitMs: 200 })).toEqual({ value: 'rendered', hit: false, runs: 1 });
    expect(readFileSync(lock(), 'utf8')).toBe(holder);
  }, 10_000);

  test('the lock holds the writer\'s pid and host while it renders, and is gone after', () => {
    let during = '';
    cached(dir(), KEY, () => ((during = readFileSync(lock(), 'utf8')), 'v'));
    expect(during).toBe(`${process.pid} ${hostname()}\n`);
    expect(existsSync(lock())).toBe(false);
  });
});

describe('errors other than "exists", and a full disk', () => {
  const ro = tinyFilesystem(64 * 1024);
  const full = tinyFilesystem(64 * 1024);
  afterAll(() => {
    ro.unmount();
    full.unmount();
  });

  withTinyFilesystem(ro, 'a cache directory that cannot be written (read-only) renders uncached at once, with one warning', () => {
    spawnSync('mount', ['-o', 'remount,ro', ro.dir!]);
    expect(render(ro.dir!)).toEqual({ value: 'rendered', hit: false, runs: 1 });
    expect(render(ro.dir!)).toEqual({ value: 'rendered', hit: false, runs: 1 });
    expect(warnings()).toEqual([expect.stringContaining(`cannot lock the render cache in ${ro.dir} (EROFS)`)]);
  }, 10_000);

  withTinyFilesystem(full, 'a full disk stores nothing, leaves no temporary file and fails nothing (render and manifest caches)', () => {
    const big = 'x'.repeat(200 * 1024);
    expect(render(full.dir!, big)).toEqual({ value: big, hit: false, runs: 1 });
    expect(readdirSync(full.dir!)).toEqual([]);
    expect(warnings()).toEqual([expect.stringMatching(new RegExp(`cannot store a cache entry in ${full.dir} \\(ENOSPC\\)`))]);
    const restore = cacheIn(full.dir!);
    try {
      const file = path.join(work, 'big.yaml');
      writeFileSync(file, `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata: {a: "${big}"}\n`);
      expect(loadManifests('big.yaml', { cwd: work }).length).toBe(1);
      expect(readdirSync(path.join(full.dir!, 'manifests'))).toEqual([]);
    } finally {
      restore();
    }
  }, 10_000);
});
