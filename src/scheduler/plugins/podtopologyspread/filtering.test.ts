// PodTopologySpread Filter through the public matchers, per node with the whole cluster.
// Conformance tables: pkg/scheduler/framework/plugins/podtopologyspread/filtering_test.go TestSingleConstraint and
// TestMultipleConstraints, ported in test/cluster/podtopologyspread-filtering.cases.ts (shared with
// src/scheduler/plugins/podtopologyspread/podtopologyspread.test.ts, which runs them through schedule()).
import { configure, resetConfiguration } from '../../../core/config';
import { scheduleOn } from '../../../engine/objects';
import { DomainCounts } from './state';
import type { Node, Pod } from '../../../core/types';
import {
  LABEL, SKEW, multipleConstraints, singleConstraint, type Case, type Want,
} from '../../../../test/cluster/podtopologyspread-filtering.cases';

function check([, pod, nodes, existingPods, want, refused]: Case) {
  if (refused) configure({ validate: false });
  try {
    checkNodes(pod, nodes, existingPods, want);
  } finally {
    resetConfiguration();
  }
}

function checkNodes(pod: Pod, nodes: Node[], existingPods: Pod[], want: Record<string, Want>) {
  const result = scheduleOn(pod, nodes, { existingPods });
  for (const node of nodes) {
    const name = node.metadata!.name!;
    const w = want[name];
    if (w === 'ok') expect(pod).toBeSchedulableOn(node, { nodes, existingPods });
    else expect(pod).not.toBeSchedulableOn(node, { nodes, existingPods });
    const status = result.rejected.find((v) => v.node === name)?.status;
    const got = !status ? 'ok'
      : status.plugin !== 'PodTopologySpread' ? status.plugin
        : status.reasons[0] === LABEL && status.code === 'UnschedulableAndUnresolvable' ? 'label'
          : status.reasons[0] === SKEW && status.code === 'Unschedulable' ? 'skew' : `${status.code}: ${status.reasons}`;
    expect(`${name}: ${got}`).toBe(`${name}: ${w}`);
  }
}

describe('PodTopologySpread Filter (podtopologyspread/filtering_test.go TestSingleConstraint)', () => {
  test.each(singleConstraint)('%s', (...c) => check(c));
});

describe('PodTopologySpread Filter (podtopologyspread/filtering_test.go TestMultipleConstraints)', () => {
  test.each(multipleConstraints)('%s', (...c) => check(c));
});

// filtering.go Filter: skew = matchNum[domain] + selfMatch − minMatch, so every node of one domain fails alike. The
// nodes of a zone share one Status (filter.ts domainFailure); what each reads is what filtering that node alone says.
describe('PodTopologySpread skew failure per domain', () => {
  const node = (name: string, zone: string): Node => ({
    apiVersion: 'v1', kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } },
    status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
  });
  const nodes = [node('a1', 'a'), node('a2', 'a'), node('b1', 'b')];
  const existingPods: Pod[] = [{
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0', namespace: 'default', labels: { app: 'web' } },
    spec: { nodeName: 'a1', containers: [{ name: 'c', image: 'nginx' }] },
  }];
  const pod: Pod = {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'default', labels: { app: 'web' } },
    spec: {
      containers: [{ name: 'c', image: 'nginx' }],
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }],
    },
  };

  test('zone a (1 matching pod, min 0) rejects both its nodes with the same words; zone b fits', () => {
    configure({ kubernetesVersion: '1.35' });
    try {
      const result = scheduleOn(pod, nodes, { existingPods });
      expect(result.feasible.map((v) => v.node)).toEqual(['b1']);
      const [a1, a2] = result.rejected;
      expect([a1.node, a2.node]).toEqual(['a1', 'a2']);
      expect(a1.status!.reasons).toEqual([SKEW]);
      expect(a2.status).toBe(a1.status);
      expect(a1.status!.details.join('\n')).toContain('placing here makes a 2 → skew 2 > maxSkew 1');
      expect(JSON.parse(JSON.stringify(a2))).toEqual({ node: 'a2', feasible: false, status: JSON.parse(JSON.stringify(a1.status)) });
    } finally {
      resetConfiguration();
    }
  });
});

// filtering.go calPreFilterState: every eligible domain starts at 0; minMatchNum is the smallest count.
describe('DomainCounts (the counts of one constraint over shared zeros)', () => {
  test('reads as the Map it replaces: domains in walk order, 0 for a domain without a match, min', () => {
    const zeros = new Map([['b', 0], ['a', 0], ['c', 0]]);
    const counts = new DomainCounts(zeros);
    counts.add('a');
    counts.add('a');
    expect([...counts]).toEqual([['b', 0], ['a', 2], ['c', 0]]);
    expect([counts.get('a'), counts.get('b'), counts.get('z'), counts.has('c'), counts.has('z'), counts.size]).toEqual([2, 0, undefined, true, false, 3]);
    expect(counts.min()).toBe(0);
    expect([counts.count('a'), counts.count('b'), counts.count('z')]).toEqual([2, 0, 0]);
    counts.add('b');
    counts.add('c');
    expect(counts.min()).toBe(1);
    expect([...zeros]).toEqual([['b', 0], ['a', 0], ['c', 0]]); // shared by the next cycle: never changed
  });
});
