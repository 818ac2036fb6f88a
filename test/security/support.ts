// What the security tests need from the machine: a second user (root can chown files to another uid and run a child
// process as it: CI runs these tests as root) and a tiny filesystem (root can mount a tmpfs with a size). Where one
// is missing, the tests that need it are skipped and their names say why.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resetDiskCache } from '../../src/loader/disk-cache';

const ROOT = path.resolve(__dirname, '../..');

/** The uid (and gid) a second user runs as: nobody, who can read this checkout and run node. */
export const OTHER_UID = 65534;

/** Why a second user is not available here, or undefined when it is. */
export const noSecondUser: string | undefined = process.geteuid?.() === 0 ? undefined : 'a second user needs root (chown, a child process with another uid)';

/** A test that needs a second user: skipped, with the reason in its name, where there is none. */
export const withSecondUser = (name: string, fn: () => void, timeout?: number) =>
  noSecondUser ? test.skip(`${name} [skipped: ${noSecondUser}]`, fn) : test(name, fn, timeout);

/**
 * Run TypeScript source in a fresh Node process (src/ compiled by swc, as Jest does), optionally as another user:
 * what a separate worker, a later run or another user's job does.
 */
export function runChild(script: string, options: { env?: NodeJS.ProcessEnv; uid?: number; cwd?: string; input?: string | Buffer } = {}): SpawnSyncReturns<string> {
  const child = `
    const fs = require('node:fs');
    const swc = require(${JSON.stringify(require.resolve('@swc/core'))});
    require.extensions['.ts'] = (m, file) => m._compile(swc.transformSync(fs.readFileSync(file, 'utf8'),
      { filename: file, module: { type: 'commonjs' }, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }).code, file);
    const src = (p) => require(${JSON.stringify(ROOT)} + '/src/' + p);
    ${script}`;
  return spawnSync(process.execPath, ['-e', child], {
    cwd: options.cwd ?? tmpdir(),
    encoding: 'utf8',
    input: options.input,
    env: { PATH: process.env.PATH, ...options.env },
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
  });
}

/** The process warnings a child printed, one per line. */
export const warningsOf = (stderr: string) => stderr.split('\n').filter((l) => l.includes('JestK8sPlacementWarning'));

/** A tmpfs of `size` bytes (mode 0700, owned by root), mounted for a test file; undefined with why where it cannot be. */
export function tinyFilesystem(size: number): { dir?: string; why?: string; unmount: () => void } {
  if (process.geteuid?.() !== 0) return { why: 'a tiny filesystem needs root to mount a tmpfs', unmount: () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'jkp-tinyfs-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { why: `a tiny filesystem: mount -t tmpfs failed here (${(mounted.stderr || mounted.error?.message || '').trim()})`, unmount: () => {} };
  }
  return {
    dir,
    unmount: () => {
      spawnSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A test that needs the tiny filesystem: skipped, with the reason in its name, where there is none. */
export const withTinyFilesystem = (fs: { why?: string }, name: string, fn: () => void, timeout?: number) =>
  fs.why ? test.skip(`${name} [skipped: ${fs.why}]`, fn) : test(name, fn, timeout);

/** A fresh directory the way the world-writable temp directory of a shared runner is: 1777. */
export function sharedTemp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'jkp-shared-tmp-'));
  chmodSync(dir, 0o1777);
  return dir;
}

/** Point the manifest cache at `dir` (JEST_K8S_PLACEMENT_CACHE) for this process; returns what puts it back. */
export function cacheIn(dir: string): () => void {
  const saved = process.env.JEST_K8S_PLACEMENT_CACHE;
  process.env.JEST_K8S_PLACEMENT_CACHE = dir;
  resetDiskCache();
  return () => {
    if (saved === undefined) delete process.env.JEST_K8S_PLACEMENT_CACHE;
    else process.env.JEST_K8S_PLACEMENT_CACHE = saved;
    resetDiskCache();
  };
}
