// platformHint: nodes that carry no platform label do not hide the platform the others show
// (EKS's preset turns ExtendedResourceToleration on: core/presets.ts).
import { expect, test } from '@jest/globals';
import { platformHint } from './platform';
import type { Node } from '../core/types';

const node = (name: string, labels: Record<string, string>, providerID?: string): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels }, ...(providerID ? { spec: { providerID } } : {}) } as Node);

test('an EKS node beside an unlabelled one: the EKS hint', () => {
  const nodes = [node('a', { 'eks.amazonaws.com/nodegroup': 'ng' }, 'aws:///eu-west-1a/i-1'), node('b', {})];
  expect(platformHint(nodes, false)).toEqual({ platform: 'eks', label: 'eks.amazonaws.com/nodegroup', differs: [{ step: 'ExtendedResourceToleration', platform: true }] });
});
