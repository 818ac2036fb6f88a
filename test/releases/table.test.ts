// The release table (src/core/releases.ts) is the one place that knows the releases: each row has its oracle module,
// gates and registries come from it with no fallback to another release, and no code in src/ parses a version or
// compares a release literal by hand (releaseAtLeast, gateDefault and the row are the ways to ask).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { configure, withConfiguration } from '../../src/core/config';
import {
  gateDefault, gateSince, KUBERNETES_VERSIONS, NEWEST_RELEASE, releaseRow, RELEASES, releasesBefore, releasesFrom, type GateName,
} from '../../src/core/releases';
import { nodeFeatures } from '../../src/scheduler/plugins/nodedeclaredfeatures';
import { registry } from '../../src/scheduler/plugins/nodedeclaredfeatures/features';

const ROOT = path.resolve(__dirname, '../..');

describe.each(KUBERNETES_VERSIONS)('release %s', (release) => {
  const row = releaseRow(release);

  test('has its oracle module, pinning the row\'s patch', () => {
    expect(row.oracle).toBe(`k8s-${release}`);
    const goMod = path.join(ROOT, 'oracle', row.oracle, 'go.mod');
    expect(existsSync(goMod)).toBe(true);
    expect(`${release} ${row.patch}`).toBe(`${release} ${/^\s*k8s\.io\/kubernetes (v\S+)\s*$/m.exec(readFileSync(goMod, 'utf8'))![1]}`);
    expect(row.patch.startsWith(`v${release}.`)).toBe(true);
  });

  test('its minor is its name\'s', () => expect(`1.${row.minor}`).toBe(release));

  test('its NodeDeclaredFeatures registry is sorted, as ndf.New sorts it (the 1.36+ merge walk relies on it)', () => {
    expect([...row.nodeDeclaredFeatures]).toEqual([...row.nodeDeclaredFeatures].sort());
    expect(registry(release).every((f) => row.nodeDeclaredFeatures.includes(f.name))).toBe(true);
  });

  test('the core group and apps/v1 are in its API groups', () => {
    expect(row.apiGroups.v1).toContain('Pod');
    expect(row.apiGroups['apps/v1']).toContain('Deployment');
  });
});

test('the rows are consecutive minors, oldest first; the default is the newest', () => {
  const minors = KUBERNETES_VERSIONS.map((v) => RELEASES[v].minor);
  expect(minors).toEqual(minors.map((_, i) => minors[0] + i));
  expect(NEWEST_RELEASE).toBe(KUBERNETES_VERSIONS[KUBERNETES_VERSIONS.length - 1]);
  expect(releasesFrom(KUBERNETES_VERSIONS[0])).toEqual(KUBERNETES_VERSIONS);
  expect(releasesBefore(KUBERNETES_VERSIONS[0])).toEqual([]);
});

test('every oracle/k8s-<minor> module has its row', () => {
  const modules = readdirSync(path.join(ROOT, 'oracle')).filter((d) => /^k8s-\d+\.\d+$/.test(d) && existsSync(path.join(ROOT, 'oracle', d, 'go.mod')));
  expect(modules.sort()).toEqual(KUBERNETES_VERSIONS.map((v) => RELEASES[v].oracle).sort());
});

test('a gate, once in a release, stays in every later row', () => {
  const gates = new Set(KUBERNETES_VERSIONS.flatMap((v) => Object.keys(RELEASES[v].gates))) as Set<GateName>;
  for (const gate of gates) {
    const since = gateSince(gate)!;
    expect([gate, releasesFrom(since).filter((v) => RELEASES[v].gates[gate] === undefined)]).toEqual([gate, []]);
  }
  // the defaults the code reads, pkg/features/kube_features.go at each patch
  expect(releasesFrom('1.36').every((v) => gateDefault('NodeDeclaredFeatures', v))).toBe(true);
  expect(gateDefault('NodeDeclaredFeatures', '1.35')).toBe(false);
  expect(KUBERNETES_VERSIONS.filter((v) => gateDefault('StrictIPCIDRValidation', v))).toEqual(releasesFrom('1.36'));
  // ImageVolume: beta off at 1.33 and 1.34, on from 1.35, GA and locked from 1.36
  expect(KUBERNETES_VERSIONS.filter((v) => gateDefault('ImageVolume', v))).toEqual(releasesFrom('1.35'));
});

