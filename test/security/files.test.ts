// Issue 32 points 7 and 8: the run report replaces its files through a temporary file and a rename (a symlink planted
// at a report's name is replaced, not written through; a full disk leaves the previous report whole), and the
// loader's globs and folders do not follow symlinks out of the directory they start from unless
// `followSymlinks: true` says so.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadManifests, ManifestError } from '../../src/loader';
import { buildReport, writeReport, writeRunReport } from '../../src/report/report';
import type { PlacementRecord } from '../../src/matchers/record';
import { tinyFilesystem, withTinyFilesystem } from './support';

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'jkp-files-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const record = (i: number, reason = ''): PlacementRecord => ({
  id: `r${i}`, file: 'a.test.ts', test: `t${i}`, matcher: 'toBeSchedulableOn', subject: `Deployment shop/web-${i}`, namespace: 'shop',
  target: 'node n1', group: 'pool', verdict: 'schedulable', accepted: true, passed: true, negated: false, reason,
});
const NAMES = ['placement-report.md', 'placement-report.html', 'placement-report.json'];

describe('the run report', () => {
  test('a symlink planted at a report\'s name is replaced by the report; its target is left as it was', () => {
    const victim = path.join(work, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    const out = path.join(work, 'reports');
    mkdirSync(out);
    for (const name of NAMES) symlinkSync(victim, path.join(out, name));
    expect(writeRunReport([record(1)], { outputDirectory: out, stepSummary: false })).toBeUndefined();
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    for (const name of NAMES) expect(lstatSync(path.join(out, name)).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(path.join(out, 'placement-report.json'), 'utf8')).summary.assertions).toBe(1);
    expect(readdirSync(out).sort()).toEqual([...NAMES].sort()); // no temporary file left
  });

  const tiny = tinyFilesystem(256 * 1024);
  afterAll(() => tiny.unmount());
  withTinyFilesystem(tiny, 'on a full disk the write fails and the previous report stays whole, with no temporary file left', () => {
    const out = tiny.dir!;
    writeReport(buildReport([record(1)]), { outputDirectory: out, stepSummary: false });
    const before = Object.fromEntries(NAMES.map((n) => [n, readFileSync(path.join(out, n), 'utf8')]));
    // fill the disk, leaving less than the new report needs (its JSON alone is over 100 KB)
    writeFileSync(path.join(out, 'filler'), Buffer.alloc(200 * 1024));
    const big = Array.from({ length: 300 }, (_, i) => record(i, 'x'.repeat(200)));
    expect(() => writeReport(buildReport(big), { outputDirectory: out, stepSummary: false })).toThrow(/ENOSPC/);
    for (const n of NAMES) expect(readFileSync(path.join(out, n), 'utf8')).toBe(before[n]);
    expect(readdirSync(out).sort()).toEqual([...NAMES, 'filler'].sort());
  });
});

describe('globs and folders do not follow symlinks out of where they start', () => {
  const cm = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}}\n`;
  let repo: string;
  let secret: string;
  beforeEach(() => {
    repo = path.join(work, 'repo');
    mkdirSync(path.join(repo, 'manifests', 'sub'), { recursive: true });
    mkdirSync(path.join(work, 'outside'));
    secret = path.join(work, 'outside', 'secret.yaml');
    writeFileSync(secret, 'apiVersion: v1\nkind: Secret\nmetadata: {name: ci-token}\nstringData: {token: s3cr3t}\n');
    writeFileSync(path.join(repo, 'manifests', 'app.yaml'), cm('app'));
    writeFileSync(path.join(repo, 'manifests', 'sub', 'b.yaml'), cm('b'));
    symlinkSync('app.yaml', path.join(repo, 'manifests', 'same.yaml')); // inside: followed
    symlinkSync(secret, path.join(repo, 'manifests', 'token.yaml'));
  });

  const problems = (patterns: string | string[], options: { followSymlinks?: boolean } = {}) => {
    try {
      return loadManifests(patterns, { cwd: repo, cache: false, ...options }).all().map((o) => `${o.kind}/${o.metadata?.name}`);
    } catch (e) {
      if (!(e instanceof ManifestError)) throw e;
      return e.problems.map((p) => `${p.file}: ${p.message}`);
    }
  };
  const refused = (file: string, real: string, base: string) =>
    `${file}: reached through a symlink: it is ${real}, outside ${base}; not followed (loadManifests' option followSymlinks: true follows symlinks)`;

  test('a file symlink out of the globbed directory is an error naming it', () => {
    expect(problems('manifests/*.yaml')).toEqual([refused('manifests/token.yaml', secret, 'manifests')]);
    expect(problems('**/*.yaml')).toEqual([refused('manifests/token.yaml', secret, '.')]);
    expect(problems('manifests')).toEqual([refused('manifests/token.yaml', secret, 'manifests')]);
  });

  test('a directory symlink out of the tree is not walked into', () => {
    rmSync(path.join(repo, 'manifests', 'token.yaml'));
    symlinkSync(path.join(work, 'outside'), path.join(repo, 'manifests', 'ext'));
    expect(problems('manifests/**/*.yaml')).toEqual([refused(path.join('manifests', 'ext', 'secret.yaml'), secret, 'manifests')]);
  });

  test('symlinks inside the tree, a file named as it is, and followSymlinks: true are followed', () => {
    rmSync(path.join(repo, 'manifests', 'token.yaml'));
    expect(problems('manifests/*.yaml')).toEqual(['ConfigMap/app', 'ConfigMap/app']);
    symlinkSync(secret, path.join(repo, 'manifests', 'token.yaml'));
    expect(problems('manifests/token.yaml')).toEqual(['Secret/ci-token']);
    expect(problems('manifests/**/*.yaml', { followSymlinks: true })).toEqual(['ConfigMap/app', 'ConfigMap/app', 'ConfigMap/b', 'Secret/ci-token']);
  });
});
