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
