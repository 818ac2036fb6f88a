// Release delta (issue 21): the node lifecycle controller's NoExecute taint for an unreachable node, 1.33 vs 1.34.
import { simulateOutage, nodesDown, zone } from '../outage';
import { configure, resetConfiguration, withConfiguration } from '../core/config';
import { releasesFrom } from '../core/releases';
import { deployment, lines, zones } from '../../test/outage/cluster';

afterEach(() => resetConfiguration());

// node_lifecycle_controller.go processTaintBaseEviction read the previously observed Ready condition until
// kubernetes/kubernetes #120816 (fixes #120815, v1.34): unreachable:NoExecute came one 5 s monitor pass late.
describe('kubernetesVersion: the NoExecute taint before 1.34', () => {
  const nodes = zones(['a', 'b', 'c'], 1);
  const web = deployment('web', 3);
  const taintAndEviction = () => {
    const o = simulateOutage({ nodes, workloads: [web] }, nodesDown(['a1']));
    return lines(o.events).filter((l) => / (TaintNoExecute|TaintManagerEviction)$/.test(l));
  };
  test('1.33: taint at 55 s, eviction at 355 s', () => {
    configure({ kubernetesVersion: '1.33' });
    expect(taintAndEviction()).toEqual(['55 Node a1 TaintNoExecute', '355 Pod default/web-0 TaintManagerEviction']);
    expect(web).not.toSurvive(nodesDown(['a1']), { nodes }).within(354);
    expect(web).toSurvive(nodesDown(['a1']), { nodes }).within(355);
  });
  test.each(releasesFrom('1.34'))('%s: taint at 50 s, eviction at 350 s', (v) => {
    withConfiguration({ kubernetesVersion: v }, () => expect(taintAndEviction()).toEqual(['50 Node a1 TaintNoExecute', '350 Pod default/web-0 TaintManagerEviction']));
  });
  test('a live kubelet posting Ready=False is observed at once, also in 1.33', () => {
    configure({ kubernetesVersion: '1.33' });
    const o = simulateOutage({ nodes, workloads: [web] }, nodesDown(['a1'], 'notReady'));
    expect(lines(o.events)).toContain('0 Node a1 TaintNoExecute');
  });
  test('the second node of a zone is queued 10 s after the first, both 5 s later in 1.33', () => {
    configure({ kubernetesVersion: '1.33' });
    const o = simulateOutage({ nodes: zones(['a', 'b'], 2), workloads: [] }, zone('a'));
    expect(lines(o.events).filter((l) => l.endsWith('TaintNoExecute'))).toEqual(['55 Node a1 TaintNoExecute', '65 Node a2 TaintNoExecute']);
  });
});
