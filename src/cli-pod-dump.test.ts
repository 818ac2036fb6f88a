// existingPods from a whole `kubectl get pods -o json`: kube-scheduler's cache holds only pods bound to a node that
// are not terminal (pkg/scheduler/eventhandlers.go assignedPod; scheduler.go newPodInformer drops
// Succeeded/Failed), and the pod being scheduled is not one of its own existing pods.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Pod } from './core/types';
import { program } from './cli';
import { failure } from '../test/fixtures';

const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { 'kubernetes.io/hostname': 'n1' } }, status: { allocatable: { cpu: '2', memory: '8Gi', pods: '110' } } };
const pod = (name: string, cpu: string, o: { nodeName?: string; phase?: string; uid?: string } = {}): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'shop', ...(o.uid ? { uid: o.uid } : {}) },
  spec: { ...(o.nodeName ? { nodeName: o.nodeName } : {}), containers: [{ name: 'c', image: 'x', resources: { requests: { cpu } } }] },
  ...(o.phase ? { status: { phase: o.phase } } : {}),
});
// 1300m running on n1, 1600m Pending without a node, 500m Succeeded on n1: 700m is free
const dump = [
  pod('api-0', '800m', { nodeName: 'n1', phase: 'Running' }), pod('api-1', '500m', { nodeName: 'n1', phase: 'Running' }),
  pod('batch-0', '800m', { phase: 'Pending' }), pod('batch-1', '800m', { phase: 'Pending' }),
  pod('done', '500m', { nodeName: 'n1', phase: 'Succeeded' }),
];

describe('a pod dump as existingPods', () => {
  test('Pending pods without spec.nodeName and Succeeded pods use nothing: a 700m pod fits the 700m free', () => {
    const incoming = pod('web', '700m');
    expect(incoming).toBeSchedulableOn(node, { existingPods: dump });
    const pass = failure(() => expect(incoming).not.toBeSchedulableOn(node, { existingPods: dump }));
    expect(pass).toContain('existingPods: counted 2 on n1; ignored 2 without spec.nodeName (Pending, on no node yet; kube-scheduler counts only pods bound to a node), 1 Succeeded/Failed');
    const over = failure(() => expect(pod('big', '701m')).toBeSchedulableOn(node, { existingPods: dump }));
    expect(over).toContain('Insufficient cpu: requested 701m, allocatable 2000m, already requested by 2 pod(s) 1300m, free 700m');
  });

  test('the subject is left out of its own existing pods (same namespace/name, or same uid)', () => {
    const self = pod('web-0', '700m', { nodeName: 'n1', phase: 'Running', uid: 'u-1' });
    const pods = [...dump, self];
    expect(self).toBeSchedulableOn(node, { existingPods: pods });
    expect(self).toBeSchedulableOnAnyOf([node], { existingPods: pods });
    // a copy read from another file: the same uid, another name
    expect({ ...self, metadata: { ...self.metadata, name: 'renamed' } }).toBeSchedulableOn(node, { existingPods: pods });
    const pass = failure(() => expect(self).not.toBeSchedulableOn(node, { existingPods: pods }));
    expect(pass).toContain('ignored 2 without spec.nodeName (Pending, on no node yet; kube-scheduler counts only pods bound to a node), 1 Succeeded/Failed, the pod itself (same uid or namespace/name)');
    // another pod of the same name in another namespace is a different pod
    const twin = { ...self, metadata: { name: 'web-0', namespace: 'other' } };
    expect(twin).not.toBeSchedulableOn(node, { existingPods: pods });
  });

  test('an overcommitted node never shows a negative free amount', () => {
    const full = [pod('a', '1500m', { nodeName: 'n1' }), pod('b', '1400m', { nodeName: 'n1' })];
    const msg = failure(() => expect(pod('web', '100m')).toBeSchedulableOn(node, { existingPods: full }));
    expect(msg).toContain('Insufficient cpu: requested 100m, allocatable 2000m, already requested by 2 pod(s) 2900m, nothing free (the pods there already request 900m more than allocatable)');
    expect(msg).not.toMatch(/free -/);
  });

  test('the CLI: explain pods.json --existing pods.json does not count a pod against itself', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jkp-dump-'));
    const pods = path.join(dir, 'pods.json');
    const nodes = path.join(dir, 'nodes.json');
    const running = pod('web-0', '700m', { nodeName: 'n1', phase: 'Running' });
    writeFileSync(pods, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [...dump, running] }));
    writeFileSync(nodes, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [node] }));
    let out = '';
    // the dump's bound pods are explained when named (by default only its Pending ones are: src/cli-explain-dump.test.ts)
    program((s) => (out += s), () => undefined).exitOverride().parse(['node', 'cli', 'explain', pods, '--existing', pods, '--nodes', nodes, '--namespace', 'shop', '--name', 'web-0', '--name', 'api-0']);
    const section = (name: string) => out.split('\n\n').find((s) => s.startsWith(`Pod shop/${name} `)) ?? '';
    expect(section('web-0')).toContain('schedulable on 1 of 1 node(s): n1');
    // api-0 (800m) on its own node: the others there request 500m + 700m, so 800m is free
    expect(section('api-0')).toContain('schedulable on 1 of 1 node(s): n1');
  });
});
