// A container's volumeMounts and volumeDevices as kube-apiserver validates them on create: pkg/apis/core/validation/
// validation.go ValidateVolumeMounts (validateMountPropagation, validateMountRecursiveReadOnly) and ValidateVolumeDevices
// (v1.33.13 … v1.37.2), cases after validation_test.go TestValidateVolumeMounts, TestValidateMountPropagation and
// TestAlphaValidateVolumeDevices (v1.37.2). Every test builds its own volumes and containers.
import { describe, expect, it } from '@jest/globals';
import { validate } from '../engine/validate';
import { withConfiguration } from '../core/config';
import type { Container, PodSpec } from '../core/types';
import { validatePodVolumes, validateVolumeDevices, validateVolumeMounts, validateVolumes } from './validation-volumes';

/** The volumes TestValidateVolumeMounts and TestAlphaValidateVolumeDevices validate first. */
const volumes = () => validateVolumes([
  { name: 'abc', persistentVolumeClaim: { claimName: 'testclaim1' } },
  { name: 'eph', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } },
  { name: 'host', hostPath: { path: '/foo/baz' } },
] as never, undefined, 'volumes').vols;
const mounts = (volumeMounts: unknown[], extra: Record<string, unknown> = {}) =>
  validateVolumeMounts({ name: 'c', volumeMounts, ...extra } as unknown as Container, volumes(), 'm');
const devices = (volumeDevices: unknown[], volumeMounts: unknown[] = []) =>
  validateVolumeDevices({ name: 'c', volumeDevices, volumeMounts } as unknown as Container, volumes(), 'd');
const PROPAGATION = 'supported values: "Bidirectional", "HostToContainer", "None"';

