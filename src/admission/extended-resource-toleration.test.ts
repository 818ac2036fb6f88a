// plugin/pkg/admission/extendedresourcetoleration/admission_test.go TestAdmit, case for case (descriptions verbatim).
import type { Container, PodSpec, Toleration } from '../core/types';
import { addExtendedResourceTolerations, isExtendedResourceName } from './extended-resource-toleration';

const c = (name: string, requests: Record<string, string>): Container => ({ name, image: 'x', resources: { requests } });
const cpu = c('cpu', { cpu: '2' });
const memory = c('memory', { memory: '2048' });
const ek = 'example.com/device-ek';
const dov = 'example.com/device-do';
const er1 = c('er1', { [ek]: '1' });
const er2 = c('er2', { [dov]: '2' });
const tol = (key: string): Toleration => ({ key, operator: 'Exists', effect: 'NoSchedule' });

describe('TestAdmit', () => {
  const cases: Array<[string, PodSpec, Toleration[]]> = [
    ['empty pod without any extended resources, expect no change in tolerations', {} as PodSpec, []],
    ['pod with container without any extended resources, expect no change in tolerations', { containers: [cpu] }, []],
    ['pod with init container without any extended resources, expect no change in tolerations', { containers: [], initContainers: [memory] }, []],
    ['pod with container with extended resource, expect toleration to be added', { containers: [er1] }, [tol(ek)]],
    ['pod with init container with extended resource, expect toleration to be added', { containers: [], initContainers: [er2] }, [tol(dov)]],
    ['pod with existing tolerations and container with extended resource, expect existing tolerations to be preserved and new toleration to be added',
      { containers: [cpu, er1], tolerations: [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }] },
      [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' }, tol(ek)]],
    ['pod with multiple extended resources, expect multiple tolerations to be added', { containers: [memory, er1], initContainers: [cpu, er2] }, [tol(dov), tol(ek)]],
    ['pod with container requesting extended resource and existing correct toleration, expect no change in tolerations', { containers: [cpu, memory, er1], tolerations: [tol(ek)] }, [tol(ek)]],
    ['pod with container requesting extended resource and existing toleration with the same key but different effect and value, expect existing tolerations to be preserved and new toleration to be added',
      { containers: [cpu, memory, er1], tolerations: [{ key: ek, operator: 'Equal', value: 'foo', effect: 'NoExecute' }] },
      [{ key: ek, operator: 'Equal', value: 'foo', effect: 'NoExecute' }, tol(ek)]],
    ['pod with wildcard toleration and container requesting extended resource, expect existing tolerations to be preserved and new toleration to be added',
      { containers: [cpu, memory, er1], tolerations: [{ operator: 'Exists' }] }, [{ operator: 'Exists' }, tol(ek)]],
  ];
  test.each(cases)('%s', (_d, spec, expected) => {
    expect(addExtendedResourceTolerations(spec.tolerations ?? [], spec)).toEqual(expected);
  });
});

describe('IsExtendedResourceName (pkg/apis/core/helper)', () => {
  test.each([
    ['nvidia.com/gpu', true], ['example.com/device-ek', true], ['cpu', false], ['hugepages-2Mi', false],
    ['kubernetes.io/something', false], ['requests.example.com/x', false],
  ])('%s → %s', (name, expected) => expect(isExtendedResourceName(name)).toBe(expected));
  test('a limit without a request counts: the API server defaults requests from limits before admission', () => {
    const spec: PodSpec = { containers: [{ name: 'g', image: 'x', resources: { limits: { 'nvidia.com/gpu': '1' } } }] };
    expect(addExtendedResourceTolerations([], spec)).toEqual([tol('nvidia.com/gpu')]);
  });
});
