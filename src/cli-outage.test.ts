// `jest-k8s-placement matrix --failure zone:<zone>` / `nodes:<a,b>`: outage columns from the CLI (in process;
// scripts/report-test.mjs runs the CLI from the packed tarball).
import path from 'node:path';
import { program } from './cli';

const examples = path.join(__dirname, '../examples/platform/outage');

function matrix(...args: string[]): { out: string; err: string; code?: number } {
  let out = '';
  let err = '';
  const cli = program((s) => (out += s));
  // the matrix command reports a bad --failure through the program (cli.error)
  cli.exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: (s) => (err += s) });
  try {
    cli.parse(['node', 'jest-k8s-placement', 'matrix', path.join(examples, 'workloads.yaml'), '--nodes', path.join(examples, 'cluster.yaml'), '--group-by', 'pool', ...args]);
  } catch (e) {
    return { out, err, code: (e as { exitCode?: number }).exitCode };
  }
  return { out, err };
}

test('zone:<zone> and nodes:<a,b> add outage columns; zone:NoExecute stays a taint', () => {
  const { out } = matrix('--failure', 'zone:eu-west-1a', '--failure', 'nodes:general-b1,batch-b1', '--failure', 'zone:NoExecute', '--format', 'json');
  const m = JSON.parse(out);
  expect(m.failures).toEqual(['zone:NoExecute']);
  expect(m.outages).toEqual(['zone eu-west-1a down', 'nodes general-b1, batch-b1 down']);
  const web = m.rows.find((r: { workload: string }) => r.workload === 'Deployment shop/web');
  expect(web.outage.map((o: { text: string }) => o.text)).toEqual(['6/6 running after 350s', '6/6 running after 350s']);
  const reports = m.rows.find((r: { workload: string }) => r.workload === 'Deployment shop/reports');
  expect(reports.outage[1]).toMatchObject({ text: '2/4 running, 2 Pending', survived: false });
});

test('text and Markdown formats carry the column', () => {
  // the general column is one wider for shop/payments' `3?/3 [key]` (its volumeClaimTemplates are not modelled)
  expect(matrix('--failure', 'zone:eu-west-1b').out).toContain('Deployment shop/reports           2/2         0/3 [1ins]   2/4 running, 2 Pending [0wx9]');
  // shop/payments' volumeClaimTemplates are not modelled without the cluster's StorageClasses; with them (storage.yaml,
  // the default class gp3 of the EBS CSI driver) payments-0's volume stays in eu-west-1a once provisioned there
  expect(matrix('--failure', 'zone:eu-west-1b', '--format', 'md').out).toContain(
    '| ❔ 2?/3 running, 1 Terminating until out-of-service — not modelled for this pod: VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions |');
  expect(matrix('--failure', 'zone:eu-west-1b', '--format', 'md', path.join(examples, 'storage.yaml')).out).toContain('| ❌ 2/3 running, 1 Terminating until out-of-service |');
  expect(matrix('--failure', 'zone:eu-west-1a', '--failure', 'nodes:general-a1', path.join(examples, 'storage.yaml')).out).toMatch(
    /StatefulSet shop\/payments\s+0\/2 \[\w+\]\s+3\/3\s+2\/3 running, 1 Terminating until out-of-service\s+2\/3 running, 1 Terminating until out-of-service/);
});

test('a zone no node is in is a usage error (exit 1) naming the option', () => {
  const r = matrix('--failure', 'zone:mars-1a');
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/^error: --failure zone:mars-1a: zone "mars-1a" matches no node \(zones of the cluster's nodes: eu-west-1a, eu-west-1b, eu-west-1c\)\n/);
});
