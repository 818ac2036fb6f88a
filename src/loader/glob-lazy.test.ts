// The loader's path loads glob only for patterns (a module every spec file would compile again). Its own file: it uses
// Jest's module registry (jest.isolateModules, jest.doMock), which Vitest's `vi` lacks, so the mutation run leaves it
// out (test/mutation/left-out.mjs).
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'manifests-'));
mkdirSync(path.join(dir, 'deploy/base'), { recursive: true });
writeFileSync(path.join(dir, 'deploy/web.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: prod\nspec:\n  template:\n    spec:\n      containers: [{name: c}]\n');
writeFileSync(path.join(dir, 'nodes.golden'), 'apiVersion: v1\nkind: Node\nmetadata: {name: gpu-1}\n');

test('files named as they are load without glob (a module every spec file would compile again); patterns, folders and ignores use it', () => {
  jest.isolateModules(() => {
    jest.doMock('glob', () => {
      throw new Error('glob loaded');
    });
    const isolated = jest.requireActual<typeof import('.')>('.');
    expect(isolated.loadManifests(['deploy/web.yaml', path.join(dir, 'nodes.golden')], { cwd: dir }).all().map(String))
      .toEqual(['Deployment prod/web (deploy/web.yaml:1)', 'Node gpu-1 (nodes.golden:1)']);
    const globbed: Array<[string | string[], { ignore?: string[] }]> = [['deploy/*.yaml', {}], ['deploy', {}], [['deploy/web.yaml', '!deploy/base/**'], {}], ['deploy/web.yaml', { ignore: ['x'] }]];
    for (const [patterns, options] of globbed) expect(() => isolated.loadManifests(patterns, { cwd: dir, ...options })).toThrow('glob loaded');
  });
  jest.dontMock('glob');
});
