// The engine's entry points refuse bad input with an error naming the argument (never a TypeError from inside), and
// the outage matchers turn only those refusals into usage errors: a real bug still surfaces as itself.
import { placeReplicas } from '../placement/place';
import { InputError } from '../placement/inputs';
import { simulateOutage, zone, OutageError } from './simulate';
import { expect as jestExpect } from '@jest/globals';
import '../jest';
import { deployment, zones } from '../../test/outage/cluster';
import { failure } from '../../test/fixtures';

const nodes = zones(['a', 'b'], 1);
const web = deployment('web', 2);

describe('placeReplicas refuses', () => {
  test.each([
    ['a null among existingPods', () => placeReplicas(web, nodes, { existingPods: [null as never] }), 'options.existingPods[0] is not a Pod (kind: Pod), received null'],
    ['existingPods that is a string', () => placeReplicas(web, nodes, { existingPods: 'web-0' as never }), 'options.existingPods must be an array, received "web-0"'],
    ['a null workload', () => placeReplicas(null as never, nodes), 'workload: expected one of Pod, Deployment, ReplicaSet, ReplicationController, StatefulSet, Job, CronJob, DaemonSet, received null'],
    ['a null in the workloads', () => placeReplicas([web, null] as never, nodes), 'workloads[1]: expected one of Pod, Deployment'],
    ['a Service', () => placeReplicas({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } }, nodes), 'workload: expected one of Pod, Deployment, ReplicaSet, ReplicationController, StatefulSet, Job, CronJob, DaemonSet, received Service s'],
    ['nodes as a string', () => placeReplicas(web, 'a1' as never), 'nodes must be an array of Node objects, received "a1"'],
    ['a null node', () => placeReplicas(web, [null] as never), 'expected a node at index 0 (a v1 Node object with kind: Node), received null'],
    ['a null among the namespaces', () => placeReplicas(web, nodes, { namespaces: [null as never] }), 'options.namespaces[0] is not a Kubernetes object'],
    ['options that are a string', () => placeReplicas(web, nodes, 'x' as never), 'options must be { existingPods?, namespaces?, services?, storage?, tieBreak? }, received "x"'],
    ['an unknown tieBreak', () => placeReplicas(web, nodes, { tieBreak: 'middle' as never }), "options.tieBreak must be 'first' or 'last', received \"middle\""],
  ])('%s', (_, run, message) => {
    expect(run).toThrow(InputError);
    expect(run).toThrow(TypeError); // the library's usage errors are TypeErrors naming the argument
    expect(run).toThrow(message);
  });

  test('an iterable of existing pods (a loadManifests collection) is taken', () => {
    const existing = new Set([{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x', namespace: 'default' }, spec: { nodeName: 'a1', containers: [{ name: 'x', image: 'nginx' }] } }]);
    expect(placeReplicas(web, nodes, { existingPods: existing as never }).existingPods).toHaveLength(3);
  });
});

describe('simulateOutage refuses', () => {
  test.each([
    ['a null workload', () => simulateOutage({ nodes, workloads: [null as never] }, zone('a')), 'cluster.workloads[0]: expected one of Pod, Deployment, ReplicaSet, ReplicationController, StatefulSet, DaemonSet, Job, CronJob, PodTemplate, received null'],
    ['workloads as a string', () => simulateOutage({ nodes, workloads: 'web' as never }, zone('a')), 'cluster.workloads must be an array, received "web"'],
    ['a null among existingPods', () => simulateOutage({ nodes, workloads: [web], existingPods: [null as never] }, zone('a')), 'cluster.existingPods[0] is not a Pod (kind: Pod), received null'],
    ['a null among namespaces', () => simulateOutage({ nodes, workloads: [web], namespaces: [null as never] }, zone('a')), 'cluster.namespaces[0] is not a Kubernetes object'],
    ['selector: null', () => simulateOutage({ nodes, workloads: [web] }, { selector: null as never }), "failure.selector must be an object of label values, e.g. { pool: 'batch' }, received null"],
    ['a selector value that is not a string', () => simulateOutage({ nodes, workloads: [web] }, { selector: { pool: 1 as never } }), 'failure.selector must be an object of label values'],
    ['nodes as a string', () => simulateOutage({ nodes: 'a1' as never, workloads: [web] }, zone('a')), 'expected a cluster { workloads, nodes, existingPods?, namespaces?, services?, storage? } with nodes an array of Node objects, received nodes: "a1"'],
    ['failure.nodes as a string', () => simulateOutage({ nodes, workloads: [web] }, { nodes: 'a1' as never }), 'failure.nodes must be an array of Node objects or node names, received "a1"'],
    ['a null in failure.nodes', () => simulateOutage({ nodes, workloads: [web] }, { nodes: [null as never] }), 'expected a failure.nodes[0] (a v1 Node object with kind: Node), received null'],
    ['failure.zone as a number', () => simulateOutage({ nodes, workloads: [web] }, { zone: 1 as never }), 'failure.zone must be a zone name (string), received 1'],
    ['failure.condition as a number', () => simulateOutage({ nodes, workloads: [web] }, { zone: 'a', condition: 1 as never }), "failure.condition must be 'unreachable', 'notReady' or a taint"],
    ['a null failure', () => simulateOutage({ nodes, workloads: [web] }, null as never), "expected a failure such as zone('a') or nodesDown(['a1']), received null"],
    ['options that are a string', () => simulateOutage({ nodes, workloads: [web] }, zone('a'), 'x' as never), 'options must be { until?, gracePeriod? }, received "x"'],
  ])('%s', (_, run, message) => {
    expect(run).toThrow(OutageError);
    expect(run).toThrow(message);
  });
});

describe('the outage matchers', () => {
  test('turn the engine refusing bad input into a failed assertion naming the argument', () => {
    const message = failure(() => jestExpect(web).toSurvive(zone('a'), { nodes, existingPods: [null as never] }));
    expect(message).toContain('cluster.existingPods[0] is not a Pod (kind: Pod), received null');
  });

  test('let a TypeError from inside the library surface as itself, not as a usage error', () => {
    // a workload whose spec throws when read stands in for a bug met inside simulateOutage
    const trap = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'trap', namespace: 'default' } };
    Object.defineProperty(trap, 'spec', { enumerable: true, get: () => { throw new TypeError("Cannot read properties of undefined (reading 'spec')"); } });
    const cluster = { nodes, workloads: [trap] };
    // (the options form runs at once; the chain form settles later)
    expect(() => jestExpect(web).toSurvive(zone('a'), cluster, { within: 3600 })).toThrow(TypeError);
    expect(() => jestExpect(web).not.toSurvive(zone('a'), cluster, { within: 3600 })).toThrow("Cannot read properties of undefined (reading 'spec')");
    expect(() => jestExpect(web).toKeepAtLeast(1, zone('a'), cluster)).toThrow(TypeError);
  });
});
