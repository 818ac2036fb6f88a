// TaintToleration's Filter reason before and after kubernetes#134740 ("node(s) had untolerated taint(s)", the taint
// only logged at V(4)); #135023 cherry-picked it into release-1.34, and v1.34.4 (the newest 1.34 patch) prints the new
// text, so the change is between 1.33 (v1.33.13 still names the first untolerated taint, `{key: value}`) and 1.34.
// Upstream: pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go Filter, at v1.33.13 and v1.34.4;
// both answers were checked against the oracle modules oracle/k8s-1.33 and oracle/k8s-1.34.
import { describe, expect, it } from '@jest/globals';
import { scheduleOn } from '../../../engine/objects';
import { withConfiguration } from '../../../core/config';
import type { Node, Taint } from '../../../core/types';

const node = (name: string, taints: Taint[]): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  spec: { taints }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const web = {
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], tolerations: [{ key: 'spot', operator: 'Exists' }] },
};
const nodes = [
  node('gpu-1', [{ key: 'spot', value: 'true', effect: 'NoSchedule' }, { key: 'example.com/gpu', value: 'a100', effect: 'NoSchedule' }]),
  node('gpu-2', [{ key: 'example.com/gpu', value: 'a100', effect: 'NoExecute' }]),
  node('infra-1', [{ key: 'dedicated', effect: 'NoSchedule' }]),
];

describe('TaintToleration reason (kubernetes#134740, in 1.34 by #135023)', () => {
  it('1.33 names the first untolerated NoSchedule/NoExecute taint, an absent value as empty', () => {
    const result = withConfiguration({ kubernetesVersion: '1.33' }, () => scheduleOn(web, nodes));
    expect(result.rejected.map((v) => v.status?.reasons)).toEqual([
      ['node(s) had untolerated taint {example.com/gpu: a100}'],
      ['node(s) had untolerated taint {example.com/gpu: a100}'],
      ['node(s) had untolerated taint {dedicated: }'],
    ]);
    expect(result.fitError).toBe('0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: }, 2 node(s) had untolerated taint {example.com/gpu: a100}. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.');
  });

  it('1.34 gives one reason for every such node', () => {
    const result = withConfiguration({ kubernetesVersion: '1.34' }, () => scheduleOn(web, nodes));
    expect(result.rejected.map((v) => v.status?.reasons)).toEqual([
      ['node(s) had untolerated taint(s)'], ['node(s) had untolerated taint(s)'], ['node(s) had untolerated taint(s)'],
    ]);
    expect(result.fitError).toBe('0/3 nodes are available: 3 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.');
  });

  it('the matcher quotes the release\'s words', () => {
    const at = (v: '1.33' | '1.34') => withConfiguration({ kubernetesVersion: v }, () => {
      try {
        expect(web).toBeSchedulableOn(nodes[2]);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    });
    expect(at('1.33')).toContain('TaintToleration: node(s) had untolerated taint {dedicated: }');
    expect(at('1.34')).toContain('TaintToleration: node(s) had untolerated taint(s)');
  });
});
