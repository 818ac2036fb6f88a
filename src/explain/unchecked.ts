// What was not checked in objects read from a cluster (engine/validate.ts validateInput): a node dump's redacted or
// legacy spec.podCIDR, a pod's hostAliases. Placement never reads these fields, so the objects are not refused; the
// note says so under a matcher's message and on the CLI's stderr.
import { capped } from '../engine';
import type { FieldError } from '../core/types';

export interface Unchecked {
  /** `Node ip-10-0-1-23.ec2.internal` */
  label: string;
  errors: FieldError[];
}

export function uncheckedNote(items: readonly Unchecked[]): string {
  const lines = items.flatMap((u) => u.errors.map((e) => `${u.label}: ${e.field}: ${e.message}`));
  return 'Not checked (read from a cluster; placement never reads these fields, which the API server would refuse in a create):\n' +
    capped(lines).map((l) => `  ${l}`).join('\n');
}
