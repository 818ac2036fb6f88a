// What the sources load on first use, loaded under Vitest from source (issue 33 part 8): loadManifests requires glob
// and the disk cache when it first runs (loader/index.ts), which Vite's module runner could not do for the disk cache
// (a TypeScript file) until test/vitest/lazy-require.mts; StrykerJS's dry run stopped there.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, vi } from 'vitest';
import { loadManifests, origin } from '../../src';
import { resetDiskCache } from '../../src/loader/disk-cache';

test('loadManifests finds files with glob and keeps them in the disk cache, then reads them back from it', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'jkp-lazy-loads-'));
  vi.stubEnv('JEST_K8S_PLACEMENT_CACHE', path.join(work, 'cache'));
  try {
    writeFileSync(path.join(work, 'web.yaml'), 'apiVersion: v1\nkind: Node\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: b}\n');
    const first = loadManifests('*.yaml', { cwd: work });
    expect(first.nodes().map((n) => n.metadata?.name)).toEqual(['a', 'b']);
    expect(readdirSync(path.join(work, 'cache', 'manifests')).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    const again = loadManifests('*.yaml', { cwd: work }); // from the entry: the same objects and origins
    expect(again.nodes()).toEqual(first.nodes());
    expect(again.nodes().map((n) => origin(n))).toEqual([{ file: 'web.yaml', document: 0, line: 1 }, { file: 'web.yaml', document: 1, line: 5 }]);
  } finally {
    vi.unstubAllEnvs();
    resetDiskCache(); // the cache directory it checked is gone with `work`
    rmSync(work, { recursive: true, force: true });
  }
});
