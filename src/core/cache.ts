// Per-object memo that forgets everything when `configure` changes the settings, so that
// work done once per subject or node is not redone per assertion.
import { settingsGeneration } from './config';

export function cachedPerObject<K extends object, V>(compute: (k: K) => V): (k: K) => V {
  let map = new WeakMap<K, V>();
  let gen = settingsGeneration();
  return (k) => {
    if (gen !== settingsGeneration()) {
      map = new WeakMap();
      gen = settingsGeneration();
    }
    let v = map.get(k);
    if (v === undefined) map.set(k, (v = compute(k)));
    return v;
  };
}

/**
 * The same memo for a function that looks it up itself: for what runs once per object of a cold call (PodInfo,
 * NodeInfo), one function for V8 to optimise instead of the shared wrapper and the function it calls.
 */
export class PerObjectCache<K extends object, V> {
  private map = new WeakMap<K, V>();
  private gen = settingsGeneration();

  get(k: K): V | undefined {
    if (this.gen !== settingsGeneration()) {
      this.map = new WeakMap();
      this.gen = settingsGeneration();
    }
    return this.map.get(k);
  }

  /** Keep `v` for `k` (after a `get` under the same settings); returns `v`. */
  set(k: K, v: V): V {
    this.map.set(k, v);
    return v;
  }
}
