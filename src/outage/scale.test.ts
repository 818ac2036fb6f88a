// The outage simulation's bookkeeping at scale: the state history in one sweep (identical to stateOf at each
// second), the same-second event order of the event heap, and a timeline too long for Math.max(...spread).
import { simulateOutage, zone, formatEvents, type OutageEvent } from './simulate';
import { outcomeOf } from './summary';
import { daemonSet, deployment, statefulSet, zones } from '../../test/outage/cluster';

const cluster = () => {
  const web = deployment('web', 6, '1');
  const db = statefulSet('db', 3, '1');
  const agent = daemonSet('agent');
  return { web, db, agent, cluster: { nodes: zones(['a', 'b', 'c'], 2), workloads: [web, db, agent] } };
};

test('history(w) is stateOf(w, t) at second 0 and at every event second, in time order', () => {
  const { web, db, agent, cluster: c } = cluster();
  const outage = simulateOutage(c, zone('a'), { until: 1200 });
  const times = [...new Set([0, ...outage.events.map((e) => e.at)])].sort((a, b) => a - b);
  expect(times).toEqual([0, 50, 60, 350, 360]); // failure; NotReady and a1 tainted; a2 tainted; evictions 300 s later
  for (const w of [web, db, agent]) {
    const h = outage.history(w);
    expect(h.map((x) => x.at)).toEqual(times);
    for (const { at, state } of h) expect(state).toEqual(outage.stateOf(w, at));
    // up to a second: the later ones are left out
    expect(outage.history(w, 300).map((x) => x.at)).toEqual(times.filter((t) => t <= 300));
  }
});

test('minRunning and outcomeOf read the history: the fewest running and since when every replica runs', () => {
  const { web, db, cluster: c } = cluster();
  const outage = simulateOutage(c, zone('a'), { until: 1200 });
  for (const w of [web, db]) {
    // by brute force over every second that matters
    const times = [...new Set([0, ...outage.events.map((e) => e.at)])].sort((a, b) => a - b);
    let low = { running: Infinity, at: 0 };
    for (const t of times) if (outage.stateOf(w, t).running < low.running) low = { running: outage.stateOf(w, t).running, at: t };
    expect(outage.minRunning(w)).toEqual(low);
  }
  // web: 2 of 6 on zone a, replaced after the NoExecute taint (50 s grace + 300 s tolerationSeconds)
  expect(outage.minRunning(web)).toEqual({ running: 4, at: 0 });
  expect(outcomeOf(outage, web).text).toMatch(/^6\/6 running after \d+s$/);
});

test('same-second work runs in the order it was queued (the event heap orders by second, then queue order)', () => {
  const { cluster: c } = cluster();
  const outage = simulateOutage(c, zone('a'), { until: 1200 });
  const at = outage.events.map((e) => e.at);
  expect(at).toEqual([...at].sort((a, b) => a - b));
  // the node lifecycle controller's zone tainting queue: a1 then a2, 10 s apart (0.1 nodes/s)
  expect(outage.events.filter((e) => e.reason === 'TaintNoExecute').map((e) => `${e.at} ${e.object}`)).toEqual(['50 Node a1', '60 Node a2']);
});

test('formatEvents takes a timeline of 200,000 events (no spread into Math.max)', () => {
  const events: OutageEvent[] = Array.from({ length: 200_000 }, (_, i) => ({ at: i, component: 'kubelet', object: `Pod default/p-${i}`, reason: 'Killing', message: 'x' }));
  const text = formatEvents(events);
  expect(text.split('\n')).toHaveLength(200_000);
  expect(text.split('\n')[0]).toBe(`       0s  Pod default/p-0${' '.repeat('199999'.length - 1)}  kubelet  Killing: x`);
});
