// A node that declares no status.allocatable is unconstrained for resources, and the messages say so;
// configure({ requireAllocatable: true }) makes such a node an error.
import { configure, withConfiguration } from '../core/config';
import { deployment, failure, node } from '../../test/fixtures';

const gpuHog = deployment('train', undefined, { containers: [{ name: 'train', image: 'x', resources: { limits: { 'nvidia.com/gpu': 1000 } } }] });
const bare = node('bare-1');
const sized = { ...node('sized-1'), status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110', 'nvidia.com/gpu': '8' } } };

test('no allocatable: passes, and the pass message names what was not checked', () => {
  expect(gpuHog).toBeSchedulableOn(bare);
  const msg = failure(() => expect(gpuHog).not.toBeSchedulableOn(bare));
  expect(msg).toContain('but every filter passes');
  expect(msg).toContain('resources not checked: Node bare-1 declares no status.allocatable');
});

test('a node with allocatable is checked, and its pass message has no such note', () => {
  expect(gpuHog).not.toBeSchedulableOn(sized);
  const small = deployment('small');
  expect(failure(() => expect(small).not.toBeSchedulableOn(sized))).not.toContain('resources not checked');
});

describe('requireAllocatable', () => {
  test('makes a node without allocatable an error, with and without .not', () => {
    configure({ requireAllocatable: true });
    for (const assertion of [() => expect(gpuHog).toBeSchedulableOn(bare), () => expect(gpuHog).not.toBeSchedulableOn(bare)]) {
      const msg = failure(assertion);
      expect(msg).toContain('Node bare-1 declares no status.allocatable');
      expect(msg).toContain('configure({ requireAllocatable: true })');
    }
    expect(failure(() => expect(gpuHog).toBeSchedulableOnAnyOf([sized, bare]))).toContain('Node bare-1 declares no status.allocatable');
    expect(gpuHog).not.toBeSchedulableOn(sized);
  });
  test('is off by default', () => {
    expect(gpuHog).toBeSchedulableOn(bare);
  });
  test('unknown keys are still refused', () => {
    expect(() => withConfiguration({ requireAllocatables: true } as never, () => 0)).toThrow('unknown option "requireAllocatables"');
  });
});
