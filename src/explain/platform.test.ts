// Issue 31 finding 7: on an unmistakable EKS dump, a GPU pod without tolerations passes
// `.not.toBeSchedulableOn(gpuNode)` under upstream's admission, while EKS's ExtendedResourceToleration
// (plugin/pkg/admission/extendedresourcetoleration, enabled on EKS: core/presets.ts) lands it there. A passing `.not`
// prints nothing, so the hint goes where the user reads: every failure message about those nodes (as the kubelet
// hint does) and, once, the run report.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { configure, resetConfiguration } from '../core/config';
import type { Node, Pod } from '../core/types';
import { platformHint } from '../engine';
import { platformHintText } from './platform';
import { buildReport, RecordsChannel, renderHtml, renderMarkdown } from '../report/report';
import { runCli as run } from '../../test/cli-run';
import { failure, node } from '../../test/fixtures';

afterEach(() => resetConfiguration());

/** A node as `kubectl get nodes -o yaml` shows an EKS managed node group's. */
const eksNode = (name: string, extra: Partial<Node['spec']> = {}, labels: Record<string, string> = {}): Node => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'eks.amazonaws.com/nodegroup': 'gpu', 'eks.amazonaws.com/capacityType': 'ON_DEMAND', ...labels } },
  spec: { providerID: `aws:///us-east-1a/i-0${name.length}abc`, ...extra },
  status: { allocatable: { cpu: '8', memory: '32Gi', pods: '58', 'nvidia.com/gpu': '1' } },
});
const gpuNode = eksNode('ip-10-0-1-5.ec2.internal', { taints: [{ key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' }] });
const general = eksNode('ip-10-0-2-7.ec2.internal');
const gpuPod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'cuda', namespace: 'ml' },
  spec: { containers: [{ name: 'c', image: 'cuda', resources: { limits: { 'nvidia.com/gpu': '1' } } }] } };
const HINT = "nodes carry EKS labels (eks.amazonaws.com/nodegroup); EKS runs ExtendedResourceToleration admission, off in these settings: configure({ cluster: 'eks' })";
const withLabels = (n: Node, labels: Record<string, string>, providerID?: string): Node =>
  ({ ...n, metadata: { ...n.metadata, labels: { ...n.metadata?.labels, ...labels } }, spec: { ...n.spec, ...(providerID ? { providerID } : {}) } });

describe('platformHint: conservative, from the platform\'s own node labels', () => {
  test('an EKS dump under upstream\'s admission: the hint; under the eks preset: none', () => {
    expect(platformHintText(platformHint([gpuNode, general], false)!)).toBe(HINT);
    expect(platformHint([gpuNode, general], true)).toBeUndefined();
    expect(platformHintText(platformHint([gpuNode], false)!, (p) => `--cluster ${p}`)).toMatch(/: --cluster eks$/);
  });
  test('GKE and AKS presets add nothing to upstream: a hint only when the settings add ExtendedResourceToleration', () => {
    const gke = withLabels(node('gke-pool-1'), { 'cloud.google.com/gke-nodepool': 'pool' }, 'gce://proj/europe-west1-b/gke-pool-1');
    const aks = withLabels(node('aks-nodepool1-0'), { 'kubernetes.azure.com/agentpool': 'nodepool1' });
    expect(platformHint([gke], false)).toBeUndefined();
    expect(platformHint([aks], false)).toBeUndefined();
    expect(platformHintText(platformHint([gke], true)!)).toBe(
      "nodes carry GKE labels (cloud.google.com/gke-nodepool); GKE is not documented to run ExtendedResourceToleration admission, on in these settings: configure({ cluster: 'gke' })");
    expect(platformHint([aks], true)?.platform).toBe('aks');
  });
  test('nothing unmistakable, no hint: plain nodes, a provider ID alone, two platforms, a label beside another cloud\'s provider ID', () => {
    expect(platformHint([node('a'), node('b')], false)).toBeUndefined();
    expect(platformHint([withLabels(node('kops-1'), {}, 'aws:///us-east-1a/i-0abc')], false)).toBeUndefined();
    const gke = withLabels(node('g'), { 'cloud.google.com/gke-nodepool': 'pool' });
    expect(platformHint([general, gke], false)).toBeUndefined();
    expect(platformHint([withLabels(node('x'), { 'eks.amazonaws.com/nodegroup': 'ng' }, 'gce://p/z/x')], false)).toBeUndefined();
    // Fargate and Auto Mode nodes say so with compute-type
    expect(platformHint([withLabels(node('fargate-ip-1'), { 'eks.amazonaws.com/compute-type': 'fargate' })], false)?.label).toBe('eks.amazonaws.com/compute-type');
  });
});

describe('in the matchers', () => {
  test('the issue\'s case: the .not passes (no message); a failure about those nodes ends with the hint', () => {
    expect(gpuPod).not.toBeSchedulableOn(gpuNode);
    const message = failure(() => expect(gpuPod).toBeSchedulableOn(gpuNode));
    expect(message.endsWith(`\n\n${HINT}`)).toBe(true);
    expect(message.split(HINT)).toHaveLength(2);
    // a .not failure too, and the AnyOf forms
    expect(failure(() => expect(gpuPod).not.toBeSchedulableOn(general))).toContain(HINT);
    expect(failure(() => expect({ ...gpuPod, spec: { ...gpuPod.spec, nodeSelector: { none: 'x' } } }).toBeSchedulableOnAnyOf([gpuNode, general]))).toContain(HINT);
  });
  test('with the preset, the verdict follows EKS and no hint is given', () => {
    configure({ cluster: 'eks' });
    expect(gpuPod).toBeSchedulableOn(gpuNode);
    expect(failure(() => expect(gpuPod).not.toBeSchedulableOn(gpuNode))).not.toContain('nodes carry EKS labels');
  });
  test('nodes of no platform get no hint', () => {
    expect(failure(() => expect(gpuPod).toBeSchedulableOn(node('g', [{ key: 'nvidia.com/gpu', effect: 'NoSchedule' }])))).not.toContain('nodes carry');
  });

});

describe('in the run report: once', () => {
  let channel: RecordsChannel;
  beforeEach(() => {
    channel = new RecordsChannel();
  });
  afterEach(() => channel.close());

  test('a passing .not carries the note to the report, which prints it once', () => {
    expect(gpuPod).not.toBeSchedulableOn(gpuNode);
    expect(gpuPod).not.toBeSchedulableOn(gpuNode);
    expect({ ...gpuPod, metadata: { name: 'web', namespace: 'ml' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } }).toBeSchedulableOn(general);
    const records = channel.read();
    expect(records.map((r) => r.notes)).toEqual([[HINT], [HINT], [HINT]]);
    const report = buildReport(records);
    expect(report.notes).toEqual([HINT]);
    const md = renderMarkdown(report);
    expect(md.split('\n').filter((l) => l.includes('nodes carry'))).toEqual([`> **Note:** ${HINT}`]);
    expect(md.indexOf(HINT)).toBeLessThan(md.indexOf('| workload'));
    expect(renderHtml(report)).toContain(`<p class="note"><b>Note:</b> nodes carry EKS labels (eks.amazonaws.com/nodegroup); EKS runs ExtendedResourceToleration admission, off in these settings: configure({ cluster: 'eks' })</p>`);
  });
  test('no note under the preset, and none for nodes of no platform', () => {
    configure({ cluster: 'eks' });
    expect(gpuPod).toBeSchedulableOn(gpuNode);
    resetConfiguration();
    expect(gpuPod).not.toBeSchedulableOn(node('g', [{ key: 'nvidia.com/gpu', effect: 'NoSchedule' }]));
    const report = buildReport(channel.read());
    expect(report.notes).toBeUndefined();
    expect(renderMarkdown(report)).not.toContain('Note:');
  });
});

describe('the CLI', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jkp-platform-'));
  const file = (name: string, objects: object[]) => (writeFileSync(path.join(dir, name), objects.map((o) => JSON.stringify(o)).join('\n---\n')), path.join(dir, name));
  const nodes = file('nodes.yaml', [gpuNode]);
  const pods = file('pod.yaml', [gpuPod]);
  test('explain notes the platform on stderr with the flag; --cluster eks follows EKS', () => {
    const plain = run('explain', pods, '--nodes', nodes);
    expect(plain.out).toContain('untolerated taint');
    expect(plain.err).toBe(`note: ${HINT.replace("configure({ cluster: 'eks' })", '--cluster eks')}\n`);
    const eks = run('explain', pods, '--nodes', nodes, '--cluster', 'eks');
    expect(eks.out).toContain('schedulable on 1 of 1 node(s): ip-10-0-1-5.ec2.internal');
    expect(eks.err).toBe('');
  });
});
