// The kinds the `storage` input holds (issue 34): the objects the volume plugins read through their listers
// (scheduler/storage.ts), given as one list in any order, e.g. straight from `kubectl get pv,pvc,sc,csinode -o yaml`.
// Every client refuses an object of another kind there, naming it: a dropped object would silently change a verdict.
import type { KubeObject } from './types';

/** The kinds `storage` holds, as scheduler/storage.ts indexes them. */
export const STORAGE_KINDS = ['PersistentVolume', 'PersistentVolumeClaim', 'StorageClass', 'CSINode', 'CSIDriver', 'CSIStorageCapacity', 'VolumeAttachment'] as const;

const basicLabel = (o: KubeObject) => `${o.kind} ${o.metadata?.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata?.name ?? '<unnamed>'}`;
let label: (o: KubeObject) => string = basicLabel;

/** k8s/subject.ts registers describeObject here, so an object read from a file is named with its file and line. */
export function setStorageObjectLabel(describe: (o: KubeObject) => string): void {
  label = describe;
}

/**
 * What is wrong with `list` as the `storage` input named `what` (`options.storage`), or undefined: the first item
 * that is not a Kubernetes object, or whose kind is not one of STORAGE_KINDS, named with where it was read.
 */
export function storageProblem(list: readonly unknown[], what: string): string | undefined {
  for (const [i, o] of list.entries()) {
    if (typeof o !== 'object' || o === null || Array.isArray(o) || typeof (o as KubeObject).kind !== 'string') {
      return `${what}[${i}] is not a Kubernetes object (expected ${STORAGE_KINDS.join(', ')} objects, e.g. from loadManifests)`;
    }
    if (!(STORAGE_KINDS as readonly string[]).includes((o as KubeObject).kind!)) {
      return `${what}[${i}]: ${label(o as KubeObject)} is not a storage object (${what} takes ${STORAGE_KINDS.join(', ')})`;
    }
  }
  return undefined;
}

/**
 * The stated assumptions a question may rest on for the claims whose StorageClass the inputs do not resolve
 * (configure({ storageAssumption }) or a client's `storageAssumption` option):
 * - `dynamic-wait-for-first-consumer`: every such claim is dynamically provisioned, WaitForFirstConsumer, with no
 *   allowedTopologies — what the big clouds' default classes do at first placement. Its volume is provisioned for
 *   whichever node the scheduler picks, so it constrains no first placement.
 */
export const STORAGE_ASSUMPTIONS = ['dynamic-wait-for-first-consumer'] as const;
export type StorageAssumption = (typeof STORAGE_ASSUMPTIONS)[number];

/** How an answer states the assumption (`assumptions`, the messages, the report). */
export const STORAGE_ASSUMPTION_TEXT: Record<StorageAssumption, string> = {
  'dynamic-wait-for-first-consumer':
    "storageAssumption 'dynamic-wait-for-first-consumer': a claim whose StorageClass is not given is taken as dynamically provisioned, WaitForFirstConsumer, with no allowedTopologies",
};

/** The check of a `storageAssumption` value (configure and the clients' options): the message, or undefined. */
export function storageAssumptionProblem(value: unknown, what: string): string | undefined {
  if (value === undefined || (STORAGE_ASSUMPTIONS as readonly unknown[]).includes(value)) return undefined;
  return `${what} must be one of ${STORAGE_ASSUMPTIONS.map((a) => `'${a}'`).join(', ')}, received ${JSON.stringify(value)}`;
}
