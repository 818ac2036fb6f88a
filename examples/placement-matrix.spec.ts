// Where every workload of the platform can run, per node pool, kept as a snapshot: a chart bump that
// moves a workload shows up in review as a changed cell. Update with `npx jest -u` after checking the diff.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseManifests, placementMatrix, zone, type PlacementMatrix } from 'jest-k8s-placement';
import { nodes, repo } from './platform';

// Eviction columns (one node fails), then an outage column: zone eu-west-1b lost, simulated to its end.
const failures = ['NotReady', 'Unreachable', 'maintenance=kernel-upgrade:NoExecute', zone('eu-west-1b')];

test('the platform matrix, by pool', () => {
  expect(placementMatrix(repo.workloads(), nodes, { groupBy: 'pool', failures })).toMatchSnapshot();
});

/** Every cell that differs between two matrices of the same workloads and columns, as `row × column: before → after`. */
function changedCells(before: PlacementMatrix, after: PlacementMatrix): string[] {
  const text = (m: PlacementMatrix) =>
    new Map(m.rows.flatMap((r) => [
      ...r.cells.map((c) => [`${r.workload} × ${c.group}`, `${c.accepted}/${c.nodes}`] as const),
      ...r.eviction.map((e) => [`${r.workload} × ${e.failure}`, e.after === null ? 'stays' : `${e.after}s`] as const),
      ...r.outage.map((o) => [`${r.workload} × ${o.failure}`, o.text] as const),
    ]));
  const [a, b] = [text(before), text(after)];
  return [...a].filter(([k, v]) => b.get(k) !== v).map(([k, v]) => `${k}: ${v} → ${b.get(k)}`);
}

/** The example manifests with one file's text edited, loaded as the repository would be. */
function editedRepo(file: string, edit: (text: string) => string) {
  const dir = path.join(__dirname, 'platform');
  const files = ['apps/payments.yaml', 'apps/reports.yaml', 'apps/training.yaml', 'apps/web.yaml', 'system/cni.yaml', 'system/logging.yaml'];
  expect(files).toContain(file);
  return files.flatMap((f) => {
    const text = readFileSync(path.join(dir, f), 'utf8');
    const changed = f === file ? edit(text) : text;
    if (f === file) expect(changed).not.toBe(text);
    return parseManifests(changed, `platform/${f}`).workloads();
  });
}

describe('changing a toleration changes exactly the expected cells', () => {
  const before = placementMatrix(repo.workloads(), nodes, { groupBy: 'pool', failures });

  test('nightly-reports without its spot toleration loses the spot pool, and then runs in eu-west-1c, out of reach of the eu-west-1b outage', () => {
    const after = placementMatrix(editedRepo('apps/reports.yaml', (t) => t.replace('- key: spot\n', '- key: spot-instance\n')), nodes, { groupBy: 'pool', failures });
    // Before, it ran on spot-b1 (tolerated, preferred: 2 × NodeAffinity 100), tainted NoExecute at 60 s → back after 360 s.
    // Now only general-b1 and general-c1 pass the filters (spot untolerated, general-b2 not-ready, general-c2
    // cordoned). payments-db (2 CPU, 8Gi each; placed first) left two pods on general-b1 and one on general-c1, so
    // with the report's 1 CPU, 2Gi on nodes of 7910m, 30Gi (a Job gets no default spreading, NodeAffinity 0 on both):
    //   general-c1: LeastAllocated ((7910 − 3000) × 100 / 7910 = 62, (30 − 10) × 100 / 30 = 66) / 2 = 64,
    //               Balanced 100 × (1 − |0.379 − 0.333| / 2) = 97 → 300 + 64 + 97 = 461
    //   general-b1: LeastAllocated (36 + 40) / 2 = 38, Balanced 100 × (1 − |0.632 − 0.600| / 2) = 98 → 300 + 38 + 98 = 436
    // → general-c1, which the eu-west-1b outage does not touch.
    expect(changedCells(before, after)).toEqual([
      'CronJob finance/nightly-reports × spot: 1/1 → 0/1',
      'CronJob finance/nightly-reports × zone eu-west-1b down: 1/1 running after 360s → 1/1 running throughout',
    ]);
  });

  test('payments-db tolerating the GPU taint gains nothing: its nodeSelector still keeps it off the GPU pool', () => {
    const after = placementMatrix(
      editedRepo('apps/payments.yaml', (t) => t.replace('      tolerations:\n', '      tolerations:\n      - {key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}\n')),
      nodes, { groupBy: 'pool', failures },
    );
    expect(changedCells(before, after)).toEqual([]);
  });

  test('payments-db without its not-ready toleration waits the default 300 s on a NotReady node; nothing else moves', () => {
    const after = placementMatrix(
      editedRepo('apps/payments.yaml', (t) => t.replace(/ {6}- key: node\.kubernetes\.io\/not-ready\n(?: {8}.*\n){3}/, '')),
      nodes, { groupBy: 'pool', failures },
    );
    expect(changedCells(before, after)).toEqual(['StatefulSet shop/payments-db × NotReady: 60s → 300s']);
  });
});

test('inline: the system pool, per node, for the node agents', () => {
  const agents = repo.workloads().filter((w) => w.kind === 'DaemonSet');
  expect(placementMatrix(agents, nodes.filter((n) => n.metadata?.labels?.pool !== 'general'))).toMatchInlineSnapshot(`
PlacementMatrix: 3 node group(s) of 3 node(s), grouped by pool labels

workload                          gpu-a1      spot-b1     system-a1
DaemonSet kube-system/cilium      1/1         1/1         1/1
DaemonSet logging/fluent-bit      1/1         1/1         1/1
`);
});
