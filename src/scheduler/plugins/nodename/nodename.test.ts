// Release delta (issue 21): NodeName gained a PreFilter in 1.37 (kubernetes/kubernetes #140000,
// pkg/scheduler/framework/plugins/nodename/node_name.go at v1.37.2): a pod with spec.nodeName is narrowed to that node
// before Filter, so the other nodes report the PreFilter's words instead of the Filter's. The oracle's answers for
// both releases are frozen in test/e2e/oracle-regressions-o137.test.ts.
import { scheduleOn } from '../../../engine/objects';
import { scheduleOnNode } from '../../../engine/schedule';
import { toSubject } from '../../../k8s/subject';
import { withConfiguration } from '../../../core/config';
import { node } from '../../../../test/fixtures';

const pinned = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { nodeName: 'a', containers: [{ name: 'c', image: 'nginx' }] } };
const nodes = [node('a'), node('b'), node('c')];

test('1.36: NodeName\'s Filter rejects the other nodes', () => {
  const r = withConfiguration({ kubernetesVersion: '1.36' }, () => scheduleOn(pinned as never, nodes));
  expect(r.feasible.map((v) => v.node)).toEqual(['a']);
  expect(r.fitError).toBeUndefined();
  expect(r.rejected.map((v) => v.status?.reasons)).toEqual([["node(s) didn't match the requested node name"], ["node(s) didn't match the requested node name"]]);
});

test('1.37: its PreFilter leaves them out', () => {
  const r = withConfiguration({ kubernetesVersion: '1.37' }, () => scheduleOn(pinned as never, nodes));
  expect(r.feasible.map((v) => v.node)).toEqual(['a']);
  expect(r.rejected.map((v) => v.status?.reasons)).toEqual([["node(s) didn't satisfy plugin(s) [NodeName]"], ["node(s) didn't satisfy plugin(s) [NodeName]"]]);
});

test('the pass line (.not) names spec.nodeName on its node, at 1.36 and 1.37; a pod without one gets none', () => {
  for (const kubernetesVersion of ['1.36', '1.37'] as const) {
    const lines = withConfiguration({ kubernetesVersion }, () => scheduleOnNode(toSubject(pinned as never), node('a')).passes);
    expect(lines.filter((l) => l.startsWith('NodeName: '))).toEqual(['NodeName: spec.nodeName is "a", this node']);
  }
  const free = { ...pinned, spec: { containers: pinned.spec.containers } };
  expect(scheduleOnNode(toSubject(free as never), node('a')).passes.filter((l) => l.startsWith('NodeName: '))).toEqual([]);
});
