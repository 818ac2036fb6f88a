// The framework's own types, read as kube-scheduler reads them: Resource (pkg/scheduler/framework/types.go
// Resource.Add, NewResource), NodeInfo.Allocatable, NodeInfo.AddPod (the pods already bound), the Status of a
// rejection, and the profile's plugins. Every pod and node here is built fresh, with amounts no other test uses:
// the framework caches per object and per declared amounts, and a cached answer would hide the code under test.
import { addResources, exactAmount, nodeInfo, nodeUsage, podInfo, rejection, toResources, type Resources } from './framework';
import { explainNodePass } from './passes';
import { DEFAULT_PROFILE, profile, withProfile } from './profile';
import { toSubject } from '../k8s/subject';
import { ApiServerRefusal } from '../k8s/decode';
import { withConfiguration } from '../core/config';
import type { Node, Pod } from '../core/types';
import { ToyBan } from '../../test/plugins/toyban';

const pod = (name: string, spec: Record<string, unknown> | undefined, status?: Record<string, unknown>): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ft' }, ...(spec ? { spec } : {}), ...(status ? { status } : {}) }) as Pod;
const node = (name: string, allocatable: Record<string, string>): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable } }) as Node;
const empty = (): Resources => ({ milliCPU: 0, memory: 0, ephemeralStorage: 0, scalars: new Map() });

describe('Resource (types.go Resource.Add)', () => {
  // Resource.Add: cpu by Quantity.MilliValue(), the rest by Value(); both round up (resource.Quantity ScaledValue
  // rounds a fraction away from zero), so one nanocore is 1m and one milli-byte 1 byte.
  test('amounts round up to the scheduler unit', () => {
    const r = toResources(new Map([['cpu', 1n], ['memory', 1_000_001n], ['example.com/ft-dongle', 2_500_000_001n]]));
    expect([r.milliCPU, r.memory, r.scalars.get('example.com/ft-dongle')]).toEqual([1, 1, 3]);
  });

  // Resource.Add: `pods` is AllowedPodNumber and any other name is kept only when IsScalarResourceName says so.
  test('pods and non-scalar names are no scalar resources', () => {
    const r = toResources(new Map([['pods', 110n * 10n ** 9n], ['ft-not-qualified', 10n ** 9n], ['hugepages-2Mi', 2n * 10n ** 9n]]));
    expect([...r.scalars]).toEqual([['hugepages-2Mi', 2]]);
  });

  // Resource.AddScalar sums int64s: a scalar sum past 2^53 stays exact (as NodeInfo.Requested does in Go).
  test('a scalar sum past 2^53 keeps its exact value', () => {
    const sum = empty();
    const big = Number.MAX_SAFE_INTEGER; // 2^53 - 1
    addResources(sum, { ...empty(), scalars: new Map([['example.com/ft-big', big]]) });
    addResources(sum, { ...empty(), scalars: new Map([['example.com/ft-big', 10]]) });
    expect(exactAmount(sum, 'example.com/ft-big', sum.scalars.get('example.com/ft-big')!)).toBe(BigInt(big) + 10n);
  });
});

describe('NodeInfo.Allocatable', () => {
  // Resource.Add: v1.ResourcePods → AllowedPodNumber = rQuant.Value(); NodeResourcesFit's "Too many pods" reads it.
  test('pods is the allowed pod number', () => {
    const info = nodeInfo(node('ft-pods', { cpu: '3217m', memory: '7Gi', pods: '7' }));
    expect(info.allocatable?.pods).toBe(7);
    expect(info.allocatable?.milliCPU).toBe(3217);
  });
});