describe('ValidateVolumeMounts', () => {
  it('a mount of a volume that validated, at a path of its own', () => {
    expect(mounts([{ name: 'abc', mountPath: '/a' }, { name: 'abc', mountPath: '/b', readOnly: true }, { name: 'host', mountPath: '/c', subPath: 'x/y' }])).toEqual([]);
  });

  it('an empty name is Required and Not found; an empty mountPath Required, and a second one not unique', () => {
    expect(mounts([{ mountPath: '' }, { name: 'abc' }])).toEqual([
      { field: 'm[0].name', message: 'Required value' },
      { field: 'm[0].name', message: 'Not found: ""' },
      { field: 'm[0].mountPath', message: 'Required value' },
      { field: 'm[1].mountPath', message: 'Required value' },
      { field: 'm[1].mountPath', message: 'Invalid value: "": must be unique' },
    ]);
  });

  it('a null mount reads as an empty one', () => {
    expect(mounts([null])).toEqual([
      { field: 'm[0].name', message: 'Required value' },
      { field: 'm[0].name', message: 'Not found: ""' },
      { field: 'm[0].mountPath', message: 'Required value' },
    ]);
  });

  it('a volume that failed validation is not found', () => {
    const { vols } = validateVolumes([{ name: 'cfg', configMap: {} }] as never, undefined, 'volumes');
    expect(validateVolumeMounts({ name: 'c', volumeMounts: [{ name: 'cfg', mountPath: '/cfg' }] } as Container, vols, 'm')).toEqual([{ field: 'm[0].name', message: 'Not found: "cfg"' }]);
  });

  it("a mount's name and path may not be a device's (\"name exists in volumeDevice\", \"mountpath exists in volumeDevice\")", () => {
    const volumeDevices = [{ name: 'abc', devicePath: '/dev/xvda' }, { name: 'eph', devicePath: '/dev/xvdb' }];
    expect(mounts([{ name: 'abc', mountPath: '/a' }, { name: 'host', mountPath: '/dev/xvdb' }, { name: 'host', mountPath: '/dev/xvdc' }], { volumeDevices })).toEqual([
      { field: 'm[0].name', message: 'Invalid value: "abc": must not already exist in volumeDevices' },
      { field: 'm[1].mountPath', message: 'Invalid value: "/dev/xvdb": must not already exist as a path in volumeDevices' },
    ]);
  });

  it('a null device is a nameless one at an empty path: an empty mount clashes with it', () => {
    expect(mounts([{ name: '', mountPath: '' }], { volumeDevices: [null] })).toEqual([
      { field: 'm[0].name', message: 'Required value' },
      { field: 'm[0].name', message: 'Not found: ""' },
      { field: 'm[0].mountPath', message: 'Required value' },
      { field: 'm[0].name', message: 'Invalid value: "": must not already exist in volumeDevices' },
      { field: 'm[0].mountPath', message: 'Invalid value: "": must not already exist as a path in volumeDevices' },
    ]);
  });

  it('subPath and subPathExpr: relative, no backsteps (at `volumeMounts.subPath`, no index), not both', () => {
    expect(mounts([
      { name: 'abc', mountPath: '/a', subPath: '..a' },
      { name: 'abc', mountPath: '/b', subPath: 'a/..' },
      { name: 'abc', mountPath: '/c', subPathExpr: '/$(POD_NAME)' },
      { name: 'abc', mountPath: '/d', subPathExpr: '$(POD_NAME)/..' },
      { name: 'abc', mountPath: '/e', subPath: 'x', subPathExpr: '/..' },
      { name: 'abc', mountPath: '/f', subPath: '', subPathExpr: '' },
    ])).toEqual([
      { field: 'm.subPath', message: 'Invalid value: "a/..": must not contain \'..\'' },
      { field: 'm.subPathExpr', message: 'Invalid value: "/$(POD_NAME)": must be a relative path' },
      { field: 'm.subPathExpr', message: 'Invalid value: "$(POD_NAME)/..": must not contain \'..\'' },
      { field: 'm[4].subPathExpr', message: 'Invalid value: "/..": subPathExpr and subPath are mutually exclusive' },
      { field: 'm.subPathExpr', message: 'Invalid value: "/..": must be a relative path' },
      { field: 'm.subPathExpr', message: 'Invalid value: "/..": must not contain \'..\'' },
    ]);
  });

  it('mountPropagation (TestValidateMountPropagation): the three modes, Bidirectional only when privileged', () => {
    const m = (mountPropagation: string) => [{ name: 'abc', mountPath: '/a', mountPropagation }];
    expect(mounts(m('None'))).toEqual([]);
    expect(mounts(m('HostToContainer'))).toEqual([]);
    expect(mounts(m('Bidirectional'), { securityContext: { privileged: true } })).toEqual([]);
    const forbidden = { field: 'm.mountPropagation', message: 'Forbidden: Bidirectional mount propagation is available only to privileged containers' };
    expect(mounts(m('Bidirectional'))).toEqual([forbidden]);
    expect(mounts(m('Bidirectional'), { securityContext: {} })).toEqual([forbidden]);
    expect(mounts(m('Bidirectional'), { securityContext: { privileged: false } })).toEqual([forbidden]);
    expect(mounts(m('bidirectional'), { securityContext: { privileged: true } })).toEqual([{ field: 'm.mountPropagation', message: `Unsupported value: "bidirectional": ${PROPAGATION}` }]);
    expect(mounts(m(''))).toEqual([{ field: 'm.mountPropagation', message: `Unsupported value: "": ${PROPAGATION}` }]);
  });

  it('recursiveReadOnly: Disabled anywhere; Enabled and IfPossible read-only, with no propagation or None', () => {
    const m = (extra: Record<string, unknown>) => mounts([{ name: 'abc', mountPath: '/a', ...extra }], { securityContext: { privileged: true } });
    expect(m({ recursiveReadOnly: 'Disabled', mountPropagation: 'Bidirectional' })).toEqual([]);
    expect(m({ recursiveReadOnly: 'Enabled', readOnly: true })).toEqual([]);
    expect(m({ recursiveReadOnly: 'IfPossible', readOnly: true, mountPropagation: 'None' })).toEqual([]);
    expect(m({ recursiveReadOnly: null })).toEqual([]);
    expect(m({ recursiveReadOnly: 'IfPossible', readOnly: false })).toEqual([{ field: 'm.recursiveReadOnly', message: 'Forbidden: may only be specified when readOnly is true' }]);
    expect(m({ recursiveReadOnly: 'IfPossible', readOnly: true, mountPropagation: 'Bidirectional' })).toEqual([
      { field: 'm.recursiveReadOnly', message: 'Forbidden: may only be specified when mountPropagation is None or not specified' },
    ]);
    expect(m({ recursiveReadOnly: 'Enabled', mountPropagation: 'HostToContainer' })).toEqual([
      { field: 'm.recursiveReadOnly', message: 'Forbidden: may only be specified when readOnly is true' },
      { field: 'm.recursiveReadOnly', message: 'Forbidden: may only be specified when mountPropagation is None or not specified' },
    ]);
    expect(m({ recursiveReadOnly: '', readOnly: true })).toEqual([{ field: 'm.recursiveReadOnly', message: 'Unsupported value: "": supported values: "Disabled", "Enabled", "IfPossible"' }]);
  });

  it('bad modes as ErrorBody prints named string types: json.Marshal from 1.34 (apimachinery v0.34.4), %#v at 1.33', () => {
    const m = [{ name: 'abc', mountPath: '/a', mountPropagation: 'A&B', recursiveReadOnly: '<on>' }];
    expect(withConfiguration({ kubernetesVersion: '1.34' }, () => mounts(m))).toEqual([
      { field: 'm.mountPropagation', message: `Unsupported value: "A\\u0026B": ${PROPAGATION}` },
      { field: 'm.recursiveReadOnly', message: 'Unsupported value: "\\u003con\\u003e": supported values: "Disabled", "Enabled", "IfPossible"' },
    ]);
    expect(withConfiguration({ kubernetesVersion: '1.33' }, () => mounts(m))).toEqual([
      { field: 'm.mountPropagation', message: `Unsupported value: "A&B": ${PROPAGATION}` },
      { field: 'm.recursiveReadOnly', message: 'Unsupported value: "<on>": supported values: "Disabled", "Enabled", "IfPossible"' },
    ]);
  });

  it('both modes bad on one mount: propagation first', () => {
    expect(mounts([{ name: 'abc', mountPath: '/a', mountPropagation: 'Shared', recursiveReadOnly: 'Enabled', readOnly: true }])).toEqual([
      { field: 'm.mountPropagation', message: `Unsupported value: "Shared": ${PROPAGATION}` },
      { field: 'm.recursiveReadOnly', message: 'Forbidden: may only be specified when mountPropagation is None or not specified' },
    ]);
  });
});

