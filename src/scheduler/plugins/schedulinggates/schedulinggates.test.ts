// A pod with spec.schedulingGates is never filtered: it stays Pending with PodScheduled=False, reason
// SchedulingGated — the condition the API server sets at creation (pkg/registry/core/pod/strategy.go
// applySchedulingGatedCondition; strategy_test.go "pod with .spec.schedulingGates") while the SchedulingGates
// PreEnqueue plugin (framework/plugins/schedulinggates) keeps it out of the queue. No FitError is ever written.
import { scheduleOn } from '../../../engine/objects';
import { deployment, failure, node } from '../../../../test/fixtures';

const gated = deployment('web', undefined, { schedulingGates: [{ name: 'example.com/foo' }, { name: 'example.com/bar' }] });
const nodes = [node('a'), node('b')];
const condition = 'Deployment default/web stays Pending: PodScheduled=False, reason SchedulingGated (Scheduling is blocked due to non-empty scheduling gates)';

test.each([
  ['toBeSchedulableOn', () => expect(gated).toBeSchedulableOn(node('a'))],
  ['toBeSchedulableOnAnyOf', () => expect(gated).toBeSchedulableOnAnyOf(nodes)],
  ['toBeSchedulableOnAllOf', () => expect(gated).toBeSchedulableOnAllOf(nodes)],
])('%s says what the cluster shows, not a FitError', (_, assertion) => {
  const msg = failure(assertion);
  expect(msg).toContain(condition);
  expect(msg).toContain('spec.schedulingGates [example.com/foo, example.com/bar]');
});

test('no "0/N nodes are available" text anywhere', () => {
  for (const a of [() => expect(gated).toBeSchedulableOn(node('a')), () => expect(gated).toBeSchedulableOnAnyOf(nodes), () => expect(gated).toBeSchedulableOnAllOf(nodes)]) {
    const msg = failure(a);
    expect(msg).not.toMatch(/nodes are available|waiting for scheduling gates/);
  }
});

test('.not passes for a gated pod', () => {
  expect(gated).not.toBeSchedulableOn(node('a'));
  expect(gated).not.toBeSchedulableOnAnyOf(nodes);
  expect(gated).not.toBeSchedulableOnAllOf(nodes);
});

test('scheduleOn: no fitError, the gated state instead', () => {
  const r = scheduleOn(gated, nodes);
  expect(r.fitError).toBeUndefined();
  expect(r.feasible).toEqual([]);
  expect(r.gated).toEqual({ gates: ['example.com/foo', 'example.com/bar'], message: 'Scheduling is blocked due to non-empty scheduling gates' });
  expect(scheduleOn(deployment('free'), nodes).gated).toBeUndefined();
});
