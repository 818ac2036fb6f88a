// The shared virtual clock of the controllers: seconds since the failure and the queue of timed actions
// (the workqueues' AddAfter, the rate limiters' and PodGC's periods, the kubelet's grace periods).

interface QueuedAction { at: number; seq: number; run: () => void }

/** A binary min-heap ordered by (at, seq), so same-second work runs in the order it was queued. */
export class ActionQueue {
  private heap: QueuedAction[] = [];
  get size() {
    return this.heap.length;
  }
  peek(): QueuedAction | undefined {
    return this.heap[0];
  }
  private less(i: number, j: number) {
    const a = this.heap[i], b = this.heap[j];
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }
  private swap(i: number, j: number) {
    [this.heap[i], this.heap[j]] = [this.heap[j], this.heap[i]];
  }
  push(e: QueuedAction) {
    this.heap.push(e);
    for (let i = this.heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): QueuedAction | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (this.heap.length && last) {
      this.heap[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < this.heap.length && this.less(l, m)) m = l;
        if (r < this.heap.length && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
}

export class Clock {
  /** The current virtual second. */
  now = 0;
  private seq = 0;
  private readonly queue = new ActionQueue();

  /** How many actions are queued (0: nothing more happens unless an action queues one). */
  get queued(): number {
    return this.queue.size;
  }

  /** Run `action` at second `t` (after what is already queued for that second). */
  at(t: number, action: () => void) {
    this.queue.push({ at: t, seq: this.seq++, run: action });
  }

  /**
   * Run the queued actions second by second up to `horizon`; after each second's actions, `settle` (the
   * controllers' syncs and the scheduler) runs once. Returns true when actions after the horizon were left.
   */
  run(horizon: number, settle: () => void): boolean {
    while (this.queue.size) {
      const t = this.queue.peek()!.at;
      if (t > horizon) return true;
      this.now = t;
      while (this.queue.size && this.queue.peek()!.at === t) this.queue.pop()!.run();
      settle();
    }
    return false;
  }
}
