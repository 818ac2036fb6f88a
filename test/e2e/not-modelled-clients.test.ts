// "not modelled for this pod" in the other clients: the CLI (explain, explain --replicas), the placement matrix,
// toHaveAllReplicasScheduled and the engine's JSON answers. A persistentVolumeClaim volume is not modelled at every
// release (VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions), so these hold whatever the default is.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { program } from '../../src/cli';
import { formatMatrix, formatMatrixMarkdown, placementMatrix } from '../../src/report/matrix';
import { schedule, scheduleOnNode, place, toSubject } from '../../src/engine';
import type { Node } from '../../src/core/types';

const node = (name: string, taints: Array<{ key: string; value: string; effect: string }> = []): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, 'karpenter.sh/nodepool': name.replace(/-\d+$/, '') } },
  spec: { taints }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const nodes = [node('general-1'), node('general-2'), node('gpu-1', [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }])];
const withClaim = {
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'db', namespace: 'default' },
  spec: { replicas: 2, selector: { matchLabels: { app: 'db' } }, template: { metadata: { labels: { app: 'db' } },
    spec: { containers: [{ name: 'db', image: 'registry.example/db:1' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] } } },
};
const plain = { ...withClaim, metadata: { name: 'web', namespace: 'default' }, spec: { ...withClaim.spec, template: { ...withClaim.spec.template, spec: { containers: [{ name: 'web', image: 'registry.example/web:1' }] } } } };

function run(...args: string[]): string {
  let out = '';
  const cli = program((s) => (out += s));
  cli.exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: () => undefined });
  cli.parse(['node', 'jest-k8s-placement', ...args]);
  return out;
}
const dir = mkdtempSync(path.join(tmpdir(), 'jkp-nm-'));
const file = (name: string, objects: object[]) => {
  writeFileSync(path.join(dir, name), objects.map((o) => JSON.stringify(o)).join('\n---\n'));
  return path.join(dir, name);
};

test('CLI explain: unknown instead of schedulable, the rejections, then what is not modelled', () => {
  const out = run('explain', file('db.yaml', [withClaim]), '--nodes', file('nodes.yaml', nodes));
  expect(out).toMatch(/^Deployment default\/db \(\S+db\.yaml:1\)\n {2}unknown: 2 of 3 node\(s\) pass every filter the library models: general-1, general-2\n {2}Rejected:\n/);
  expect(out).toContain("TaintToleration: node(s) had untolerated taint(s)");
  expect(out).toContain('\n  not modelled for this pod:\n    VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions: spec.template.spec.volumes[0] (data, persistentVolumeClaim)');
  expect(out).not.toContain('schedulable on');
});

test('CLI explain for a pod without such uses is unchanged', () => {
  expect(run('explain', file('web.yaml', [plain]), '--nodes', file('nodes2.yaml', nodes))).toContain('schedulable on 2 of 3 node(s): general-1, general-2');
});

test('CLI explain --replicas: the placement is labelled a guess', () => {
  const out = run('explain', file('db2.yaml', [withClaim]), '--nodes', file('nodes3.yaml', nodes), '--replicas');
  expect(out).toMatch(/^Deployment default\/db \(\S+\): 2\/2 pod\(s\) scheduled by the modelled filters \(a guess, not modelled for this pod:/);
});

test('the placement matrix: a distinct cell state (N?/M) with a not-modelled footnote; certain rejections stay', () => {
  const m = placementMatrix([withClaim, plain], nodes);
  const db = m.rows.find((r) => r.workload.endsWith('/db'))!;
  expect(db.cells.map((c) => [c.group, c.accepted, c.unknown ?? 0])).toEqual([['general', 0, 2], ['gpu', 0, 0]]);
  expect(db.cells[1].reason).toBe('TaintToleration: node(s) had untolerated taint(s)');
  const text = formatMatrix(m);
  expect(text).toMatch(/db\s+2\?\/2 \[\w+\]\s+0\/1 \[\w+\]/);
  expect(text).toContain('not modelled for this pod: VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions');
  expect(text).toMatch(/web\s+2\/2\s+0\/1 \[\w+\]/);
  expect(formatMatrixMarkdown(m)).toContain('❔ 2?/2 — not modelled for this pod: VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions');
});

test('toHaveAllReplicasScheduled fails both ways unless the first replica is certainly Pending', () => {
  const message = (f: () => void) => { try { f(); } catch (e) { return (e as Error).message; } throw new Error('passed'); };
  expect(message(() => expect(withClaim).toHaveAllReplicasScheduled(nodes))).toMatch(/but the verdict is unknown: not modelled for this pod:\n.*\nBy the modelled filters and scores alone, all 2 are placed/s);
  expect(message(() => expect(withClaim).not.toHaveAllReplicasScheduled(nodes))).toMatch(/but that cannot be proved/);
  // every node certainly rejects the first replica: Pending whatever the volumes say
  expect(withClaim).not.toHaveAllReplicasScheduled([nodes[2]]);
});

test('the engine answers carry notModelled and round-trip through JSON; other pods\' answers have no such key', () => {
  const s = toSubject(withClaim);
  for (const answer of [scheduleOnNode(s, nodes[0]), schedule(s, nodes), place([withClaim], { nodes })]) {
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer);
    expect(JSON.stringify(answer)).toContain('"notModelled":[');
  }
  const p = toSubject(plain);
  for (const answer of [scheduleOnNode(p, nodes[0]), schedule(p, nodes), place([plain], { nodes })]) expect(answer).not.toHaveProperty('notModelled');
});
