// A container's env and envFrom as kube-apiserver validates them: upstream's own cases from
// pkg/apis/core/validation/validation_test.go (v1.37.2: TestValidateEnv, TestRelaxedValidateEnv, TestValidateEnvFrom,
// TestRelaxedValidateEnvFrom, TestValidateEnvVarValueFromFileKeyRef), then the create path per release (the
// RelaxedEnvironmentVariableValidation and EnvFiles gates, validateFileKeyRefVolumes, the decoder's refusals).
import { describe, expect, it } from '@jest/globals';
import { decodeErrors, validate, validateInput } from '../engine/validate';
import { withConfiguration, type KubernetesVersion } from '../core/config';
import { envOptions, isConfigMapKey, isEnvVarName, isRelaxedEnvVarName, validateEnv, validateEnvFrom } from './validation-env';

const at = <T>(v: KubernetesVersion, f: () => T) => withConfiguration({ kubernetesVersion: v }, f);
const lines = (errs: Array<{ field: string; message: string }>) => errs.map((e) => `${e.field}: ${e.message}`);
const STRICT = { relaxed: false, envFiles: false };
const RELAXED = { relaxed: true, envFiles: false };
const FILES = { relaxed: true, envFiles: true };

// validation_test.go envVarNameErrMsg and dnsSubdomainLabelErrMsg
const ENV_VAR_NAME_ERR = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";
const RELAXED_ERR = "a valid environment variable name must consist only of printable ASCII characters other than '='";
const DNS_SUBDOMAIN_ERR = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const ENV_FIELD_PATHS = '"metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"';

const fieldRef = (fieldPath: string, apiVersion = 'v1') => ({ name: 'abc', valueFrom: { fieldRef: { apiVersion, fieldPath } } });

