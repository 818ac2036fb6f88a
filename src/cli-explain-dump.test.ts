// Issue 31 finding 8: `explain` over a pod dump (kubectl get pods -A -o yaml). kube-scheduler never schedules a
// completed pod (its pod informer watches `status.phase!=Succeeded,status.phase!=Failed`: pkg/scheduler/scheduler.go
// newPodInformer), and queues only pods without spec.nodeName (eventhandlers.go, assignedPod): a pod the dump shows
// bound has been scheduled already: by default only the rest is explained; --name picks one.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli as run } from '../test/cli-run';

const dir = mkdtempSync(path.join(tmpdir(), 'jkp-dump-'));
const file = (name: string, text: string) => (writeFileSync(path.join(dir, name), text), path.join(dir, name));

const nodes = file('nodes.yaml', ['a', 'b'].map((n) => `apiVersion: v1
kind: Node
metadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}}}
status: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}
`).join('---\n'));
const pod = (name: string, extra: string) => `- apiVersion: v1
  kind: Pod
  metadata: {name: ${name}, namespace: shop, uid: uid-${name}}
  spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: 1500m}}}]${extra}}`;
const pods = file('pods.yaml', `apiVersion: v1
kind: List
items:
${pod('web-1', ', nodeName: a}\n  status: {phase: Running')}
${pod('report-28713', ', nodeName: b, restartPolicy: Never}\n  status: {phase: Succeeded')}
${pod('import-1', ', nodeName: b, restartPolicy: Never}\n  status: {phase: Failed')}
${pod('web-2', '}\n  status: {phase: Pending')}
`);

const labels = (out: string) => out.split('\n').filter((l) => l.startsWith('Pod ')).map((l) => l.replace(/ \(.*\)$/, ''));

test('completed pods are left out, with a note: no FitError for a pod kube-scheduler never schedules', () => {
  const r = run('explain', pods, '--nodes', nodes);
  expect(r.error).toBeUndefined();
  expect(labels(r.out)).toEqual(['Pod shop/web-1', 'Pod shop/web-2']);
  expect(r.err).toBe('note: left out 2 completed pod(s) (status.phase Succeeded or Failed: kube-scheduler never schedules them); --name <name> picks one\n');
});

test('the input is also the --existing dump: only its unbound pods are explained', () => {
  const r = run('explain', pods, '--nodes', nodes, '--existing', pods);
  expect(labels(r.out)).toEqual(['Pod shop/web-2']);
  // web-1 holds 1500m of node a: web-2 fits b only (the completed pods there count for nothing)
  expect(r.out).toContain('schedulable on 1 of 2 node(s): b');
  expect(r.err).toBe('note: left out 2 completed pod(s) (status.phase Succeeded or Failed: kube-scheduler never schedules them) and 1 pod(s) already bound in --existing (spec.nodeName); --name <name> picks one\n');
});

test('--name picks a pod: a bound one is explained without itself, a completed one is marked', () => {
  const bound = run('explain', pods, '--nodes', nodes, '--existing', pods, '--name', 'web-1');
  expect(labels(bound.out)).toEqual(['Pod shop/web-1']);
  expect(bound.out).toContain("didn't satisfy plugin(s) [NodeName]"); // bound to a: other nodes are not its node
  expect(bound.err).toBe('');
  const done = run('explain', pods, '--nodes', nodes, '--name', 'shop/report-28713', '--name', 'web-2');
  expect(done.out).toMatch(/^Pod shop\/web-2 \(.*\)\n {2}schedulable on 2 of 2 node\(s\): a, b\n\nPod shop\/report-28713 \(.*\)\n {2}completed \(status.phase Succeeded\): kube-scheduler never schedules a completed pod\n$/);
  expect(run('explain', pods, '--nodes', nodes, '--name', 'web-9').error?.message).toBe('--name web-9: no Pod or workload of that name among the 4 read (web-1, report-28713, import-1, web-2)');
});

test('nothing left to explain is an answer that says why', () => {
  const done = file('done.yaml', `apiVersion: v1\nkind: List\nitems:\n${pod('report-1', ', nodeName: b}\n  status: {phase: Succeeded')}\n`);
  const r = run('explain', done, '--nodes', nodes);
  expect(r.error).toBeUndefined();
  expect(r.out).toBe('nothing to explain: left out 1 completed pod(s) (status.phase Succeeded or Failed: kube-scheduler never schedules them); --name <name> picks one\n');
});
