// InterPodAffinity Filter through the public matchers, per node with the whole cluster.
// Conformance tables: pkg/scheduler/framework/plugins/interpodaffinity/filtering_test.go TestRequiredAffinitySingleNode
// and TestRequiredAffinityMultipleNodes, ported in test/cluster/interpodaffinity-filtering.cases.ts (shared with
// src/scheduler/plugins/interpodaffinity/interpodaffinity.test.ts, which runs them through schedule()).
import { configure, resetConfiguration } from '../../../core/config';
import { scheduleOn } from '../../../engine/objects';
import type { Node, Pod } from '../../../core/types';
import { failure } from '../../../../test/fixtures';
import {

  REASONS, inT, namespaces, node1, pod, podLabel, requiredAffinityMultipleNodes, requiredAffinitySingleNode, type Want,
} from '../../../../test/cluster/interpodaffinity-filtering.cases';
// the PostFilter part of the FitError: a PreFilter rejection leaves every node UnschedulableAndUnresolvable
// the PostFilter part at 1.37: RunPreFilterPlugins stopped at InterPodAffinity's UnschedulableAndUnresolvable, so
// DynamicResources' PreFilter never ran and its PostFilter fails with CycleState's 'not found' (DefaultPreemption never runs)
const NOT_HELPFUL = ' not found';

function check(incoming: Pod, nodes: Node[], existingPods: Pod[], want: Want[]) {
  const result = scheduleOn(incoming, nodes, { existingPods, namespaces });
  nodes.forEach((node, i) => {
    const name = node.metadata!.name!;
    if (want[i] === 'ok') expect(incoming).toBeSchedulableOn(node, { nodes, existingPods, namespaces });
    else expect(incoming).not.toBeSchedulableOn(node, { nodes, existingPods, namespaces });
    const status = result.rejected.find((v) => v.node === name)?.status;
    let got = 'ok';
    if (status) {
      const hit = Object.entries(REASONS).find(([, [reason, code]]) => status.reasons[0] === reason && status.code === code);
      got = status.plugin === 'InterPodAffinity' ? hit?.[0] ?? `${status.code}: ${status.reasons}` : status.plugin;
    }
    expect(`${name}: ${got}`).toBe(`${name}: ${want[i]}`);
  });
}

describe('InterPodAffinity Filter (interpodaffinity/filtering_test.go TestRequiredAffinitySingleNode)', () => {
  test.each(requiredAffinitySingleNode)('%s', (_name, incoming, existingPods, want) => check(incoming, [node1], existingPods, [want]));

  describe('PreFilter rejects a pod whose term cannot be parsed (the API server would refuse it first)', () => {
    beforeEach(() => configure({ validate: false }));
    afterEach(() => resetConfiguration());
    const bad = '{{.bad-value.}}';
    const message = (list: string) => `0/1 nodes are available: parsing pod: ${list}: values[0][service]: Invalid value: "${bad}": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?').`;
    test('PodAffinity fails PreFilter with an invalid affinity label syntax', () => {
      const p = pod({ labels: podLabel, podAffinity: [inT('service', 'region', [bad]), inT('service', 'node', ['antivirusscan', 'value2'])] });
      expect(scheduleOn(p, [node1]).fitError).toBe(message('requiredAffinityTerms') + NOT_HELPFUL);
    });
    test('(ours) through the matcher: the node is rejected with the PreFilter message', () => {
      const p = pod({ labels: podLabel, podAffinity: [inT('service', 'region', ['bad value'])] });
      expect(failure(() => expect(p).toBeSchedulableOn(node1))).toContain('InterPodAffinity: parsing pod: requiredAffinityTerms: values[0][service]: Invalid value: "bad value"');
      expect(p).not.toBeSchedulableOn(node1);
    });
    // upstream builds this one with two PodAffinityIn terms, hence requiredAffinityTerms
    test('PodAntiAffinity fails PreFilter with an invalid antiaffinity label syntax', () => {
      const p = pod({ labels: podLabel, podAffinity: [inT('service', 'region', ['foo']), inT('service', 'node', [bad])] });
      expect(scheduleOn(p, [node1]).fitError).toBe(message('requiredAffinityTerms') + NOT_HELPFUL);
    });
    test('(ours) the same in a required anti-affinity term names requiredAntiAffinityTerms (framework/types.go NewPodInfo)', () => {
      const p = pod({ labels: podLabel, podAntiAffinity: [inT('service', 'node', [bad])] });
      expect(scheduleOn(p, [node1]).fitError).toBe(message('requiredAntiAffinityTerms') + NOT_HELPFUL);
    });
  });
});

describe('InterPodAffinity Filter (interpodaffinity/filtering_test.go TestRequiredAffinityMultipleNodes)', () => {
  test.each(requiredAffinityMultipleNodes)('%s', (_name, incoming, existingPods, nodes, want) => check(incoming, nodes, existingPods, want));
});
