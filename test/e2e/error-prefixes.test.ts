// Issue 31 item 4: an error message says each thing once. A client that adds its own prefix (the matcher's header,
// placementMatrix's `failures[i]`, the ManifestError's `file:`, the CLI's `--failure` or file name) does not repeat
// the words already there.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nodesDown, zone } from '../../src/outage';
import { placementMatrix } from '../../src/report/matrix';
import { renderChart, renderKustomization } from '../../src/render';
import { runCli as run } from '../cli-run';
import { deployment, failure, node } from '../fixtures';


describe('messages do not repeat their prefix', () => {
  const web = { ...deployment('web'), spec: { ...deployment('web').spec, replicas: 2 } };
  const nodes = ['a', 'b'].map((z) => ({ ...node(`n-${z}`), metadata: { name: `n-${z}`, labels: { 'kubernetes.io/hostname': `n-${z}`, 'topology.kubernetes.io/zone': z } } }));

  test('ManifestError: a message that names its file is not prefixed with it again', () => {
    const chart = failure(() => renderChart('charts/nope'));
    expect(chart).toBe('1 problem(s) in the manifests:\n  charts/nope: not found');
    const overlay = failure(() => renderKustomization('overlays/nope'));
    expect(overlay).toBe('1 problem(s) in the manifests:\n  overlays/nope: no kustomization.yaml');
  });

  test('placementMatrix names the failure by its index, once', () => {
    expect(failure(() => placementMatrix([web], nodes, { failures: [zone('x')] }))).toBe(
      'placementMatrix: failures[0].zone "x" matches no node (zones of the cluster\'s nodes: a, b)');
    expect(failure(() => placementMatrix([web], nodes, { failures: ['NotReady', nodesDown(['zz'])] }))).toBe(
      'placementMatrix: failures[1].nodes names zz, not among the cluster\'s nodes (n-a, n-b)');
  });

  test('a matcher\'s usage error does not repeat the matcher after its header', () => {
    const m = failure(() => expect(web).toKeepAtLeast(-1, zone('a'), { nodes }));
    expect(m).toBe('expect(received).toKeepAtLeast(n, failure, cluster)\n\nn must be a whole number of replicas ≥ 0, received -1');
  });

  test('a taint spec with parseTaintSpec\'s hint does not add the grammar after it', () => {
    const m = failure(() => expect(web).toTolerate('dedicated' as never));
    expect(m).toBe('expect(received).toTolerate(taint)\n\n"dedicated": missing ":Effect" (NoSchedule, PreferNoSchedule or NoExecute); kubectl taint says: invalid taint spec: dedicated');
    // kubectl's text alone still gets the grammar
    expect(failure(() => expect(web).toTolerate('a=b=c:NoSchedule'))).toContain('invalid taint spec: a=b=c:NoSchedule (taints are written as kubectl taint does');
  });

  describe('the CLI', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jkp-prefix-'));
    test('a report file that is not there is named once', () => {
      const missing = path.join(dir, 'nope.json');
      expect(run('report', missing).error?.message).toBe(`${missing}: no such file`);
    });
    test('--taint with a hint (--failure: src/cli-outage.test.ts)', () => {
      expect(run('evict', 'x.yaml', '--node', 'n.yaml', '--taint', 'dedicated').err).toBe(
        'error: "dedicated": missing ":Effect" (NoSchedule, PreferNoSchedule or NoExecute); kubectl taint says: invalid taint spec: dedicated\n(run with --help for usage)\n');
    });
  });
});
