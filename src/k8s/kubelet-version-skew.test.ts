// kubeletHint at the edges of the version skew policy (https://kubernetes.io/releases/version-skew-policy/#kubelet:
// kubelet must not be newer than kube-apiserver, and may be up to three minor versions older), and the kubeletVersion
// texts it reads (status.nodeInfo.kubeletVersion, e.g. `v1.33.5-eks-113cf36`).
import type { KubernetesVersion } from '../core/config';
import type { Node } from '../core/types';
import { kubeletHint } from './kubelet-version';

const nodes = (...versions: string[]): Node[] =>
  versions.map((kubeletVersion, i) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `n${i}` }, status: { nodeInfo: { kubeletVersion } } }) as Node);

describe('the skew between the kubelets and the configured release', () => {
  test.each([
    // [configured, kubelets, the hint or undefined]
    // one kubelet at the configured minor, one four minors older: the older one is out of the skew, not "newer"
    ['1.37', ['v1.37.0', 'v1.33.0'], { why: 'skew' }],
    // exactly three minors older is within the skew; mixed minors within it are an upgrade in progress
    ['1.36', ['v1.33.0', 'v1.35.0'], undefined],
    ['1.36', ['v1.34.0', 'v1.35.0'], undefined],
    // all on one minor, within the skew but not the configured one
    ['1.36', ['v1.35.0', 'v1.35.1'], { why: 'other-minor', suggested: '1.35' }],
  ] as const)('%s with kubelets %j', (configured, kubelets, hint) => {
    const h = kubeletHint(nodes(...kubelets), configured as KubernetesVersion);
    if (hint === undefined) expect(h).toBeUndefined();
    else expect(h).toEqual({ configured, reported: expect.any(Array), ...hint });
  });
});

describe('the kubeletVersion texts read', () => {
  test.each([
    ['v1.33.5', true],
    ['1.33.5', true],            // without the v
    ['v1.33', true],             // no patch
    ['  v1.33.5 ', true],        // surrounding spaces
    ['v1.33-rc.0', true],
    ['v1.33+k3s1', true],
    ['xv1.33.5', false],         // not a version at all
    ['v2.33.0', false],
  ])('%j is read: %s', (version, read) => {
    // a kubelet four minors behind 1.37 gives a hint when its version is read
    expect(kubeletHint(nodes(version), '1.37')?.why).toBe(read ? 'skew' : undefined);
  });
});

test('the reported versions: oldest minor first, numeric within a minor, each once', () => {
  const h = kubeletHint(nodes('v1.34.10', 'v1.34.2', '1.35.0', 'v1.33.1', 'v1.34.2'), '1.37');
  expect(h?.reported).toEqual(['v1.33.1', 'v1.34.2', 'v1.34.10', '1.35.0']);
});