describe('ValidateVolumeDevices', () => {
  it('devices of claim and ephemeral volumes, each at its own path', () => {
    expect(devices([{ name: 'abc', devicePath: '/dev/xvda' }, { name: 'eph', devicePath: '/dev/xvdb' }], [{ name: 'host', mountPath: '/mnt' }])).toEqual([]);
  });

  it('a device of another source; one not found', () => {
    expect(devices([{ name: 'host', devicePath: '/dev/a' }, { name: 'nope', devicePath: '/dev/b' }])).toEqual([
      { field: 'd[0].name', message: 'Invalid value: "host": can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode' },
      { field: 'd[1].name', message: 'Not found: "nope"' },
    ]);
  });

  it('nameless devices are Required and Not found, never duplicates of each other', () => {
    expect(devices([{ devicePath: '/dev/a' }, { name: '', devicePath: '/dev/b' }])).toEqual([
      { field: 'd[0].name', message: 'Required value' },
      { field: 'd[0].name', message: 'Not found: ""' },
      { field: 'd[1].name', message: 'Required value' },
      { field: 'd[1].name', message: 'Not found: ""' },
    ]);
  });

  it('a name twice, a path twice (an empty path too), a path with backsteps never counted as taken', () => {
    expect(devices([
      { name: 'abc', devicePath: '/dev/a' }, { name: 'abc', devicePath: '/dev/a' },
      { name: 'eph', devicePath: '/dev/../b' }, { name: 'eph', devicePath: '/dev/../b' },
    ])).toEqual([
      { field: 'd[1].name', message: 'Invalid value: "abc": must be unique' },
      { field: 'd[1].devicePath', message: 'Invalid value: "/dev/a": must be unique' },
      { field: 'd[2].devicePath', message: 'Invalid value: "/dev/../b": can not contain backsteps (\'..\')' },
      { field: 'd[3].name', message: 'Invalid value: "eph": must be unique' },
      { field: 'd[3].devicePath', message: 'Invalid value: "/dev/../b": can not contain backsteps (\'..\')' },
    ]);
    expect(devices([{ name: 'abc' }, { name: 'eph', devicePath: '' }])).toEqual([
      { field: 'd[0].devicePath', message: 'Required value' },
      { field: 'd[1].devicePath', message: 'Required value' },
      { field: 'd[1].devicePath', message: 'Invalid value: "": must be unique' },
    ]);
    expect(devices([{ name: 'abc', devicePath: '/dev/..x' }])).toEqual([]);
  });

  it("a device's name and path may not be a mount's; a null mount is a nameless one at an empty path", () => {
    expect(devices([{ name: 'abc', devicePath: '/data' }, { name: 'eph', devicePath: '/dev/b' }], [{ name: 'abc', mountPath: '/srv' }, { name: 'host', mountPath: '/data' }])).toEqual([
      { field: 'd[0].name', message: 'Invalid value: "abc": must not already exist in volumeMounts' },
      { field: 'd[0].devicePath', message: 'Invalid value: "/data": must not already exist as a path in volumeMounts' },
    ]);
    expect(devices([null], [null])).toEqual([
      { field: 'd[0].name', message: 'Required value' },
      { field: 'd[0].name', message: 'Not found: ""' },
      { field: 'd[0].devicePath', message: 'Required value' },
      { field: 'd[0].name', message: 'Invalid value: "": must not already exist in volumeMounts' },
      { field: 'd[0].devicePath', message: 'Invalid value: "": must not already exist as a path in volumeMounts' },
    ]);
  });
});