describe('the pods already on a node (NodeInfo.AddPod)', () => {
  // NodeInfo.AddPod adds the pod's requests and its host ports (UsedPorts): a pod without host ports adds none.
  test('a pod with plain requests and no host ports uses no port', () => {
    const usage = nodeUsage([pod('ft-plain', { nodeName: 'n', containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1357m', memory: '97Mi' } } }] })]);
    expect(usage).toEqual({ pods: 1, requested: { milliCPU: 1357, memory: 97 * 2 ** 20, ephemeralStorage: 0, scalars: new Map() }, ports: [] });
  });

  // A Pod stored without a spec is an empty PodSpec (the API server decodes a missing object as its zero value): it
  // counts as a pod and requests nothing.
  test('a Pod without a spec counts and requests nothing', () => {
    expect(nodeUsage([pod('ft-nospec', undefined)])).toEqual({ pods: 1, requested: empty(), ports: [] });
  });

  // Bad input is a clear error, never a silently counted object: an existing "pod" with no kind is no Pod.
  test('an object without a kind is refused, not counted', () => {
    const kindless = { metadata: { name: 'ft-kindless' }, spec: { containers: [{ name: 'c', image: 'i' }] } } as unknown as Pod;
    expect(() => nodeUsage([kindless])).toThrow(/expected a Pod or a workload/);
  });

  // The API server's decoder refuses a Pod whose quantity does not parse (resource.ParseQuantity in the Quantity's
  // UnmarshalJSON), whichever list holds it: also a limit PodRequests never reads (the request is set, so defaulting
  // copies no limit into it), on a pod with overhead.
  test('an existing pod with an undecodable limit is refused', () => {
    const bad = pod('ft-badlimit', { nodeName: 'n', overhead: { cpu: '10m' }, containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1' }, limits: { cpu: 'ft-bogus' } } }] });
    expect(() => nodeUsage([bad])).toThrow(ApiServerRefusal);
    expect(() => nodeUsage([bad])).toThrow(/spec\.containers\[0\]\.resources\.limits\.cpu: Invalid value: "ft-bogus"/);
  });

  // At 1.33 PodLevelResources is off and the API server drops spec.resources (pkg/api/pod/util.go
  // dropDisabledPodLevelResources), so PodRequests never reads it; the JSON is still decoded first, so an
  // undecodable pod-level limit is still the Pod's refusal.
  test('at 1.33, an existing pod with an undecodable pod-level limit is refused', () => {
    const bad = pod('ft-badpodlimit', { nodeName: 'n', resources: { limits: { cpu: 'ft-bogus2' } }, containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1' } } }] });
    withConfiguration({ kubernetesVersion: '1.33' }, () => {
      expect(() => nodeUsage([bad])).toThrow(/spec\.resources\.limits\.cpu: Invalid value: "ft-bogus2"/);
    });
  });
});

describe('PodInfo', () => {
  // A resize's status is read for the requests (UseStatusResources) and decoded with the Pod: an undecodable
  // quantity there is the API server's refusal of the Pod, naming the field.
  test('an undecodable quantity in a resize status refuses the pod', () => {
    const resizing = pod('ft-resize', { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1' } } }] },
      { containerStatuses: [{ name: 'c', resources: { requests: { cpu: 'ft-bogus' } } }] });
    expect(() => podInfo(toSubject(resizing))).toThrow(ApiServerRefusal);
    expect(() => podInfo(toSubject(resizing))).toThrow(/status\.containerStatuses\[0\]\.resources\.requests\.cpu: Invalid value: "ft-bogus"/);
  });
});

describe('Status of a rejection', () => {
  // framework.Status keeps its reasons as a list: ['a', 'b'] and ['ab'] are different statuses.
  test('reasons are kept apart', () => {
    expect(rejection('FtPlugin', 'Unschedulable', ['ab']).reasons).toEqual(['ab']);
    expect(rejection('FtPlugin', 'Unschedulable', ['a', 'b']).reasons).toEqual(['a', 'b']);
  });
});

describe('the profile', () => {
  // passes.ts: each plugin's pass lines are its own; a plugin without explainPass adds none.
  test('a Filter plugin without explainPass adds no pass line', () => {
    const quiet = { ...ToyBan, name: 'FtQuiet', explainPass: undefined };
    const lines = withProfile({ filter: [...DEFAULT_PROFILE.filter, quiet] }, () =>
      explainNodePass(podInfo(toSubject(pod('ft-pass', { containers: [{ name: 'c', image: 'i' }] }))), nodeInfo(node('ft-pass', { cpu: '1', pods: '3' }))));
    expect(lines.filter((l) => l.startsWith('FtQuiet'))).toEqual([]);
  });

  // withProfile: the changed profile holds until fn's promise settles, and the previous one is back afterwards.
  test('an async fn runs with the changed profile until it settles', async () => {
    const quiet = { ...ToyBan, name: 'FtAsync' };
    const seen = await withProfile({ filter: [...DEFAULT_PROFILE.filter, quiet] }, async () => {
      await Promise.resolve();
      return profile().filter.map((p) => p.name);
    });
    expect(seen).toContain('FtAsync');
    expect(profile().filter.map((p) => p.name)).not.toContain('FtAsync');
  });
});
