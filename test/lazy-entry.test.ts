// The runner entries register the matchers without loading the engine behind them (issue 23: Jest and Vitest evaluate
// the setup entry for every test file); the first assertion loads it. Checked with a mock of the engine boundary that
// records whether it was loaded, in an isolated module registry. And the main entry loads each export's module on
// first use: parseManifests loads the loader and js-yaml only (checked on a child process's require.cache).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { matchers } from '../src/matchers';
import { MATCHER_NAMES } from '../src/matchers/lazy';
import { deployment } from './fixtures';
import { root, runWithTs } from './ts-child';

let engineLoaded = false;
const registered: Record<string, (...args: unknown[]) => { pass: boolean; message(): string }> = {};
const serializers: Array<{ test(v: unknown): boolean }> = [];
const g = globalThis as unknown as { expect: unknown };
const realExpect = g.expect;
const ctx = { isNot: false, utils: { matcherHint: (m: string) => m, printReceived: String, printExpected: String } };
let loadedWhenRegistered: boolean | undefined;
let firstResult: { pass: boolean; message(): string } | undefined;
jest.isolateModules(() => {
  jest.doMock('../src/engine', () => {
    engineLoaded = true;
    return jest.requireActual('../src/engine');
  });
  g.expect = {
    extend: (m: typeof registered) => Object.assign(registered, m),
    addSnapshotSerializer: (s: { test(v: unknown): boolean }) => serializers.push(s),
  };
  try {
    require('../src/jest');
  } finally {
    g.expect = realExpect;
  }
  loadedWhenRegistered = engineLoaded;
  // the first assertion, in the same registry (a require made later would not see the mock)
  firstResult = registered.toTolerate.call(ctx, deployment('web'), 'dedicated=gpu:NoSchedule');
});

describe('the /jest entry', () => {
  it('lists every matcher of matchers/index.ts', () => {
    expect([...MATCHER_NAMES].sort()).toEqual(Object.keys(matchers).sort());
    expect(Object.keys(registered).sort()).toEqual(Object.keys(matchers).sort());
  });

  it('registers the matchers and the serializer without loading the engine', () => {
    expect(serializers).toHaveLength(1);
    expect(serializers[0].test({})).toBe(false);
    expect(loadedWhenRegistered).toBe(false);
  });

  it('loads it on the first assertion, which then answers as the matcher does', () => {
    expect(engineLoaded).toBe(true);
    expect(firstResult?.pass).toBe(false);
    expect(firstResult?.message()).toContain('no toleration matches it');
  });
});

// src/vitest.mts as the built package runs it (dist/vitest.mjs: not from source), turned into a function of its
// imports: `vitest` is a stand-in runner, and the require that node:module's createRequire makes records what it loads.
const vitestEntry = (() => {
  const source = fs.readFileSync(path.join(__dirname, '../src/vitest.mts'), 'utf8').replaceAll('import.meta.url', 'entryUrl');
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<void>;
  return new AsyncFunction('require', 'exports', 'entryUrl', js);
})();
const built: Record<string, string> = { './matchers/lazy.js': '../src/matchers/lazy', './core/settings-scope.js': '../src/core/settings-scope', './matchers/toTolerate.js': '../src/matchers/toTolerate', './report/matrix.js': '../src/report/matrix' };

describe('the /vitest entry, built', () => {
  const vitest = { registered: {} as typeof registered, serializers: [] as typeof serializers, hooks: [] as string[], required: [] as string[] };
  let engine = false;
  let atRegistration: { engine: boolean; required: string[] } | undefined;
  let first: { pass: boolean } | undefined;
  const hook = (name: string) => () => vitest.hooks.push(name);
  jest.isolateModules(() => {
    jest.doMock('../src/engine', () => {
      engine = true;
      return jest.requireActual('../src/engine');
    });
    const stub = {
      expect: { extend: (m: typeof registered) => Object.assign(vitest.registered, m), addSnapshotSerializer: (s: { test(v: unknown): boolean }) => vitest.serializers.push(s) },
      beforeEach: hook('beforeEach'), afterEach: hook('afterEach'), afterAll: hook('afterAll'),
    };
    const load = (file: string) => {
      vitest.required.push(file);
      return require(built[file]);
    };
    const imports = (name: string) => (name === 'vitest' ? stub : name === 'node:module' ? { createRequire: () => load } : undefined);
    // nothing in the entry awaits when it is not run from source, so it has run when the call returns
    void vitestEntry(imports, {}, 'file:///project/node_modules/jest-k8s-placement/dist/vitest.mjs');
    atRegistration = { engine, required: [...vitest.required] };
    first = vitest.registered.toTolerate?.call(ctx, deployment('web'), 'dedicated=gpu:NoSchedule');
  });

  it('imports only vitest and node:module, and requires only the registration', () => {
    expect(atRegistration?.required).toEqual(['./matchers/lazy.js', './core/settings-scope.js']);
    expect(Object.keys(vitest.registered).sort()).toEqual(Object.keys(matchers).sort());
    expect(vitest.serializers).toHaveLength(1);
    expect(vitest.hooks).toEqual(['beforeEach', 'afterEach', 'afterAll']);
  });

  it('loads the engine on the first assertion, not before', () => {
    expect(atRegistration?.engine).toBe(false);
    expect(engine).toBe(true);
    expect(vitest.required).toEqual(['./matchers/lazy.js', './core/settings-scope.js', './matchers/toTolerate.js']);
    expect(first?.pass).toBe(false);
  });
});