describe('ValidateEnv (TestValidateEnv)', () => {
  it('takes its success cases: names, every supported fieldPath, subscripted labels and annotations, key selectors', () => {
    const ok = [
      { name: 'abc', value: 'value' }, { name: 'ABC', value: 'value' }, { name: 'AbC_123', value: 'value' }, { name: 'abc', value: '' },
      { name: 'a.b.c', value: 'value' }, { name: 'a-b-c', value: 'value' },
      fieldRef("metadata.annotations['key']"), fieldRef("metadata.labels['key']"), fieldRef('metadata.name'), fieldRef('metadata.namespace'),
      fieldRef('metadata.uid'), fieldRef('spec.nodeName'), fieldRef('spec.serviceAccountName'), fieldRef('status.hostIP'), fieldRef('status.podIP'),
      fieldRef('status.podIPs'),
      { name: 'secret_value', valueFrom: { secretKeyRef: { name: 'some-secret', key: 'secret-key' } } },
      { name: 'ENV_VAR_1', valueFrom: { configMapKeyRef: { name: 'some-config-map', key: 'some-key' } } },
    ];
    expect(validateEnv(ok, 'field', STRICT)).toEqual([]);
    expect(validateEnv(ok, 'field', RELAXED)).toEqual([]);
  });

  it('takes any printable ASCII but "=" with the relaxed rule, and refuses it with the strict one (updateSuccessCase, updateErrorCase)', () => {
    const names = ['!"#$%&\'()', '* +,-./0123456789', ':;<>?@', '[\\]^_`{}|~'];
    expect(validateEnv(names.map((name) => ({ name, value: 'value' })), 'field', RELAXED)).toEqual([]);
    expect(lines(validateEnv([{ name: '!"#$%&\'()', value: 'value' }], 'field', STRICT))).toEqual([`field[0].name: Invalid value: "!\\"#$%&'()": ${ENV_VAR_NAME_ERR}`]);
    expect(lines(validateEnv([{ name: '[\\]^_{}|~' }], 'field', STRICT))).toEqual([`field[0].name: Invalid value: "[\\\\]^_{}|~": ${ENV_VAR_NAME_ERR}`]);
  });

  it.each([
    ['zero-length name', [{ name: '' }], ['field[0].name: Required value']],
    ['value and valueFrom specified', [{ ...fieldRef('metadata.name'), value: 'foo' }], ['field[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty']],
    ['valueFrom without a source', [{ name: 'abc', valueFrom: {} }], ['field[0].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`']],
    ['valueFrom.fieldRef and valueFrom.secretKeyRef specified',
      [{ name: 'abc', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' }, secretKeyRef: { name: 'a-secret', key: 'a-key' }, configMapKeyRef: { name: 'some-config-map', key: 'some-key' } } }],
      ['field[0].valueFrom: Invalid value: "": may not have more than one field specified at a time']],
    ['valueFrom.secretKeyRef.name invalid', [{ name: 'abc', valueFrom: { secretKeyRef: { name: '$%^&*#', key: 'a-key' } } }],
      [`field[0].valueFrom.secretKeyRef.name: Invalid value: "$%^&*#": ${DNS_SUBDOMAIN_ERR}`]],
    ['valueFrom.configMapKeyRef.name invalid', [{ name: 'abc', valueFrom: { configMapKeyRef: { name: '$%^&*#', key: 'some-key' } } }],
      [`field[0].valueFrom.configMapKeyRef.name: Invalid value: "$%^&*#": ${DNS_SUBDOMAIN_ERR}`]],
    ['missing FieldPath on ObjectFieldSelector', [{ name: 'abc', valueFrom: { fieldRef: { apiVersion: 'v1' } } }], ['field[0].valueFrom.fieldRef.fieldPath: Required value']],
    // upstream's "missing APIVersion" case is not reachable through the create path: SetDefaults_ObjectFieldSelector sets v1
    ['missing APIVersion on ObjectFieldSelector (defaulted to v1)', [{ name: 'abc', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }], []],
    ['invalid fieldPath', [fieldRef('metadata.whoops')],
      ['field[0].valueFrom.fieldRef.fieldPath: Invalid value: "metadata.whoops": error converting fieldPath: field label not supported: metadata.whoops']],
    ['metadata.name with subscript', [fieldRef("metadata.name['key']")],
      ['field[0].valueFrom.fieldRef.fieldPath: Invalid value: "metadata.name[\'key\']": error converting fieldPath: field label does not support subscript: metadata.name[\'key\']']],
    ['metadata.labels without subscript', [fieldRef('metadata.labels')], [`field[0].valueFrom.fieldRef.fieldPath: Unsupported value: "metadata.labels": supported values: ${ENV_FIELD_PATHS}`]],
    ['metadata.annotations without subscript', [fieldRef('metadata.annotations')], [`field[0].valueFrom.fieldRef.fieldPath: Unsupported value: "metadata.annotations": supported values: ${ENV_FIELD_PATHS}`]],
    ['unsupported fieldPath', [fieldRef('status.phase')], [`field[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": supported values: ${ENV_FIELD_PATHS}`]],
    ['another apiVersion', [fieldRef('metadata.name', 'v2')], ['field[0].valueFrom.fieldRef.fieldPath: Invalid value: "metadata.name": error converting fieldPath: unsupported pod version: v2']],
  ])('%s', (_name, envs, want) => {
    expect(lines(validateEnv(envs, 'field', STRICT))).toEqual(want);
  });

  it('checks a subscripted annotation key lower-cased and a label key as it is (metadata.annotations/labels with invalid key)', () => {
    expect(lines(validateEnv([fieldRef("metadata.annotations['invalid~key']")], 'field', STRICT))[0]).toMatch(/^field\[0\]\.valueFrom\.fieldRef: Invalid value: "invalid~key": /);
    expect(lines(validateEnv([fieldRef("metadata.labels['Www.k8s.io/test']")], 'field', STRICT))[0]).toMatch(/^field\[0\]\.valueFrom\.fieldRef: Invalid value: "Www\.k8s\.io\/test": prefix part /);
    expect(validateEnv([fieldRef("metadata.annotations['Example.com/Key']")], 'field', STRICT)).toEqual([]);
  });

  it('checks a resourceFieldRef without requiring its containerName, and its divisor per resource', () => {
    const env = (resourceFieldRef: object) => [{ name: 'R', valueFrom: { resourceFieldRef } }];
    expect(validateEnv(env({ resource: 'limits.memory', divisor: '1Mi' }), 'f', RELAXED)).toEqual([]);
    expect(validateEnv(env({ resource: 'requests.hugepages-2Mi', divisor: '1Ki' }), 'f', RELAXED)).toEqual([]);
    expect(lines(validateEnv(env({ containerName: 'c' }), 'f', RELAXED))).toEqual(['f[0].valueFrom.resourceFieldRef.resource: Required value']);
    expect(lines(validateEnv(env({ resource: 'cpu' }), 'f', RELAXED))).toEqual([
      'f[0].valueFrom.resourceFieldRef.resource: Unsupported value: "cpu": supported values: "limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"',
    ]);
    expect(lines(validateEnv(env({ resource: 'requests.cpu', divisor: '1Mi' }), 'f', RELAXED))).toEqual([
      'f[0].valueFrom.resourceFieldRef.divisor: Invalid value: "requests.cpu": only divisor\'s values 1m and 1 are supported with the cpu resource',
    ]);
  });

  it('checks key selector keys with IsConfigMapKey', () => {
    expect(isConfigMapKey('key.name')).toEqual([]);
    expect(isConfigMapKey('..')).toEqual(["must not be '..'"]);
    expect(isConfigMapKey('..x')).toEqual(["must not start with '..'"]);
    expect(isConfigMapKey('k'.repeat(254))).toEqual(['must be no more than 253 characters']);
    expect(lines(validateEnv([{ name: 'K', valueFrom: { secretKeyRef: { name: 's', key: 'bad key' } } }], 'f', RELAXED))).toEqual([
      'f[0].valueFrom.secretKeyRef.key: Invalid value: "bad key": a valid config key must consist of alphanumeric characters, \'-\', \'_\' or \'.\' (e.g. \'key.name\',  or \'KEY_NAME\',  or \'key-name\', regex used for validation is \'[-._a-zA-Z0-9]+\')',
    ]);
    expect(lines(validateEnv([{ name: 'K', valueFrom: { configMapKeyRef: { name: 'c' } } }], 'f', RELAXED))).toEqual(['f[0].valueFrom.configMapKeyRef.key: Required value']);
  });
});

describe('the env var name rules (TestRelaxedValidateEnv)', () => {
  it('IsEnvVarName: a C-like identifier with "." and "-", not "." or ".."', () => {
    expect(isEnvVarName('MY_ENV.NAME')).toEqual([]);
    expect(isEnvVarName('1abc')).toEqual([ENV_VAR_NAME_ERR]);
    expect(isEnvVarName('..')).toEqual(["must not be '..'"]);
  });
  it('IsRelaxedEnvVarName: printable ASCII but "=" (a tab, DEL and non-ASCII are not)', () => {
    expect(isRelaxedEnvVarName('1 abc.-_~')).toEqual([]);
    for (const name of ['a=b', 'tab\tx', '\u007f', 'naïve']) expect(isRelaxedEnvVarName(name)).toEqual([RELAXED_ERR]);
    // the bad value as Go's %q prints it (strconv.Quote): DEL as \x7f, a tab as \t, a no-break space as \u00a0
    expect(lines(validateEnv([{ name: '\u007f' }, { name: 'tab\tx' }, { name: 'a\u00a0b' }, { name: 'naïve' }], 'f', RELAXED))).toEqual([
      `f[0].name: Invalid value: "\\x7f": ${RELAXED_ERR}`, `f[1].name: Invalid value: "tab\\tx": ${RELAXED_ERR}`,
      `f[2].name: Invalid value: "a\\u00a0b": ${RELAXED_ERR}`, `f[3].name: Invalid value: "naïve": ${RELAXED_ERR}`,
    ]);
  });
});

describe('ValidateEnvFrom (TestValidateEnvFrom, TestRelaxedValidateEnvFrom)', () => {
  it('takes its success cases, with and without a prefix', () => {
    const ok = [
      { configMapRef: { name: 'abc' } }, { prefix: 'pre_', configMapRef: { name: 'abc' } }, { prefix: 'a.b', configMapRef: { name: 'abc' } },
      { secretRef: { name: 'abc' } }, { prefix: 'pre_', secretRef: { name: 'abc' } }, { prefix: 'a.b', secretRef: { name: 'abc' } },
    ];
    expect(validateEnvFrom(ok, 'field', STRICT)).toEqual([]);
    expect(validateEnvFrom([{ prefix: '* +,-./0123456789', configMapRef: { name: 'abc' } }, { prefix: '[\\]^_`{}|~', secretRef: { name: 'abc' } }], 'field', RELAXED)).toEqual([]);
    expect(lines(validateEnvFrom([{ prefix: ':;<>?@', secretRef: { name: 'abc' } }], 'field', STRICT))).toEqual([`field[0].prefix: Invalid value: ":;<>?@": ${ENV_VAR_NAME_ERR}`]);
  });

  it.each([
    ['zero-length configMapRef name', [{ configMapRef: { name: '' } }], ['field[0].configMapRef.name: Required value']],
    ['zero-length secretRef name', [{ secretRef: { name: '' } }], ['field[0].secretRef.name: Required value']],
    ['no refs', [{}], ['field: Invalid value: "": must specify one of: `configMapRef` or `secretRef`']],
    ['multiple refs', [{ secretRef: { name: 'abc' }, configMapRef: { name: 'abc' } }], ['field: Invalid value: "": may not have more than one field specified at a time']],
    ['invalid secret ref name', [{ secretRef: { name: '$%^&*#' } }], [`field[0].secretRef.name: Invalid value: "$%^&*#": ${DNS_SUBDOMAIN_ERR}`]],
    ['invalid config ref name', [{ configMapRef: { name: '$%^&*#' } }], [`field[0].configMapRef.name: Invalid value: "$%^&*#": ${DNS_SUBDOMAIN_ERR}`]],
    // ValidateConfigMapName(name, true): a generateName prefix's trailing '-' is allowed
    ['a name ending in "-"', [{ configMapRef: { name: 'cfg-' } }], []],
    ['a null entry is a zero EnvFromSource', [null], ['field: Invalid value: "": must specify one of: `configMapRef` or `secretRef`']],
  ])('%s', (_name, envs, want) => {
    expect(lines(validateEnvFrom(envs, 'field', STRICT))).toEqual(want);
  });
});

describe('fileKeyRef (TestValidateEnvVarValueFromFileKeyRef)', () => {
  const env = (fileKeyRef: object, value?: string) => [{ name: 'foo', ...(value ? { value } : {}), valueFrom: { fileKeyRef } }];
  const ok = { volumeName: 'volume-name', path: 'path/to/file.env', key: 'MY_VAR' };
  it.each([
    ['accept valid file key reference with all required fields', ok, undefined, []],
    ['reject file key reference when key field is empty', { ...ok, key: '' }, undefined, ['f[0].valueFrom.fileKeyRef.key: Required value']],
    ['reject file key reference when key contains invalid characters', { ...ok, key: 'bad=key' }, undefined, [`f[0].valueFrom.fileKeyRef.key: Invalid value: "bad=key": ${RELAXED_ERR}`]],
    ['reject when both value and valueFrom.fileKeyRef are specified', ok, 'some-value', ['f[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty']],
    ['reject file key reference when volumeName is empty', { ...ok, volumeName: '' }, undefined, ['f[0].valueFrom.fileKeyRef.volumeName: Required value']],
    ['reject file key reference when path is empty', { ...ok, path: '' }, undefined, ['f[0].valueFrom.fileKeyRef.path: Required value']],
    ['reject file key reference when path contains backsteps', { ...ok, path: '../etc/passwd' }, undefined, ['f[0].valueFrom.fileKeyRef.path: Invalid value: "../etc/passwd": must not contain \'..\'']],
  ])('%s', (_name, ref, value, want) => {
    expect(lines(validateEnv(env(ref, value), 'f', FILES))).toEqual(want);
  });

  it('rejects a bad volume name as a DNS label, with the key and path (multiple fields invalid)', () => {
    expect(lines(validateEnv(env({ volumeName: '!badname', path: '../badpath', key: 'bad=key' }), 'f', FILES)).map((l) => l.split(': Invalid value')[0])).toEqual([
      'f[0].valueFrom.fileKeyRef.key', 'f[0].valueFrom.fileKeyRef.volumeName', 'f[0].valueFrom.fileKeyRef.path',
    ]);
  });

  it('is no source without EnvFiles (dropped before validation): the older "must specify one of"', () => {
    expect(lines(validateEnv(env(ok), 'f', RELAXED))).toEqual(['f[0].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`']);
    expect(lines(validateEnv([{ name: 'x', valueFrom: {} }], 'f', FILES))).toEqual([
      'f[0].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`',
    ]);
  });
});

// the create path, per release
const pod = (spec: object) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec });
const withEnv = (env: object[], more: object = {}) => pod({ containers: [{ name: 'c', image: 'registry.example/app:1', env }], ...more });
const fileEnv = [{ name: 'A', valueFrom: { fileKeyRef: { volumeName: 'cfg', path: 'env', key: 'K' } } }];

