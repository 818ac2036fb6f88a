// topologySpreadConstraints[].matchLabelKeys on create, before and after MatchLabelKeysInPodTopologySpreadSelectorMerge
// (beta, on from 1.34, kubernetes#129874). v1.33.13 calls the legacy validateMatchLabelKeysInTopologySpread: the keys are
// checked even without a labelSelector, and a key the selector names is refused at matchLabelKeys[i]; from 1.34 the
// API server merges the keys into the selector and checks them as pod affinity's (ValidateMatchLabelKeysAndMismatchLabelKeys):
// without a selector only Forbidden, and the overlap at the constraint's own path. 1.32 is out of range: 1.33's
// behaviour is the older one here. Both answers are the oracle's (oracle/k8s-1.33, k8s-1.34, create domain).
import { describe, expect, it } from '@jest/globals';
import { validate } from '../engine/validate';
import { withConfiguration } from '../core/config';

const pod = {
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', labels: { app: 'web' } },
  spec: {
    containers: [{ name: 'c', image: 'registry.example/app:1' }],
    topologySpreadConstraints: [
      { maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule', matchLabelKeys: ['bad key!'] },
      { maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['app'] },
    ],
  },
};
const fields = (v: '1.33' | '1.34') => withConfiguration({ kubernetesVersion: v }, () => validate(pod as never).map((e) => `${e.field}: ${e.message.split(':')[0]}`));

describe('spread matchLabelKeys validation (kubernetes#129874)', () => {
  it('1.33: the legacy check', () => {
    expect(fields('1.33')).toEqual([
      'spec.topologySpreadConstraints[0].matchLabelKeys: Forbidden',
      'spec.topologySpreadConstraints[0].matchLabelKeys[0]: Invalid value',
      'spec.topologySpreadConstraints[1].matchLabelKeys[0]: Invalid value',
    ]);
  });
  it('1.34: merged into the selector, checked as pod affinity', () => {
    expect(fields('1.34')).toEqual([
      'spec.topologySpreadConstraints[0].matchLabelKeys: Forbidden',
      'spec.topologySpreadConstraints[1][0]: Invalid value',
    ]);
  });
});
