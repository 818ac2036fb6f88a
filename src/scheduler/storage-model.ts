// The claims of a subject's pod that the storage given leaves undecided, in the words of the not-modelled rule
// (engine/not-modelled.ts, placement): admission/pod-storage.ts decides each claim over the storage objects a question
// sees (the preset's, configure({ storage })'s, the question's own), and this names the field that asks for it with
// the one-line fix, and says when the stated storage assumption decided one.
import type { KubeObject, Pod } from '../core/types';
import { settings } from '../core/config';
import { STORAGE_ASSUMPTION_TEXT } from '../core/storage-kinds';
import { CLAIM_VOLUME, type NotModelled } from '../k8s/not-modelled';
import type { Subject } from '../k8s/subject';
import { createdPod } from '../admission/create';
import type * as PodStorage from '../admission/pod-storage';
import { podUsesClaims, podUsesClaimVolumes } from '../admission/pod-claims';
import { storageFor, withObjects } from './snapshot';
import type { StorageListers } from './storage';

// the claim model, read for a pod with claims only
const podStorage = (): typeof PodStorage => require('../admission/pod-storage');

/** What the subject's answers rest on of its storage: the claims not modelled, and the assumption when one used it. */
export interface StorageModel {
  notModelled: NotModelled[];
  /** The stated assumption's text (STORAGE_ASSUMPTION_TEXT), when a claim of the pod was decided by it. */
  assumption?: string;
}

const NO_STORAGE: StorageModel = { notModelled: [] };

/**
 * The subject's claims as the volume plugins see them over `storage` (beside configure({ storage }) and the preset's):
 * those the inputs leave undecided (admission/pod-storage.ts), each named by the field that asks for it with the
 * one-line fix, and whether the stated assumption decided one.
 */
export function storageModel(subject: Subject, storage?: readonly KubeObject[]): StorageModel {
  // Stryker disable next-line ConditionalExpression: a shortcut; a pod without claims has none undecided
  if (!podUsesClaims(subject)) return NO_STORAGE;
  const assumption = settings().storageAssumption;
  const claims = podStorage().podClaims(createdPod(subject), storageFor(storage), assumption);
  // Stryker disable next-line ArrayDeclaration: only a pod's own claim volumes are looked up by name here (templates are named by index)
  const volumes = subject.spec.volumes ?? [];
  const notModelled = claims.flatMap((c): NotModelled[] => {
    if (!c.notModelled) return [];
    const j = volumes.findIndex((v) => v?.name === c.volume);
    const where = c.template !== undefined
      ? `spec.volumeClaimTemplates[${c.template}] (${c.volume})`
      : `${subject.specPath}.volumes[${j}] (${c.volume}, ${c.ephemeral ? 'ephemeral' : 'persistentVolumeClaim'})`;
    return [{ what: CLAIM_VOLUME, detail: `${where}: ${c.notModelled}` }];
  });
  const used = assumption && claims.some((c) => c.assumed);
  return notModelled.length || used ? { notModelled, ...(used ? { assumption: STORAGE_ASSUMPTION_TEXT[assumption] } : {}) } : NO_STORAGE;
}

// Per pod and given list while the settings hold: the same question asked again shares its snapshot (snapshotFor
// compares the storage list item by item). Kept with the listers it was worked out from: storageFor gives other
// listers once the list holds other objects (a list changed in place) or the settings changed.
const modelled = new WeakMap<Pod, WeakMap<readonly KubeObject[], { lookup: StorageListers; storage: readonly KubeObject[] }>>();
const NONE: readonly KubeObject[] = [];

/**
 * The storage objects a client gives the scheduler for `pods` (the pods it asks about, as created): `given`, then the
 * objects the claim model adds (admission/pod-storage.ts modelObjects: the claims their controllers make, the claims
 * not modelled as placeholders that constrain nothing, the assumed classes). The scheduler itself is upstream's: a
 * claim missing from its storage is missing. `given` itself when the model adds nothing (no pod uses a claim, or every
 * claim is used as given).
 */
export function modelledStorage(pods: readonly Pod[], given: readonly KubeObject[] = NONE): readonly KubeObject[] {
  // Stryker disable next-line MethodExpression: a pod without claim volumes adds nothing
  const users = pods.filter(podUsesClaimVolumes);
  // Stryker disable next-line ConditionalExpression: a shortcut; no pod with claims adds nothing: given itself
  if (users.length === 0) return given;
  const lookup = storageFor(given);
  const key = users.length === 1 ? modelled.get(users[0])?.get(given) : undefined;
  if (key && key.lookup === lookup) return key.storage;
  // a claim the model holds as given (the very object the storage has) adds nothing: `given` itself then serves, and
  // the scheduler's snapshot of the same arrays is shared between questions (snapshotFor compares item by item)
  const extra = users.flatMap((p) => podStorage().modelObjects(podStorage().podClaims(p, lookup, settings().storageAssumption), lookup))
    // Stryker disable next-line ConditionalExpression,StringLiteral,OptionalChaining: the claim lister never gives an object of another kind; the model's claims carry their namespace and name
    .filter((o) => o.kind !== 'PersistentVolumeClaim' || lookup.claim(o.metadata?.namespace ?? '', o.metadata?.name ?? '') !== o);
  // given and the additions: the scheduler layers the additions over given's shared snapshot (snapshotFor)
  const storage = extra.length ? withObjects(given, extra) : given;
  if (users.length === 1) {
    let perGiven = modelled.get(users[0]);
    // Stryker disable next-line ConditionalExpression: a cache; a miss works the same storage out again
    if (!perGiven) modelled.set(users[0], (perGiven = new WeakMap()));
    perGiven.set(given, { lookup, storage });
  }
  return storage;
}

/** modelledStorage for the subject's pod (createdPod: a StatefulSet's first pod has its claim volumes). */
export const subjectStorage = (subject: Subject, given?: readonly KubeObject[]): readonly KubeObject[] | undefined =>
  (podUsesClaims(subject) ? modelledStorage([createdPod(subject)], given) : given);
