// pkg/apis/core/v1/defaults.go defaultHostNetworkPorts: only a port with hostPort 0 gets hostPort = containerPort; a
// port with no containerPort (0) gets nothing new, so the spec comes back as the same object (defaults.ts's contract).
// SetDefaults_AzureDiskVolumeSource: a nil kind (absent or JSON null) becomes Shared.
import { expect, test } from '@jest/globals';
import { defaultAzureDiskKind, defaultPodSpec } from './defaults';
import type { PodSpec } from '../core/types';

test.each([
  ['containerPort 0', { containerPort: 0 }],
  ['no containerPort', {}],
])('hostNetwork pod, a port with %s: unchanged', (_, port) => {
  const spec = { hostNetwork: true, containers: [{ name: 'c', ports: [port] }] } as PodSpec;
  expect(defaultPodSpec(spec)).toBe(spec);
});

test('hostNetwork pod, containerPort 8080: hostPort 8080', () => {
  const spec = { hostNetwork: true, containers: [{ name: 'c', ports: [{ containerPort: 8080 }] }] } as PodSpec;
  expect(defaultPodSpec(spec).containers[0].ports).toEqual([{ containerPort: 8080, hostPort: 8080 }]);
});

test.each([[{ diskName: 'd', diskURI: 'u' }], [{ diskName: 'd', diskURI: 'u', kind: null }]])('azureDisk %j: kind Shared', (source) => {
  expect(defaultAzureDiskKind(source)).toEqual({ diskName: 'd', diskURI: 'u', kind: 'Shared' });
});
