// Issue 21 item 3: a node dump's status.nodeInfo.kubeletVersion hints at the cluster's release. The rule is the
// version skew policy (https://kubernetes.io/releases/version-skew-policy/#kubelet): a kubelet is never newer than
// kube-apiserver and at most three minors older.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kubeletHint } from '../engine';
import { kubeletHintText } from './kubelet';
import { runCli as run } from '../../test/cli-run';
import { withConfiguration } from '../core/config';
import type { Node } from '../core/types';
import { failure, node, pod } from '../../test/fixtures';

const at = (name: string, kubeletVersion?: string): Node => {
  const n = node(name, [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
  return kubeletVersion ? { ...n, status: { ...n.status, nodeInfo: { kubeletVersion } } } as Node : n;
};

describe('kubeletHint', () => {
  test.each([
    // [configured, kubelets, suggested or undefined (no hint), why]
    ['1.37', ['v1.33.5'], '1.33', 'skew'],                       // the example: four minors behind
    ['1.37', ['v1.35.2-eks-113cf36', 'v1.35.4'], '1.35', 'other-minor'],
    ['1.35', ['v1.36.1'], '1.36', 'newer'],                      // a kubelet is never newer than the API server
    ['1.35', ['v1.34.0', 'v1.37.1'], '1.37', 'newer'],
    ['1.37', ['v1.29.15'], undefined, 'skew'],                   // no supported release fits: said, with nothing to configure
  ] as const)('%s with kubelets %j suggests %s', (configured, kubelets, suggested, why) => {
    const h = kubeletHint(kubelets.map((v, i) => at(`n${i}`, v)), configured);
    expect(h).toMatchObject({ configured, why, reported: [...kubelets].sort() });
    expect(h?.suggested).toBe(suggested);
  });
  test.each([
    ['1.37', ['v1.37.2']],
    ['1.37', ['v1.35.0', 'v1.37.2']],          // mixed, within the skew: an upgrade in progress
    ['1.36', ['v1.33.1', 'v1.36.0']],
    ['1.33', ['v1.30.4']],                     // within the skew, and 1.33 is the only supported release that fits
    ['1.37', [undefined, 'not a version']],     // nothing to go by
  ] as const)('%s with kubelets %j: no hint', (configured, kubelets) => {
    expect(kubeletHint(kubelets.map((v, i) => at(`n${i}`, v)), configured)).toBeUndefined();
  });
  test('the words, with the fix for the client', () => {
    const h = kubeletHint([at('a', 'v1.33.5')], '1.37')!;
    expect(kubeletHintText(h)).toBe("nodes report kubelet v1.33.5; settings model 1.37: configure({ kubernetesVersion: '1.33' })");
    expect(kubeletHintText(h, (v) => `--kubernetes-version ${v}`)).toBe('nodes report kubelet v1.33.5; settings model 1.37: --kubernetes-version 1.33');
    expect(kubeletHintText(kubeletHint([at('a', 'v1.29.1')], '1.37')!)).toBe(
      'nodes report kubelet v1.29.1; settings model 1.37, and no supported release (1.33, 1.34, 1.35, 1.36, 1.37) fits these kubelets within the version skew policy');
  });
});

describe('in the matchers’ messages', () => {
  const nodes = [at('a', 'v1.33.5'), at('b', 'v1.33.5'), at('c', 'v1.33.7')];
  const note = "nodes report kubelet v1.33.5, v1.33.7; settings model 1.37: configure({ kubernetesVersion: '1.33' })";
  test('once, at the end of a failure', () => {
    const message = withConfiguration({ kubernetesVersion: '1.37' }, () => failure(() => expect(pod('web')).toBeSchedulableOnAnyOf(nodes)));
    expect(message.endsWith(`\n\n${note}`)).toBe(true);
    expect(message.split(note)).toHaveLength(2);
    expect(withConfiguration({ kubernetesVersion: '1.37' }, () => failure(() => expect(pod('web')).toBeSchedulableOn(nodes[0])))).toContain(note.replace(', v1.33.7', ''));
  });
  test('not when the settings follow the dump, nor for nodes that report nothing', () => {
    expect(withConfiguration({ kubernetesVersion: '1.33' }, () => failure(() => expect(pod('web')).toBeSchedulableOnAnyOf(nodes)))).not.toContain('nodes report kubelet');
    expect(failure(() => expect(pod('web')).toBeSchedulableOnAnyOf([at('x')]))).not.toContain('nodes report kubelet');
  });
  test('a .not failure carries it too', () => {
    const tolerant = { ...pod('web'), spec: { ...pod('web').spec, tolerations: [{ operator: 'Exists' }] } };
    expect(withConfiguration({ kubernetesVersion: '1.37' }, () => failure(() => expect(tolerant).not.toBeSchedulableOn(nodes[0])))).toContain('nodes report kubelet v1.33.5');
  });
});

describe('the CLI', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jkp-kubelet-'));
  const file = (name: string, text: string) => (writeFileSync(path.join(dir, name), text), path.join(dir, name));
  const nodesFile = file('nodes.yaml', ['a', 'b'].map((n) => `apiVersion: v1
kind: Node
metadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}, nodeInfo: {kubeletVersion: v1.36.2}}
`).join('---\n'));
  const pinned = file('pinned.yaml', `apiVersion: v1
kind: Pod
metadata: {name: pinned, namespace: default}
spec: {nodeName: a, containers: [{name: c, image: nginx}]}
`);
  test('--kubernetes-version picks the release; without it, the note says which flag fits the dump', () => {
    // NodeName's words changed in v1.37.2, when it gained a PreFilter (pkg/scheduler/framework/plugins/nodename)
    const latest = run('explain', pinned, '--nodes', nodesFile);
    expect(latest.out).toContain("didn't satisfy plugin(s) [NodeName]");
    expect(latest.err).toBe('note: nodes report kubelet v1.36.2; settings model 1.37: --kubernetes-version 1.36\n');
    const at136 = run('explain', pinned, '--nodes', nodesFile, '--kubernetes-version', '1.36');
    expect(at136.out).toContain("node(s) didn't match the requested node name");
    expect(at136.err).toBe('');
  });
  test('an unsupported release is refused with the supported ones', () => {
    const r = run('matrix', pinned, '--nodes', nodesFile, '--kubernetes-version', '1.32');
    expect(r.error).toBeDefined();
    expect(r.err).toContain("error: option '--kubernetes-version <minor>' argument '1.32' is invalid. Allowed choices are 1.33, 1.34, 1.35, 1.36, 1.37.");
  });
});
