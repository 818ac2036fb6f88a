// Each release's API groups (src/core/api-groups-by-release.ts) against k8s.io/api at the row's patch, read from Go's
// module cache: every <group>/<version>/register.go addKnownTypes, with APILifecycleRemoved from
// zz_generated.prerelease-lifecycle.go. The cache holds them once the oracle modules are built (`npm run
// test:oracle`); a release whose k8s.io/api is not there is skipped, as the oracle itself needs Go.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { KUBERNETES_VERSIONS, RELEASES } from './releases';

const MOD_CACHE = process.env.GOMODCACHE ?? path.join(process.env.GOPATH ?? path.join(homedir(), 'go'), 'pkg', 'mod');

// What kubectl cannot apply: options and other types no resource is, and groups no API server serves
const NOT_RESOURCES = new Set(['DeploymentRollback', 'NodeProxyOptions', 'PodAttachOptions', 'PodExecOptions', 'PodLogOptions',
  'PodPortForwardOptions', 'PodProxyOptions', 'PodStatusResult', 'RangeAllocation', 'SerializedReference', 'ServiceProxyOptions']);
const NOT_SERVED = /^(admission|apidiscovery|imagepolicy)\.k8s\.io\//;
// from their own repositories (apiextensions-apiserver, kube-aggregator); the same at every release in the table
const OTHER_REPOSITORIES = {
  'apiextensions.k8s.io/v1': 'CustomResourceDefinition', 'apiextensions.k8s.io/v1beta1': 'CustomResourceDefinition@22',
  'apiregistration.k8s.io/v1': 'APIService', 'apiregistration.k8s.io/v1beta1': 'APIService@22',
};
// removed long ago and since dropped from k8s.io/api (v0.36): kept as removed, so the refusal says since when
const KEPT_AS_REMOVED = { 'autoscaling/v2beta1': 'HorizontalPodAutoscaler@25', 'autoscaling/v2beta2': 'HorizontalPodAutoscaler@26' };

function upstreamTable(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const group of readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
    const dir = path.join(root, group);
    for (const version of readdirSync(dir)) {
      const register = path.join(dir, version, 'register.go');
      if (!existsSync(register)) continue;
      const src = readFileSync(register, 'utf8');
      const name = /GroupName\s*=\s*"([^"]*)"/.exec(src)?.[1] ?? '';
      const body = /func addKnownTypes[\s\S]*?\n}/.exec(src)?.[0] ?? '';
      const lifecycle = path.join(dir, version, 'zz_generated.prerelease-lifecycle.go');
      const removed = new Map(existsSync(lifecycle)
        ? [...readFileSync(lifecycle, 'utf8').matchAll(/func \(in \*(\w+)\) APILifecycleRemoved\(\) \(major, minor int\) \{\s*return 1, (\d+)/g)].map((m) => [m[1], m[2]])
        : []);
      const kinds = [...new Set([...body.matchAll(/&(\w+)\{\}/g)].map((m) => m[1]))]
        .filter((k) => !k.endsWith('List') && !NOT_RESOURCES.has(k)).sort();
      const gv = name ? `${name}/${version}` : version;
      if (!NOT_SERVED.test(gv)) out[gv] = kinds.map((k) => (removed.has(k) ? `${k}@${removed.get(k)}` : k)).join(' ');
    }
  }
  return { ...KEPT_AS_REMOVED, ...out, ...OTHER_REPOSITORIES };
}

const sorted = (t: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(t).sort(([a], [b]) => (a < b ? -1 : 1)));

describe.each(KUBERNETES_VERSIONS)('%s', (release) => {
  const root = path.join(MOD_CACHE, 'k8s.io', `api@${RELEASES[release].patch.replace(/^v1\./, 'v0.')}`);
  (existsSync(root) ? test : test.skip)(`its API groups are what k8s.io/api ${path.basename(root)} registers`, () => {
    expect(sorted(RELEASES[release].apiGroups)).toEqual(sorted(upstreamTable(root)));
  });
});
