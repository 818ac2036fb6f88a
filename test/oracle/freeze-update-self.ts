// The frozen updateSelf cases of a freeze script (freeze-node-pod-updates.ts, freeze-workload-updates.ts): each case
// asked of every release's oracle and written one a line, as the e2e regression tests read them.
import { writeFileSync } from 'node:fs';
import { OracleClient } from './client';

const RELEASES = ['1.33', '1.34', '1.35', '1.36', '1.37'];

/** [name, object, releases it is left out at] */
export type UpdateCase = [string, Record<string, unknown>, string[]?];

export async function freezeUpdateSelf(file: string, cases: readonly UpdateCase[]): Promise<void> {
  const frozen: Record<string, { updateSelf: unknown[] }> = {};
  for (const release of RELEASES) {
    const client = new OracleClient(`oracle/k8s-${release}/bin/oracle`);
    frozen[release] = { updateSelf: [] };
    for (const [name, object, not] of cases) {
      if (not?.includes(release)) continue;
      const input = { object, extendedResourceToleration: false };
      const a = await client.ask('updateSelf', input);
      if (a.error) throw new Error(`${release} ${name}: ${a.error}`);
      // an accepted update answers the object's kind alone: nothing of it is compared (update-self.ts)
      const { object: _kind, ...upstream } = a.output;
      frozen[release].updateSelf.push({ name, input, upstream });
    }
    client.close();
  }
  // one case a line
  const list = (items: unknown[]) => `[\n  ${items.map((c) => JSON.stringify(c)).join(',\n  ')}\n ]`;
  writeFileSync(file, `{\n${Object.entries(frozen).map(([r, v]) => ` ${JSON.stringify(r)}: { "updateSelf": ${list(v.updateSelf)} }`).join(',\n')}\n}\n`);
}
