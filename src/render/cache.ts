// The on-disk render cache: Jest gives every spec file a fresh module registry (and workers are separate processes),
// so a chart rendered by 20 spec files would run helm 20 times. An entry is the helm output, under a key that
// covers everything the output depends on; writers take a lock so that parallel workers render a set once. The
// directory, the entries and the lock are checked as docs/security.md says (core/safe-files.ts).
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { defaultCacheRoot, privateDirectory, readEntry, warnOnce, writeEntry } from '../core/safe-files';

/** Where entries go: the option, else JEST_K8S_PLACEMENT_CACHE, else <tmpdir>/jest-k8s-placement-<uid>/render. */
export function cacheDirectory(option?: string): string {
  return path.resolve(option ?? process.env.JEST_K8S_PLACEMENT_CACHE ?? path.join(defaultCacheRoot(), 'render'));
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
// A lock older than this is taken over whoever holds it (helm and kustomize run with a timeout).
const STALE_LOCK_MS = 120_000;
// A lock without a pid (cut short, or an earlier version's) is taken over once this old: a writer writes its pid at once.
const PIDLESS_LOCK_MS = 2_000;

/** The cache directory checked (safe-files.ts): the default one from its per-user root down, one named as given. */
function trustedDirectory(dir: string): { dir?: string; why?: string } {
  const root = defaultCacheRoot();
  const below = path.relative(root, dir);
  return below && !below.startsWith('..') && !path.isAbsolute(below) ? privateDirectory(root, ...below.split(path.sep)) : privateDirectory(dir);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // another user's process
  }
};

/** What to do about a lock someone else holds: it is gone, abandoned (take it over now), or held (wait). */
function lockState(lock: string): 'gone' | 'abandoned' | 'held' {
  let text: string;
  let age: number;
  try {
    text = readFileSync(lock, 'utf8');
    age = Date.now() - statSync(lock).mtimeMs;
  } catch {
    return 'gone';
  }
  if (age > STALE_LOCK_MS) return 'abandoned';
  const holder = /^(\d+) (.*)\n$/.exec(text);
  const here = !holder || holder[2] === hostname();
  // one machine has one clock: a lock dated in its future was not written by a writer of now
  if (here && age < -PIDLESS_LOCK_MS) return 'abandoned';
  if (!holder) return age > PIDLESS_LOCK_MS ? 'abandoned' : 'held';
  // a writer on this machine that died (killed with -9) left it; another machine's (a network directory) goes by age.
  // Two waiters may both take over an abandoned lock and both render: entries are renamed into place whole.
  return here && !alive(Number(holder[1])) ? 'abandoned' : 'held';
}

/**
 * Take the lock of an entry: true when taken; false when the cache is off for this render (an error other than
 * "exists", said once); 'hit' when the entry appeared while waiting; 'timeout' after `waitMs`.
 */
function takeLock(lock: string, appeared: () => boolean, waitMs: number): boolean | 'hit' | 'timeout' {
  const deadline = Date.now() + waitMs;
  for (;;) {
    let fd: number;
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        warnOnce(`jest-k8s-placement: cannot lock the render cache in ${path.dirname(lock)} (${code}); rendering without the cache`);
        return false;
      }
      if (appeared()) return 'hit';
      const state = lockState(lock);
      if (state === 'abandoned') rmSync(lock, { force: true });
      else if (state === 'held') {
        if (Date.now() >= deadline) return 'timeout';
        sleep(25);
      }
      continue;
    }
    try {
      writeSync(fd, `${process.pid} ${hostname()}\n`);
      return true;
    } catch (e) {
      rmSync(lock, { force: true });
      warnOnce(`jest-k8s-placement: cannot lock the render cache in ${path.dirname(lock)} (${(e as NodeJS.ErrnoException).code}); rendering without the cache`);
      return false;
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * The cached value for `key`, or `produce()`'s, stored when it succeeds. Concurrent callers with the same key wait for
 * the first one instead of running helm again; a failed produce stores nothing (the error is thrown to each caller).
 * A directory that is not this user's alone (another owner, writable by others, a symlink) is not used: the value is
 * produced every time, with one warning. The wait for another writer is bounded by `waitMs`; after it, the value is
 * produced here. Storing never fails a render: a full disk gives the value uncached, with one warning.
 */
export function cached(dir: string, key: string, produce: () => string, { waitMs = STALE_LOCK_MS } = {}): { value: string; hit: boolean } {
  const checked = trustedDirectory(dir);
  if (!checked.dir) {
    warnOnce(`jest-k8s-placement: not using the render cache ${checked.why}; rendering without it (name a directory of your own with the cache option or JEST_K8S_PLACEMENT_CACHE)`);
    return { value: produce(), hit: false };
  }
  const entry = path.join(checked.dir, `${key}.yaml`);
  const read = () => readEntry(entry, key);
  const hit = read();
  if (hit !== undefined) return { value: hit, hit: true };
  const lock = `${entry}.lock`;
  let found: string | undefined;
  const locked = takeLock(lock, () => (found = read()) !== undefined, waitMs);
  if (locked === 'hit') return { value: found!, hit: true };
  if (locked === false) return { value: produce(), hit: false };
  try {
    const again = read(); // written between our miss and our lock
    if (again !== undefined) return { value: again, hit: true };
    const value = produce();
    writeEntry(entry, key, value);
    return { value, hit: false };
  } finally {
    if (locked === true) rmSync(lock, { force: true });
  }
}
