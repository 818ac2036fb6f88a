// A StatefulSet's serviceName and ordinals on create (pkg/apis/apps/validation/validation.go ValidateStatefulSetSpec,
// v1.33.13–v1.37.2: ordinals.start non-negative, serviceName a DNS-1123 label unless AllowInvalidServiceName, which
// pkg/registry/apps/statefulset/strategy.go sets on update only), and its Pods' identity: the controller gives each Pod
// hostname <name>-<ordinal> and subdomain <serviceName>, whatever the template says (initIdentity,
// pkg/controller/statefulset/stateful_set_utils.go), so the template's are never what refuses its Pods.
import { describe, expect, it } from '@jest/globals';
import { validate, validateInput } from '../engine/validate';
import { withConfiguration } from '../core/config';
import { RELEASES } from '../core/releases';
import { releaseAtLeast } from '../core/config';

const LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const set = (spec: object, name = 'db') => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name },
  spec: { selector: { matchLabels: { app: 'db' } }, template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'c', image: 'postgres' }] } }, ...spec },
});
const withTemplate = (podSpec: object, spec: object = {}) => {
  const s = set(spec);
  return { ...s, spec: { ...s.spec, template: { ...s.spec.template, spec: { ...s.spec.template.spec, ...podSpec } } } };
};
/** The revision label's error: `<name>-<hash>`, the hash taken as 10 digits (validation-workloads.ts statefulSetPodLabelErrors). */
const revisionLabel = (name: string) =>
  `spec.template.metadata.labels: Invalid value: "${name}-xxxxxxxxxx": must be no more than 63 ${maxLabel()} (xxxxxxxxxx stands for the revision hash, taken as 10 digits as 77 % of hashes are) (the API server accepts the StatefulSet but refuses every Pod it creates)`;
// apimachinery's IsValidLabelValue says bytes from v0.35 (k8s/names.ts maxBytesError)
const maxLabel = () => (releaseAtLeast('1.35') ? 'bytes' : 'characters');
const lines = (object: object) => validate(object as never).map((e) => `${e.field}: ${e.message}`);
const everyRelease = (f: () => void) => { for (const v of Object.keys(RELEASES)) withConfiguration({ kubernetesVersion: v as never }, f); };

describe('StatefulSet: serviceName and ordinals', () => {
  it('a serviceName that is no DNS label refuses the set on create', () => everyRelease(() => {
    expect(lines(set({ serviceName: 'db' }))).toEqual([]);
    expect(lines(set({ serviceName: 'Db_1' }))).toEqual([
      `spec.serviceName: Invalid value: "Db_1": ${LABEL}`,
      `spec.template.spec.subdomain: Invalid value: "Db_1": ${LABEL} (the API server accepts the StatefulSet but refuses every Pod it creates)`,
    ]);
  }));

  it('not on update: a stored set keeps its serviceName, and its Pods are refused', () => {
    const stored = { ...set({ serviceName: 'Db_1' }), metadata: { name: 'db', uid: 'u1', resourceVersion: '7' } };
    expect(validateInput(stored as never).errors.map((e) => `${e.field}: ${e.message}`)).toEqual([
      `spec.template.spec.subdomain: Invalid value: "Db_1": ${LABEL} (the API server accepts the StatefulSet but refuses every Pod it creates)`,
    ]);
  });

  it('ordinals.start must not be negative', () => everyRelease(() => {
    expect(lines(set({ ordinals: { start: 2 } }))).toEqual([]);
    expect(lines(set({ ordinals: {} }))).toEqual([]);
    expect(lines(set({ ordinals: { start: -1 } }))).toContain('spec.ordinals.start: Invalid value: -1: must be greater than or equal to 0');
  }));
});

