// Release delta (issue 21): a regular container's restartPolicy, the ContainerRestartRules gate (KEP-5307): alpha and
// off in 1.34, beta and on from 1.35 (pkg/features/kube_features.go at v1.34.4 and v1.35.4). pkg/apis/core/validation
// validateContainers: Forbidden without the gate; with it, Always, Never or OnFailure.
import { validate, withConfiguration } from '../../src';

const pod = (restartPolicy: string) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'nginx', restartPolicy }] },
});
const errors = (o: object) => validate(o as never).map((e) => `${e.field}: ${e.message}`);

test('1.34: a regular container may not set restartPolicy', () => {
  withConfiguration({ kubernetesVersion: '1.34' }, () => {
    expect(errors(pod('Never'))).toEqual(['spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers']);
  });
});

test('1.35: Never is accepted, an unknown policy is told the three', () => {
  withConfiguration({ kubernetesVersion: '1.35' }, () => {
    expect(errors(pod('Never'))).toEqual([]);
    expect(errors(pod('Sometimes'))).toEqual(['spec.containers[0].restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "Never", "OnFailure"']);
  });
});
