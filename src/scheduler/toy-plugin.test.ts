// Issue 33: a scheduler plugin is its folder plus one line in the profile. The toy Filter plugin (./toyban) is added
// with that one line and nothing else, and shows up everywhere a built-in Filter plugin does: the verdicts, the
// FitError, the matrix, the `.not` pass lines and the outage's replays.
import { DEFAULT_PROFILE, withProfile } from './profile';
import { schedule } from '.';
import { scheduleMatrix } from './matrix';
import { toSubject } from '../k8s/subject';
import { simulateOutage, nodesDown } from '../outage';
import { failure } from '../../test/fixtures';
import { deployment, lines, zonedNode } from '../../test/outage/cluster';
import { BANNED_LABEL, ToyBan } from '../../test/plugins/toyban';

// the one line
const withToy = <T>(fn: () => T) => withProfile({ filter: [...DEFAULT_PROFILE.filter, ToyBan] }, fn);

const web = deployment('web', 1, '500m');
const a1 = zonedNode('a1', 'a');
const b1 = zonedNode('b1', 'b', '4', { [BANNED_LABEL]: 'true' });

test('without the line, the toy plugin is nowhere: both nodes fit', () => {
  expect(schedule(toSubject(web), [a1, b1]).feasible.map((v) => v.node)).toEqual(['a1', 'b1']);
});

test('verdicts: the banned node is rejected by ToyBan, with its reason and details', () =>
  withToy(() => {
    const { feasible, rejected } = schedule(toSubject(web), [a1, b1]);
    expect(feasible.map((v) => v.node)).toEqual(['a1']);
    expect(JSON.parse(JSON.stringify(rejected))).toEqual([
      { node: 'b1', feasible: false, status: { plugin: 'ToyBan', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) were banned by ToyBan'], details: [`node b1 is labelled ${BANNED_LABEL}=true`] } },
    ]);
  }));

test('the FitError counts its reason', () =>
  withToy(() => {
    expect(schedule(toSubject(web), [b1, { ...b1, metadata: { ...b1.metadata, name: 'b2' } }]).fitError).toBe('0/2 nodes are available: 2 node(s) were banned by ToyBan. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.');
  }));

test('the matrix gives it a code and names it', () =>
  withToy(() => {
    for (const shapes of [true, false]) {
      const m = scheduleMatrix([web], [a1, b1], { shapes });
      expect(m.code(0, 0)).toBe(0);
      expect(m.plugins[m.code(0, 1)]).toBe('ToyBan');
      expect(m.verdict(0, 1).status!.plugin).toBe('ToyBan');
    }
  }));

test('`.not` lists its pass line, and the rejection names it', () =>
  withToy(() => {
    expect(failure(() => expect(web).not.toBeSchedulableOn(a1))).toContain(`ToyBan: node a1 is not labelled ${BANNED_LABEL}=true`);
    expect(failure(() => expect(web).toBeSchedulableOn(b1))).toContain('node(s) were banned by ToyBan');
  }));

test('the outage replays run it: the replacement pod cannot go to the banned node', () => {
  const run = () => simulateOutage({ nodes: [a1, b1], workloads: [web] }, nodesDown(['a1']));
  const without = run();
  expect(lines(without.events)).toContain('350 Pod default/web-1 Scheduled');
  withToy(() => {
    const o = run();
    expect(lines(o.events)).toContain('350 Pod default/web-1 FailedScheduling');
    const failed = o.events.find((e) => e.reason === 'FailedScheduling')!;
    expect(failed.message).toBe('0/2 nodes are available: 1 node(s) had untolerated taint(s), 1 node(s) were banned by ToyBan. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.');
  });
});
