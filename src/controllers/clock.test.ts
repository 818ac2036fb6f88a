// The virtual clock the controllers share (src/controllers/clock.ts): what is queued for one second runs in the order
// it was queued — as a workqueue hands out keys added at the same time — and the syncs run once after each second.
import fc from 'fast-check';
import { ActionQueue, Clock } from './clock';

test('the queue pops by second, then by the order of queuing', () => {
  fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }), (times) => {
    const q = new ActionQueue();
    times.forEach((at, seq) => q.push({ at, seq, run: () => undefined }));
    const out: Array<[number, number]> = [];
    while (q.size) {
      const e = q.pop()!;
      out.push([e.at, e.seq]);
    }
    const expected = times.map((at, seq) => [at, seq] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(out).toEqual(expected);
  }));
});

test('work queued for the current second runs in the same second, before the settle', () => {
  const clock = new Clock();
  const seen: string[] = [];
  clock.at(5, () => {
    seen.push(`a@${clock.now}`);
    clock.at(clock.now, () => seen.push(`b@${clock.now}`));
    clock.at(clock.now + 10, () => seen.push(`c@${clock.now}`));
  });
  const left = clock.run(100, () => seen.push(`settle@${clock.now}`));
  expect(left).toBe(false);
  expect(seen).toEqual(['a@5', 'b@5', 'settle@5', 'c@15', 'settle@15']);
});

test('run stops before the first second past the horizon and says work was left', () => {
  const clock = new Clock();
  const seen: number[] = [];
  for (const t of [0, 10, 20]) clock.at(t, () => seen.push(t));
  expect(clock.run(10, () => undefined)).toBe(true);
  expect(seen).toEqual([0, 10]);
  expect(clock.now).toBe(10);
});
