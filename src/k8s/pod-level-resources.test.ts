// Pod-level resources (spec.resources, KEP-2837): the PodLevelResources gate is alpha and off at 1.33 and beta and on
// from 1.34 (kubernetes#132999). With it off the API server drops spec.resources on create
// (pkg/api/pod/util.go dropDisabledPodLevelResources, v1.33.13) and the scheduler sums the containers
// (framework/types.go calculateResource, SkipPodLevelResources: !PodLevelResources); from 1.34 the pod-level
// requests replace the containers' sum in NodeResourcesFit (component-helpers resource/helpers.go PodRequests).
// Both answers were checked against oracle/k8s-1.33 (v1.33.13) and oracle/k8s-1.34 (v1.34.4).
import { describe, expect, it } from '@jest/globals';
import { scheduleOn } from '../engine/objects';
import { withConfiguration } from '../core/config';
import type { Node } from '../core/types';

const node: Node = {
  apiVersion: 'v1', kind: 'Node', metadata: { name: 'small-1', labels: { 'kubernetes.io/hostname': 'small-1' } },
  spec: {}, status: { allocatable: { cpu: '2', memory: '8Gi', pods: '110' } },
};
const pod = (resources?: Record<string, unknown>) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'batch', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '1' } } }], ...(resources ? { resources } : {}) },
});
const bigPod = pod({ requests: { cpu: '4' }, limits: { cpu: '4' } });

describe('pod-level resources (PodLevelResources beta and on from 1.34)', () => {
  it('1.33: spec.resources is dropped, the containers\' 1 cpu fits', () => {
    withConfiguration({ kubernetesVersion: '1.33' }, () => {
      expect(scheduleOn(bigPod, [node]).feasible.map((v) => v.node)).toEqual(['small-1']);
      expect(bigPod).toBeSchedulableOn(node);
    });
  });

  it('1.34: the pod-level 4 cpu does not fit', () => {
    withConfiguration({ kubernetesVersion: '1.34' }, () => {
      expect(scheduleOn(bigPod, [node]).fitError).toBe('0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
      expect(bigPod).not.toBeSchedulableOn(node);
    });
  });

  it('a pod-level quantity that does not parse is refused at both releases (decoding comes before the drop)', () => {
    const bad = pod({ requests: { cpu: 'lots' } });
    for (const v of ['1.33', '1.34'] as const) {
      withConfiguration({ kubernetesVersion: v }, () => {
        expect(() => expect(bad).toBeSchedulableOn(node)).toThrow('spec.resources.requests.cpu: Invalid value: "lots"');
      });
    }
  });
});
