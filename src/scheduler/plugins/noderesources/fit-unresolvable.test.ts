// NodeResourcesFit's status code for a request beyond the node's allocatable: v1.33.13's Filter answers Unschedulable
// for every shortfall; from 1.34 (v1.34.4 fit.go Filter, InsufficientResource.Unresolvable) a request no preemption can
// ever satisfy is UnschedulableAndUnresolvable. 1.32 is out of range. Both answers are the oracle's (oracle/k8s-1.33,
// k8s-1.34); the FitError text is the same.
import { describe, expect, it } from '@jest/globals';
import { scheduleOn } from '../../../engine/objects';
import { withConfiguration } from '../../../core/config';
import type { Node } from '../../../core/types';

const node: Node = {
  apiVersion: 'v1', kind: 'Node', metadata: { name: 'small-1', labels: { 'kubernetes.io/hostname': 'small-1' } },
  spec: {}, status: { allocatable: { cpu: '1', memory: '1Gi', pods: '110' } },
};
const big = {
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'big', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '2' } } }] },
};
const at = (v: '1.33' | '1.34') => withConfiguration({ kubernetesVersion: v }, () => scheduleOn(big, [node]));

describe('NodeResourcesFit beyond allocatable', () => {
  it('1.33: Unschedulable', () => {
    expect(at('1.33').rejected[0].status?.code).toBe('Unschedulable');
    expect(at('1.33').fitError).toBe('0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.');
  });
  it('1.34: UnschedulableAndUnresolvable', () => {
    expect(at('1.34').rejected[0].status?.code).toBe('UnschedulableAndUnresolvable');
    expect(at('1.34').fitError).toBe('0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
  });
});
