// pickOneNodeForPreemption's criteria one at a time, each deciding where the earlier ones tie (preemption.go
// pickOneNodeForPreemption: fewest PDB violations, lowest highest-priority victim, lowest sum of priorities shifted
// by MaxInt32+1, fewest victims, latest earliest start time among the highest-priority victims), on candidates made
// directly. The tables through schedule() are select.test.ts's (TestSelectBestCandidate).
import type { Pod } from '../../../core/types';
import { pickOneNodeForPreemption, type Candidate } from './pick';

const victim = (priority: number, startTime?: string): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `v${priority}`, namespace: 'default' }, spec: { priority, containers: [] }, status: startTime ? { startTime } : {} }) as Pod;
const candidate = (node: string, victims: Pod[], numPDBViolations = 0): Candidate => ({ node, victims, numPDBViolations });

test('the fewest victims decides when the shifted sums tie (a victim of priority -2^31 adds 0 to the sum)', () => {
  const lowest = -(2 ** 31);
  expect(pickOneNodeForPreemption([candidate('two', [victim(0), victim(lowest)]), candidate('one', [victim(0)])])).toEqual(['one']);
});

test('the latest start time of the highest-priority victims decides last, whatever else the victims hold', () => {
  const early = '2026-01-01T00:00:00Z', late = '2026-01-02T00:00:00Z';
  // the same priorities, sums and counts; on "later" both of the highest-priority victims started late
  const got = pickOneNodeForPreemption([
    candidate('earlier', [victim(100, late), victim(100, early), victim(0, late)]),
    candidate('later', [victim(100, late), victim(100, late), victim(0, early)]),
  ]);
  expect(got).toEqual(['later']);
});

test('a later victim of a higher priority than the first sets the start time read (the victims in any order)', () => {
  const early = '2026-01-01T00:00:00Z', late = '2026-01-02T00:00:00Z';
  const got = pickOneNodeForPreemption([
    candidate('a', [victim(100, late), victim(200, early)]),
    candidate('b', [victim(100, early), victim(200, late)]),
  ]);
  // (criterion 2 reads the first victim: both 100; the sums tie; the earliest of priority 200 is later on b)
  expect(got).toEqual(['b']);
});

test('the nodes left after every criterion, sorted by name whatever the candidates\' order', () => {
  expect(pickOneNodeForPreemption([candidate('c', [victim(0)]), candidate('a', [victim(0)]), candidate('b', [victim(0)], 1)])).toEqual(['a', 'c']);
});
