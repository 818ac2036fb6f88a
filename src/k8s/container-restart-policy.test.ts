// restartPolicy on a regular container, and an init container's other than Always (KEP-5307, the
// ContainerRestartRules gate, kubernetes#132642): 1.33 has no gate and refuses both; at 1.34 the gate is alpha and off,
// and the API server drops both fields before validating (pkg/api/pod/util.go dropContainerRestartRules, v1.34.4), so
// the Pod is accepted without them; from 1.35 (beta, on) Always, Never and OnFailure are allowed. Each answer was
// checked against the oracle modules (create domain) of v1.33.13, v1.34.4 and v1.35.4.
import { describe, expect, it } from '@jest/globals';
import { validate } from '../engine/validate';
import { withConfiguration } from '../core/config';

const pod = {
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'job-runner' },
  spec: {
    containers: [{ name: 'main', image: 'registry.example/app:1', restartPolicy: 'Never' }],
    initContainers: [{ name: 'setup', image: 'registry.example/app:1', restartPolicy: 'OnFailure' }],
  },
};
const at = (v: '1.33' | '1.34' | '1.35') => withConfiguration({ kubernetesVersion: v }, () => validate(pod as never).map((e) => `${e.field}: ${e.message}`));

describe('container restartPolicy (ContainerRestartRules)', () => {
  it('1.33 refuses both', () => {
    expect(at('1.33')).toEqual([
      'spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers',
      'spec.initContainers[0].restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
    ]);
  });
  it('1.34 drops them (gate off) and accepts the Pod', () => {
    expect(at('1.34')).toEqual([]);
  });
  it('1.35 accepts them (gate on)', () => {
    expect(at('1.35')).toEqual([]);
  });
});
