// The CLI in process (scripts/report-test.mjs runs it from the packed tarball as a subprocess).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { program } from '../src/cli';

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

const dir = mkdtempSync(path.join(tmpdir(), 'jkp-cli-'));
const file = (name: string, text: string) => {
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
};

test('explain reads the Namespace objects of the manifests for namespaceSelector', () => {
  const manifests = file('app.yaml', `apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: {team: payments}}
---
apiVersion: v1
kind: Pod
metadata: {name: cache, namespace: shop, labels: {app: cache}}
spec: {nodeName: a, containers: [{name: c, image: redis}]}
---
apiVersion: v1
kind: Pod
metadata: {name: api, namespace: web}
spec:
  containers: [{name: c, image: api}]
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - {labelSelector: {matchLabels: {app: cache}}, namespaceSelector: {matchLabels: {team: payments}}, topologyKey: kubernetes.io/hostname}
`);
  const nodes = file('nodes.yaml', ['a', 'b'].map((n) => `apiVersion: v1\nkind: Node\nmetadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}}}\n`).join('---\n'));
  const pods = file('pods.yaml', `apiVersion: v1
kind: Pod
metadata: {name: cache, namespace: shop, labels: {app: cache}}
spec: {nodeName: a, containers: [{name: c, image: redis}]}
`);
  const { out, error } = run('explain', manifests, '--nodes', nodes, '--existing', pods, '--namespace', 'web');
  expect(error).toBeUndefined();
  // only node a holds a pod of a namespace labelled team=payments matching app=cache
  expect(out).toContain('schedulable on 1 of 2 node(s): a');
  expect(out).toContain("node(s) didn't match pod affinity rules");
});

test('report refuses a placement-report.json whose records are malformed, naming the file and the record', () => {
  const bad = file('bad.json', JSON.stringify({ version: 1, records: [null] }));
  expect(run('report', bad, '--out', dir).error?.message).toBe(`${bad}: records[0]: expected a record (an object), got null`);
  const partial = file('partial.json', JSON.stringify({ version: 1, records: [{ id: '1' }] }));
  expect(run('report', partial, '--out', dir).error?.message).toContain('records[0]: missing or mistyped file, test, matcher');
});