describe('validatePodVolumes: the volumes, then each container and init container', () => {
  it('errors at each container kind\'s path; a null container is skipped', () => {
    const spec = {
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'd' } }, { name: 'bad', secret: {} }],
      containers: [null, { name: 'c', volumeMounts: [{ name: 'bad', mountPath: '/b' }], volumeDevices: [{ name: 'data', devicePath: '/b' }] }],
      initContainers: [{ name: 'i', volumeMounts: [{ name: 'data', mountPath: '/d', subPath: '/x' }], volumeDevices: [{ name: 'data', devicePath: '/dev/d' }] }],
    } as unknown as PodSpec;
    expect(validatePodVolumes(spec, 'spec', 'web')).toEqual([
      { field: 'spec.volumes[1].secret.secretName', message: 'Required value' },
      { field: 'spec.containers[1].volumeMounts[0].name', message: 'Not found: "bad"' },
      { field: 'spec.containers[1].volumeMounts[0].mountPath', message: 'Invalid value: "/b": must not already exist as a path in volumeDevices' },
      { field: 'spec.containers[1].volumeDevices[0].devicePath', message: 'Invalid value: "/b": must not already exist as a path in volumeMounts' },
      { field: 'spec.initContainers[0].volumeMounts[0].name', message: 'Invalid value: "data": must not already exist in volumeDevices' },
      { field: 'spec.initContainers[0].volumeMounts.subPath', message: 'Invalid value: "/x": must be a relative path' },
      { field: 'spec.initContainers[0].volumeDevices[0].name', message: 'Invalid value: "data": must not already exist in volumeMounts' },
    ]);
  });

  it('a pod name checks the ephemeral claims; a template (no pod name) does not', () => {
    const spec = { volumes: [{ name: 'e', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }, { name: 'c', persistentVolumeClaim: { claimName: 'web-e' } }], containers: [] } as unknown as PodSpec;
    expect(validatePodVolumes(spec, 's', 'web')).toEqual([{ field: 's.volumes[1].persistentVolumeClaim.claimName', message: 'Invalid value: "web-e": must not reference a PVC that gets created for an ephemeral volume' }]);
    expect(validatePodVolumes(spec, 's', undefined)).toEqual([]);
  });

  it('through validate(): a Pod\'s privileged init container may use Bidirectional propagation, its app container not', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: {
      volumes: [{ name: 'shared', hostPath: { path: '/var/lib/shared', type: 'DirectoryOrCreate' } }],
      initContainers: [{ name: 'i', image: 'i', securityContext: { privileged: true }, volumeMounts: [{ name: 'shared', mountPath: '/s', mountPropagation: 'Bidirectional' }] }],
      containers: [{ name: 'c', image: 'i', volumeMounts: [{ name: 'shared', mountPath: '/s', mountPropagation: 'Bidirectional' }] }],
    } };
    expect(validate(pod as never)).toEqual([
      { field: 'spec.containers[0].volumeMounts.mountPropagation', message: 'Forbidden: Bidirectional mount propagation is available only to privileged containers' },
    ]);
  });
});
