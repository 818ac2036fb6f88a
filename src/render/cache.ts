// The on-disk render cache: Jest gives every spec file a fresh module registry (and workers are separate processes),
// so a chart rendered by 20 spec files would run helm 20 times. An entry is the helm output, under a key that
// covers everything the output depends on; writers take a lock so that parallel workers render a set once.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where entries go: the option, else JEST_K8S_PLACEMENT_CACHE, else <tmpdir>/jest-k8s-placement-render. */
export function cacheDirectory(option?: string): string {
  return path.resolve(option ?? process.env.JEST_K8S_PLACEMENT_CACHE ?? path.join(tmpdir(), 'jest-k8s-placement-render'));
}

/** Every file below a directory, sorted, as `relative path` → bytes in the hash (a changed template changes it). */
export function hashDirectory(hash: ReturnType<typeof createHash>, dir: string): void {
  const walk = (rel: string): string[] =>
    readdirSync(path.join(dir, rel), { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .flatMap((e) => (e.isDirectory() ? walk(path.join(rel, e.name)) : e.isFile() ? [path.join(rel, e.name)] : []));
  for (const file of walk('')) {
    const bytes = readFileSync(path.join(dir, file));
    hash.update(`${file.split(path.sep).join('/')}\0${bytes.length}\0`).update(bytes);
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
// A lock older than this belongs to a process that died while rendering.
const STALE_LOCK_MS = 120_000;

/**
 * The cached value for `key`, or `produce()`'s, stored when it succeeds. Concurrent callers with the same key wait for
 * the first one instead of running helm again; a failed produce stores nothing (the error is thrown to each caller).
 */
export function cached(dir: string, key: string, produce: () => string): { value: string; hit: boolean } {
  const entry = path.join(dir, `${key}.yaml`);
  const read = () => {
    try {
      return readFileSync(entry, 'utf8');
    } catch {
      return undefined;
    }
  };
  const hit = read();
  if (hit !== undefined) return { value: hit, hit: true };
  mkdirSync(dir, { recursive: true });
  const lock = `${entry}.lock`;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      const now = read();
      if (now !== undefined) return { value: now, hit: true };
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released just now
      }
      if (age > STALE_LOCK_MS) rmSync(lock, { force: true });
      else sleep(25);
    }
  }
  try {
    const again = read(); // written between our miss and our lock
    if (again !== undefined) return { value: again, hit: true };
    const value = produce();
    const temp = `${entry}.${process.pid}.tmp`;
    writeFileSync(temp, value);
    renameSync(temp, entry);
    return { value, hit: false };
  } finally {
    rmSync(lock, { force: true });
  }
}