/** The modules a child Node process has loaded after `script` ran (src/ through swc, as Jest runs it). */
function loadedBy(script: string): { src: string[]; packages: string[] } {
  const out = runWithTs(`
    const before = new Set(Object.keys(require.cache));
    ${script}
    console.log(JSON.stringify(Object.keys(require.cache).filter((f) => !before.has(f))));`);
  const files: string[] = JSON.parse(out.trim().split('\n').pop()!);
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  return {
    src: files.filter((f) => rel(f).startsWith('src/')).map((f) => rel(f).slice('src/'.length)).sort(),
    packages: [...new Set(files.filter((f) => rel(f).includes('node_modules/')).map((f) => rel(f).split('node_modules/').pop()!.split('/')[0]))].sort(),
  };
}

describe('the /jest entry in a fresh process', () => {
  // Jest compiles every module a test file loads, again for each test file: a spec file that asks toBeSchedulableOn
  // loads that matcher and the questions it asks through the engine boundary (engine/index.ts, lazy), not the others.
  it('a toBeSchedulableOn assertion loads its own matcher, and neither Karpenter\'s provisioner nor the outage simulation', () => {
    const { src } = loadedBy(`
      const registered = {};
      globalThis.expect = { extend: (m) => Object.assign(registered, m), addSnapshotSerializer() {} };
      globalThis.beforeEach = globalThis.afterEach = globalThis.afterAll = () => {};
      require('./src/jest.ts');
      const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'a' }, status: { allocatable: { cpu: '1', memory: '1Gi', pods: '10' } } };
      const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '500m' } } }] } };
      const ctx = { isNot: false, equals: () => true, utils: { matcherHint: (m) => m, printReceived: String, printExpected: String } };
      if (!registered.toBeSchedulableOn.call(ctx, pod, node).pass) throw new Error('not schedulable');`);
    expect(src.filter((f) => /^matchers\/to[A-Z]/.test(f))).toEqual(['matchers/toBeSchedulableOn.ts']);
    expect(src.filter((f) => /^(karpenter|outage|placement)\//.test(f) || ['engine/provision.ts', 'engine/outage.ts', 'engine/replicas.ts'].includes(f))).toEqual([]);
    expect(src).toEqual(expect.arrayContaining(['engine/index.ts', 'engine/schedule.ts', 'scheduler/index.ts']));
    // a pod without volumes that fits: the volume plugins Skip it unloaded (profile.ts volumePlugin), and the node's
    // verdict asks nothing of preemption
    expect(src.filter((f) => /^scheduler\/plugins\/(volume|nodevolumelimits)/.test(f))).toEqual([]);
    expect(src.filter((f) => f.startsWith('scheduler/plugins/defaultpreemption/') || f === 'engine/victims.ts')).toEqual(['scheduler/plugins/defaultpreemption/plugin.ts']);
    // no LimitRange nor ResourceQuota configured: their rules are not read (admission/limit-ranger.ts, resource-quota.ts)
    expect(src.filter((f) => ['k8s/limit-range.ts', 'k8s/resource-quota.ts'].includes(f))).toEqual([]);
    // nor has it volumes, mounts or claim templates: their validation is not read (validation-pod.ts touchesVolumes)
    expect(src.filter((f) => ['k8s/validation-volumes.ts', 'k8s/validation-claim.ts'].includes(f))).toEqual([]);
    expect(src).toEqual(expect.arrayContaining(['k8s/validation-pod.ts']));
    // a Pod that fits: no DaemonSet controller, no PostFilter, no CronJob schedule or time zone
    expect(src.filter((f) => ['engine/daemon.ts', 'scheduler/postfilter.ts', 'k8s/validation-cron.ts', 'k8s/time-zones.ts', 'k8s/validation-job.ts'].includes(f))).toEqual([]);
    // nor the tolerations annotation: Go's encoding/json is not read (validation-annotations.ts)
    expect(src).not.toContain('k8s/go-json.ts');
    // a verdict scores no node (profile.ts scorePlugin; the cluster plugins' scoring.ts), the cluster plugins' PreFilter
    // Skips a pod without spread or pod affinity (their filter.ts), and one node needs neither the node shapes
    // (prepared.ts, matrix-shapes.ts) nor the nominator
    expect(src.filter((f) => /^scheduler\/plugins\/(noderesources\/(scoring|strategies|requests|balanced-allocation|least-allocated)|imagelocality\/|podtopologyspread\/(scoring|filter)|interpodaffinity\/(scoring|filter))/.test(f))).toEqual([]);
    expect(src.filter((f) => ['scheduler/prepared.ts', 'scheduler/matrix-shapes.ts', 'scheduler/nominator.ts', 'scheduler/pod-priority.ts'].includes(f))).toEqual([]);
    // nor has it claims: the claim model is not read (admission/pod-claims.ts answers that it has none)
    expect(src.filter((f) => ['admission/pod-storage.ts', 'admission/storage.ts', 'k8s/storage.ts'].includes(f))).toEqual([]);
    expect(src).toEqual(expect.arrayContaining(['admission/pod-claims.ts']));
    expect(src).toEqual(expect.arrayContaining(['scheduler/plugins/podtopologyspread/index.ts', 'scheduler/plugins/interpodaffinity/index.ts', 'scheduler/plugins/noderesources/fit.ts']));
  });
});

describe('the main entry', () => {
  it('loads nothing but itself when required', () => {
    expect(loadedBy(`require('./src/index.ts');`)).toEqual({ src: ['index.ts'], packages: [] });
  });

  it('parseManifests loads the loader, the settings with the release table, and js-yaml only (not glob, the disk cache or any of the engine)', () => {
    const loaded = loadedBy(`
      const { parseManifests } = require('./src/index.ts');
      if (parseManifests('apiVersion: v1\\nkind: Node\\nmetadata: {name: a}\\n', 'n.yaml').nodes().length !== 1) throw new Error('no node');`);
    expect(loaded.packages).toEqual(['js-yaml']);
    // the configured release decides which API groups are served (core/releases.ts)
    expect(loaded.src).toEqual([
      'core/api-groups-by-release.ts', 'core/config.ts', 'core/karpenter-releases.ts', 'core/presets.ts', 'core/releases.ts', 'core/settings-scope.ts', 'core/storage-kinds.ts',
      'index.ts', 'k8s/edit-distance.ts', 'k8s/nodepool.ts', 'k8s/subject.ts',
      'loader/api-groups.ts', 'loader/index.ts', 'loader/kinds.ts', 'loader/typecheck.ts', 'loader/yaml.ts',
    ]);
  });

  it('loadManifests reading a file back from the disk cache loads neither js-yaml nor the parser over it', () => {
    const work = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'jkp-lazy-cache-'));
    try {
      fs.writeFileSync(path.join(work, 'nodes.yaml'), 'apiVersion: v1\nkind: Node\nmetadata: {name: a}\n');
      const load = `
        process.env.JEST_K8S_PLACEMENT_CACHE = ${JSON.stringify(path.join(work, 'cache'))};
        const { loadManifests } = require('./src/index.ts');
        if (loadManifests('nodes.yaml', { cwd: ${JSON.stringify(work)} }).nodes().length !== 1) throw new Error('no node');`;
      const first = loadedBy(load); // parses and stores
      expect(first.packages).toContain('js-yaml');
      const again = loadedBy(load);
      expect(again.packages).not.toContain('js-yaml');
      expect(again.src).toContain('loader/disk-cache.ts');
      expect(again.src).not.toContain('loader/yaml.ts');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  describe('scheduleOn loads what its answer needs', () => {
    const ask = (cpu: string, options = '{}') => loadedBy(`
      const { scheduleOn } = require('./src/index.ts');
      const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'a' }, status: { allocatable: { cpu: '1', memory: '1Gi', pods: '10' } } };
      const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '${cpu}' } } }] } };
      scheduleOn(pod, [node], ${options});`).src;
    const preemption = (src: string[]) => src.filter((f) => f.startsWith('scheduler/plugins/defaultpreemption/') || f === 'engine/victims.ts');
    const configuration = (src: string[]) => src.filter((f) => f.startsWith('scheduler/config/'));

    it('a pod that fits, under the default profile: neither the scheduler configuration\'s decoding and validation nor preemption', () => {
      const src = ask('500m');
      expect(configuration(src)).toEqual(['scheduler/config/select.ts', 'scheduler/config/types.ts']);
      expect(preemption(src)).toEqual(['scheduler/plugins/defaultpreemption/plugin.ts']);
      expect(src.filter((f) => /^scheduler\/plugins\/(volume|nodevolumelimits)/.test(f))).toEqual([]);
    });

    it('a pod that fits nowhere runs DefaultPreemption: its code is loaded then', () => {
      expect(preemption(ask('2'))).toEqual(expect.arrayContaining(['scheduler/plugins/defaultpreemption/plugin.ts', 'scheduler/plugins/defaultpreemption/preempt.ts']));
    });

    it('a question that gives a scheduler configuration loads its decoding and validation', () => {
      const given = `{ schedulerConfiguration: { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' } }`;
      expect(configuration(ask('500m', given))).toEqual(expect.arrayContaining(['scheduler/config/decode.ts', 'scheduler/config/index.ts', 'scheduler/config/validation.ts']));
    });
  });
});