describe('no fallback to another release', () => {
  test('a release the table does not have is an error, naming the table\'s', () => {
    expect(() => releaseRow('1.38')).toThrow(`unknown Kubernetes release "1.38" (the release table has ${KUBERNETES_VERSIONS.join(', ')})`);
    // NodeDeclaredFeatures read the newest registry for any release it did not know
    expect(() => nodeFeatures(['RestartAllContainersOnContainerExits'], '1.38' as never)).toThrow('unknown Kubernetes release "1.38"');
    expect(() => configure({ kubernetesVersion: '1.38' as never })).toThrow('configure: unsupported kubernetesVersion "1.38"');
  });

  test('each release reads its own registry', () => {
    // VolumeBindMountOptions is in 1.37's registry only: at 1.36 the merge walk passes over it
    for (const release of releasesFrom('1.36')) {
      const listed = withConfiguration({ kubernetesVersion: release }, () => nodeFeatures(['VolumeBindMountOptions'], release));
      expect([release, [...listed]]).toEqual([release, RELEASES[release].nodeDeclaredFeatures.includes('VolumeBindMountOptions') ? ['VolumeBindMountOptions'] : []]);
    }
  });
});

/** Every .ts file under src/, tests included. */
function sources(dir = path.join(ROOT, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.m?ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The files that are the table (karpenter-releases.ts: Karpenter's own releases). */
const TABLE_FILES = new Set(['src/core/releases.ts', 'src/core/api-groups-by-release.ts', 'src/core/karpenter-releases.ts']);

/** The calls whose argument names the release a rule changed in: that is asking the table, not parsing by hand. */
const ASKS_THE_TABLE = new Set(['releaseAtLeast', 'atLeast', 'releasesFrom', 'releasesBefore', 'releaseRow', 'withConfiguration', 'configure', 'gateDefault', 'gateState']);

/**
 * Hand-parsed minors in a file: `Number(x.split('.')[1])`, `x.split('.').map(Number)`, and a release literal
 * (`'1.36'`) compared or listed instead of passed to a table helper. Only code counts: comments are not scanned.
 */
function handParsed(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const at = (n: ts.Node, what: string) => out.push(`${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${what}`);
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'split'
      && n.arguments.length === 1 && ts.isStringLiteral(n.arguments[0]) && n.arguments[0].text === '.') {
      const p = n.parent;
      const indexedForNumber = ts.isElementAccessExpression(p) && ts.isCallExpression(p.parent) && p.parent.expression.getText() === 'Number';
      const mappedToNumber = ts.isPropertyAccessExpression(p) && p.name.text === 'map' && ts.isCallExpression(p.parent) && p.parent.arguments[0]?.getText() === 'Number';
      // a version's parts by name, however they are turned into numbers (parseInt, +, Number)
      const ofVersion = /version|release|minor|since/i.test(n.expression.expression.getText());
      if (indexedForNumber || mappedToNumber) at(n, n.parent.parent.getText());
      else if (ofVersion) at(n, n.getText());
    }
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && /^v?1\.\d+(\.\d+)?$/.test(n.text)) {
      const call = ts.isCallExpression(n.parent) ? n.parent : undefined;
      const asked = call && ASKS_THE_TABLE.has(call.expression.getText().split('.').pop()!);
      // `configure({ kubernetesVersion: '1.35' })` and a test's own release literals are settings, not checks
      const setting = ts.isPropertyAssignment(n.parent) && n.parent.name.getText() === 'kubernetesVersion';
      if (!asked && !setting) at(n, n.parent.getText().slice(0, 80));
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return out;
}

test('no code in src/ outside the release table parses a version or compares a release literal by hand', () => {
  const found = sources().filter((f) => !TABLE_FILES.has(path.relative(ROOT, f)) && !/\.test\.ts$/.test(f)).flatMap(handParsed);
  expect(found).toEqual([]);
});

test('the check finds what it looks for', () => {
  const probe = path.join(ROOT, 'test/releases/fixtures/hand-parsed.ts.txt');
  expect(handParsed(probe).map((l) => l.replace(/^[^:]+:/, ''))).toEqual([
    "3: Number(version.split('.')[1])",
    "4: release.split('.').map(Number)",
    "5: ['1.33', '1.34']",
    "5: ['1.33', '1.34']",
    "6: settings().kubernetesVersion === '1.33'",
    "7: kubernetesVersion.split('.')",
  ]);
});
