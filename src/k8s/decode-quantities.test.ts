// Which quantities the API server's decoder refuses (resource.Quantity UnmarshalJSON, apimachinery
// pkg/api/resource/quantity.go), where they are, and the refusal's text (apiserver handlers/rest.go
// transformDecodeError). Every object is built fresh: the decoder's checks are per object.
import type { KubeObject } from '../core/types';
import { ApiServerRefusal, asFieldErrors, assertDecodes, decodeRefusal, undecodableQuantities } from './decode';

// quantity.go ErrSuffix and ErrFormatWrong
const SUFFIX = "unable to parse quantity's suffix";
const FORMAT = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

const deployment = (spec: object): KubeObject =>
  ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'w', namespace: 'ns' }, spec: { template: { spec } } }) as KubeObject;
const nodeWith = (status?: object): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, ...(status ? { status } : {}) }) as KubeObject;
const container = (resources?: object) => ({ name: 'c', image: 'i', ...(resources ? { resources } : {}) });

describe('undecodableQuantities: every list the decoder reads, by its field path', () => {
  test('container and init container requests and limits, a null container skipped (it decodes to an empty Container)', () => {
    const d = deployment({
      containers: [null, container({ requests: { cpu: '1' }, limits: { memory: '5K' } })],
      initContainers: [container({ requests: { cpu: 'x' } })],
    });
    expect(undecodableQuantities(d)).toEqual([
      { field: 'spec.template.spec.containers[1].resources.limits.memory', raw: '5K', error: SUFFIX },
      { field: 'spec.template.spec.initContainers[0].resources.requests.cpu', raw: 'x', error: FORMAT },
    ]);
  });

  test('pod overhead and pod-level resources', () => {
    const d = deployment({ containers: [container()], overhead: { cpu: '5K' }, resources: { requests: { memory: 'x' }, limits: { cpu: '2' } } });
    expect(undecodableQuantities(d)).toEqual([
      { field: 'spec.template.spec.overhead.cpu', raw: '5K', error: SUFFIX },
      { field: 'spec.template.spec.resources.requests.memory', raw: 'x', error: FORMAT },
    ]);
  });

  test("a Node's status.capacity and status.allocatable", () => {
    const n = nodeWith({ capacity: { cpu: '5K', pods: '110' }, allocatable: { memory: 'x' } });
    expect(undecodableQuantities(n)).toEqual([
      { field: 'status.capacity.cpu', raw: '5K', error: SUFFIX },
      { field: 'status.allocatable.memory', raw: 'x', error: FORMAT },
    ]);
  });

  test('a list of the wrong type is not read item by item (the type error is the typecheck’s)', () => {
    expect(undecodableQuantities(nodeWith({ capacity: 'abc', allocatable: null }))).toEqual([]);
    expect(undecodableQuantities(deployment({ containers: [container({ requests: 'x5K' })], overhead: 'x' }))).toEqual([]);
  });
});

describe('asFieldErrors and decodeRefusal', () => {
  test('a value that is not a string is shown as the text the decoder parsed (`cpu: true` reaches ParseQuantity as "true")', () => {
    expect(asFieldErrors([{ field: 'spec.overhead.cpu', raw: true, error: FORMAT }])).toEqual([
      { field: 'spec.overhead.cpu', message: `Invalid value: "true": ${FORMAT}` },
    ]);
  });

  test('transformDecodeError’s text for the first quantity, then every field one a line', () => {
    const d = deployment({ containers: [container({ requests: { cpu: '5K', memory: 'x' } })] });
    const refusal = decodeRefusal(d, undecodableQuantities(d));
    expect(refusal).toBeInstanceOf(ApiServerRefusal);
    expect(refusal.message).toBe(
      `Deployment ns/w is refused by the API server: Deployment in version "v1" cannot be handled as a Deployment: ${SUFFIX}\n` +
      `  spec.template.spec.containers[0].resources.requests.cpu: Invalid value: "5K": ${SUFFIX}\n` +
      `  spec.template.spec.containers[0].resources.requests.memory: Invalid value: "x": ${FORMAT}`,
    );
  });
});

describe('assertDecodes', () => {
  test.each([
    ['a bad limit after good requests', () => deployment({ containers: [container({ requests: { cpu: '1' }, limits: { cpu: '5K' } })] })],
    ['a bad Node capacity', () => nodeWith({ capacity: { cpu: '5K' }, allocatable: { cpu: '1' } })],
    ['a bad Node allocatable', () => nodeWith({ capacity: { cpu: '1' }, allocatable: { cpu: '5K' } })],
  ])('refuses %s', (_what, make) => {
    expect(() => assertDecodes(make())).toThrow(ApiServerRefusal);
  });

  test.each([
    ['a Node without status', () => nodeWith()],
    ['a Node whose quantities decode', () => nodeWith({ capacity: { cpu: '1' }, allocatable: { cpu: '1' } })],
    ['an object that is neither a Node nor pod-bearing', () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { cpu: '5K' } }) as KubeObject],
    ['a kind named like an Object.prototype member', () => ({ apiVersion: 'v1', kind: 'hasOwnProperty', metadata: { name: 'c' } }) as KubeObject],
    ['a null container', () => deployment({ containers: [null, container({ requests: { cpu: '1' } })] })],
  ])('accepts %s', (_what, make) => {
    expect(() => assertDecodes(make())).not.toThrow();
  });
});