describe("StatefulSet: its Pods' hostname and subdomain are the controller's", () => {
  it("a template's invalid hostname or subdomain refuses no Pod (before 1.34 too, when the template's spec is not validated)", () => everyRelease(() => {
    expect(lines(withTemplate({ hostname: 'Bad_Host', subdomain: 'Svc_1' }, { serviceName: 'db' }))).toEqual([]);
  }));

  it('a set name too long for its first Pod\'s hostname refuses its Pods (and so do its Pods\' labels)', () => {
    const name = 'd'.repeat(62);
    const hostname = `${name}-0`;
    const podName = (n: string) => `spec.template.metadata.labels: Invalid value: "${n}": must be no more than 63 ${maxLabel()} (the API server accepts the StatefulSet but refuses every Pod it creates)`;
    expect(lines(set({ serviceName: 'db' }, name))).toEqual([
      `spec.template.spec.hostname: Invalid value: "${hostname}": must be no more than 63 characters (the API server accepts the StatefulSet but refuses every Pod it creates)`,
      revisionLabel(name),
      podName(hostname),
    ]);
    // counted from ordinals.start
    expect(lines(set({ serviceName: 'db', ordinals: { start: 10 } }, 'd'.repeat(61)))).toEqual([
      `spec.template.spec.hostname: Invalid value: "${'d'.repeat(61)}-10": must be no more than 63 characters (the API server accepts the StatefulSet but refuses every Pod it creates)`,
      revisionLabel('d'.repeat(61)),
      podName(`${'d'.repeat(61)}-10`),
    ]);
  });
});

// a null entry of volumeClaimTemplates decodes to a zero-value claim: from 1.34 validateVolumeClaimTemplates checks
// its empty spec, and volumesToAddForTemplates adds a volume with no name (was a TypeError here)
it('a null claim template is a claim with nothing set', () => {
  withConfiguration({ kubernetesVersion: '1.36' }, () => {
    expect(lines(set({ serviceName: 'db', volumeClaimTemplates: [null] }))).toEqual([
      'spec.volumeClaimTemplates[0].spec.accessModes: Required value: at least 1 access mode is required',
      'spec.volumeClaimTemplates[0].spec.resources[storage]: Required value',
      'spec.template.spec.volumes[0].persistentVolumeClaim.claimName: Required value',
      'spec.template.spec.volumes[0].name: Required value',
    ]);
  });
});

it('a set refused for its name or its ordinals names no Pod: no second error about its hostname', () => {
  const noName = { ...set({ serviceName: 'db' }), metadata: {} };
  expect(lines(noName)).toEqual(['metadata.name: Required value: name or generateName is required']);
  expect(lines(set({ serviceName: 'db', ordinals: { start: -1 } }))).toEqual(['spec.ordinals.start: Invalid value: -1: must be greater than or equal to 0']);
});

// The StatefulSet controller labels each Pod with its revision, `controller-revision-hash: <name>-<hash>`
// (pkg/controller/statefulset/stateful_set_utils.go newVersionedStatefulSetPod, pkg/controller/history
// ControllerRevisionName; HashControllerRevision prints fnv32's sum in decimal): a label value, at most 63 bytes,
// checked on the Pod only (kubernetes/kubernetes#64023), so a set whose name passes 52 characters gets no Pod.
describe("StatefulSet: its Pods' controller labels", () => {
  it('a 52-character name leaves room for a 10-digit revision hash; 53 does not', () => everyRelease(() => {
    expect(lines(set({ serviceName: 'db' }, 'd'.repeat(52)))).toEqual([]);
    expect(lines(set({ serviceName: 'db' }, 'd'.repeat(53)))).toEqual([revisionLabel('d'.repeat(53))]);
  }));

  it('not for a set read from a cluster: its Pods were made, whatever their revision\'s hash', () => {
    const stored = { ...set({ serviceName: 'db' }, 'd'.repeat(53)), metadata: { name: 'd'.repeat(53), uid: 'u1', resourceVersion: '7' } };
    expect(validateInput(stored as never).errors).toEqual([]);
  });
});
