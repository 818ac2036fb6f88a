// The CLI's --scheduler-config and a KubeSchedulerConfiguration among the manifests (issue 36): the pods run under
// their schedulerName's profile, and an invalid configuration is refused with kube-scheduler's texts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { program } from './cli';
import { resetConfiguration } from './core/config';
import { loadManifests } from './loader';

function run(...args: string[]): { out: string; error?: Error } {
  let out = '';
  const cli = program((s) => (out += s));
  cli.exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: () => undefined });
  try {
    cli.parse(['node', 'jest-k8s-placement', ...args]);
  } catch (error) {
    return { out, error: error as Error };
  }
  return { out };
}

const dir = mkdtempSync(path.join(tmpdir(), 'jkp-ksc-'));
const file = (name: string, text: string) => {
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
};
afterEach(() => resetConfiguration());

const nodes = file('nodes.yaml', `apiVersion: v1
kind: Node
metadata: {name: gpu-1}
spec: {taints: [{key: dedicated, value: gpu, effect: NoSchedule}]}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
`);
const pod = (scheduler?: string) => `apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  ${scheduler ? `schedulerName: ${scheduler}\n  ` : ''}containers: [{name: c, image: web, resources: {requests: {cpu: 100m}}}]
`;
const config = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
- schedulerName: no-taints
  plugins:
    filter:
      disabled: [{name: TaintToleration}]
`;

test('--scheduler-config: the pod runs under its schedulerName\'s profile', () => {
  const ksc = file('ksc.yaml', config);
  expect(run('explain', file('p1.yaml', pod()), '--nodes', nodes, '--scheduler-config', ksc).out).toContain('untolerated taint');
  resetConfiguration();
  const out = run('explain', file('p2.yaml', pod('no-taints')), '--nodes', nodes, '--scheduler-config', ksc).out;
  expect(out).toContain('schedulable on 1 of 1 node(s): gpu-1');
});

test('a pod no profile serves', () => {
  const out = run('explain', file('p3.yaml', pod('volcano')), '--nodes', nodes).out;
  expect(out).toContain('no scheduler serves schedulerName "volcano"');
});

test('a KubeSchedulerConfiguration among the manifests is the cluster\'s, and loadManifests hands it over', () => {
  const both = file('both.yaml', `${config}---\n${pod('no-taints')}`);
  expect(loadManifests(both).schedulerConfiguration()).toMatchObject({ kind: 'KubeSchedulerConfiguration' });
  const out = run('explain', both, '--nodes', nodes).out;
  expect(out).toContain('schedulable on 1 of 1 node(s): gpu-1');
});

test('loadManifests: none, or two, is an error naming them', () => {
  expect(() => loadManifests(nodes).schedulerConfiguration()).toThrow(/^no KubeSchedulerConfiguration \(kubescheduler.config.k8s.io\) among 1 loaded object/);
  expect(() => loadManifests(file('two.yaml', `${config}---\n${config}`)).schedulerConfiguration()).toThrow(/^2 KubeSchedulerConfiguration documents \(.*two\.yaml:1.*two\.yaml:10.*\): kube-scheduler reads one/);
});

test('an invalid configuration: kube-scheduler\'s texts', () => {
  const bad = file('bad.yaml', `${config}    multiPoint:\n      enabled: [{name: TaintToleration, weight: 3}]\n- schedulerName: no-taints\n`);
  const { error } = run('explain', file('p4.yaml', pod()), '--nodes', nodes, '--scheduler-config', bad);
  expect(error?.message).toBe('kube-scheduler refuses this KubeSchedulerConfiguration: profiles[2].schedulerName: Duplicate value: {}');
});