describe('the create path', () => {
  it('has RelaxedEnvironmentVariableValidation on at every release, EnvFiles from 1.35 (pkg/features/kube_features.go)', () => {
    expect(at('1.33', () => envOptions({ containers: [] }))).toEqual({ relaxed: true, envFiles: false });
    expect(at('1.34', () => envOptions({ containers: [] }))).toEqual({ relaxed: true, envFiles: false });
    expect(at('1.35', () => envOptions({ containers: [] }))).toEqual({ relaxed: true, envFiles: true });
    // as an update of itself at 1.34 a fileKeyRef the stored pod has is kept (useAllowEnvFilesValidation); at 1.33 there is no such field
    expect(at('1.34', () => envOptions(withEnv(fileEnv).spec as never, true))).toEqual({ relaxed: true, envFiles: true });
    expect(at('1.33', () => envOptions(withEnv(fileEnv).spec as never, true))).toEqual({ relaxed: true, envFiles: false });
  });

  it('validates the env and envFrom of containers and init containers, in Pods and templates', () => {
    const bad = { name: 'c', image: 'registry.example/app:1', env: [{ name: '' }], envFrom: [{}] };
    expect(lines(validate(pod({ containers: [bad], initContainers: [{ ...bad, name: 'init' }] }) as never))).toEqual([
      'spec.containers[0].env[0].name: Required value',
      'spec.containers[0].envFrom: Invalid value: "": must specify one of: `configMapRef` or `secretRef`',
      'spec.initContainers[0].env[0].name: Required value',
      'spec.initContainers[0].envFrom: Invalid value: "": must specify one of: `configMapRef` or `secretRef`',
    ]);
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [bad] } } } };
    expect(lines(validate(deployment as never))[0]).toBe('spec.template.spec.containers[0].env[0].name: Required value');
  });

  it('checks a fileKeyRef volume is one of the pod\'s emptyDir volumes from 1.35 (validateFileKeyRefVolumes), drops the fileKeyRef at 1.34', () => {
    const configMap = withEnv(fileEnv, { volumes: [{ name: 'cfg', configMap: { name: 'a' } }] });
    expect(at('1.35', () => lines(validate(configMap as never)))).toEqual(['spec.containers[0].env[0].valueFrom.fileKeyRef.volumeName: Invalid value: "cfg": referenced volume must be of type emptyDir']);
    expect(at('1.37', () => lines(validate(withEnv(fileEnv) as never)))).toEqual(['spec.containers[0].env[0].valueFrom.fileKeyRef.volumeName: Not found: "cfg"']);
    // a volume without a source is defaulted to an emptyDir
    expect(at('1.37', () => validate(withEnv(fileEnv, { volumes: [{ name: 'cfg' }] }) as never))).toEqual([]);
    expect(at('1.34', () => lines(validate(configMap as never)))).toEqual(['spec.containers[0].env[0].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`']);
  });

  it('keeps a 1.34 Pod\'s stored fileKeyRef when it is validated as an update of itself', () => {
    const stored = { ...withEnv(fileEnv, { volumes: [{ name: 'cfg', emptyDir: {} }] }), metadata: { name: 'web', uid: 'u-1', resourceVersion: '7', creationTimestamp: '2026-01-01T00:00:00Z' } };
    expect(at('1.34', () => validateInput(stored as never).errors)).toEqual([]);
    // the same manifest on create: dropped, so no source
    expect(at('1.34', () => lines(validate(stored as never)))).toEqual(['spec.containers[0].env[0].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`']);
  });

  it('refuses env fields of another JSON type and an env divisor that does not decode before validation', () => {
    expect(lines(validate(withEnv([{ name: 1 }]) as never))).toEqual(['spec.containers[0].env[0].name: expected a string, got the number 1 (unquoted numbers are numbers: quote the value)']);
    expect(decodeErrors(withEnv([{ name: 'M', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1K' } } }]) as never).map((e) => e.field))
      .toEqual(['spec.containers[0].env[0].valueFrom.resourceFieldRef.divisor']);
  });
});
