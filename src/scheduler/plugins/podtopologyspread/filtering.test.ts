// PodTopologySpread Filter through the public matchers, per node with the whole cluster.
// Conformance tables: pkg/scheduler/framework/plugins/podtopologyspread/filtering_test.go TestSingleConstraint and
// TestMultipleConstraints, ported in test/cluster/podtopologyspread-filtering.cases.ts (shared with
// test/mutation/podtopologyspread.mutation.test.ts, which runs them through schedule()).
import { configure, resetConfiguration, scheduleOn } from '../../..';
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
