// The loader's type checks of a pod's volumes and its containers' volumeMounts and volumeDevices: the API server's
// decoder refuses a value of another JSON type there as anywhere (k8s.io/api core/v1 types.go: Volume and its
// sources, VolumeMount, VolumeDevice, PersistentVolumeClaimSpec). The create oracle's decode cases
// (test/oracle/generators-create.ts) compare the field with upstream's.
import { parseManifests } from '.';
import { SHAPES, typeProblems } from './typecheck';

const pod = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec } });
const problems = (spec: Record<string, unknown>) => typeProblems(pod(spec), SHAPES.Pod).map((p) => `${p.path.join('.')}: ${p.message}`);

test.each([
  [{ volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'c', readOnly: 'true' } }] }, 'spec.volumes.0.persistentVolumeClaim.readOnly: expected a boolean, got the string "true"'],
  [{ volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 7 } }] }, 'spec.volumes.0.persistentVolumeClaim.claimName: expected a string, got the number 7 (unquoted numbers are numbers: quote the value)'],
  [{ volumes: [{ name: 'd', configMap: { name: 'a', defaultMode: '0644' } }] }, 'spec.volumes.0.configMap.defaultMode: expected an integer, got the string "0644" (quoted numbers are strings: remove the quotes)'],
  [{ volumes: [{ name: 'd', secret: { secretName: 's', items: [{ key: 'k', path: 'p', mode: '0400' }] } }] }, 'spec.volumes.0.secret.items.0.mode: expected an integer, got the string "0400" (quoted numbers are strings: remove the quotes)'],
  [{ volumes: [{ name: 'd', emptyDir: { sizeLimit: true } }] }, 'spec.volumes.0.emptyDir.sizeLimit: expected a quantity (string or number), got the boolean true'],
  [{ volumes: [{ name: 'd', hostPath: { path: ['/a'] } }] }, 'spec.volumes.0.hostPath.path: expected a string, got a list'],
  [{ volumes: [{ name: 'd', csi: { driver: 7 } }] }, 'spec.volumes.0.csi.driver: expected a string, got the number 7 (unquoted numbers are numbers: quote the value)'],
  [{ volumes: [{ name: 'd', ephemeral: { volumeClaimTemplate: { spec: { resources: { requests: { storage: true } } } } } }] }, 'spec.volumes.0.ephemeral.volumeClaimTemplate.spec.resources.requests.storage: expected a quantity (string or number), got the boolean true'],
  [{ volumes: { data: {} } }, 'spec.volumes: expected a list, got a mapping'],
  // downwardAPI and projected modes are *int32 too: upstream's decoder refuses 1.5 and "0644" (json: cannot unmarshal
  // number 1.5 into Go struct field DownwardAPIVolumeFile…mode of type int32; the create oracle, frozen in
  // test/fixtures/oracle-regressions-create.json)
  [{ volumes: [{ name: 'd', downwardAPI: { items: [{ path: 'a', fieldRef: { fieldPath: 'metadata.name' }, mode: 1.5 }] } }] }, 'spec.volumes.0.downwardAPI.items.0.mode: expected an integer, got the number 1.5'],
  [{ volumes: [{ name: 'd', downwardAPI: { defaultMode: '0644' } }] }, 'spec.volumes.0.downwardAPI.defaultMode: expected an integer, got the string "0644" (quoted numbers are strings: remove the quotes)'],
  [{ volumes: [{ name: 'd', projected: { defaultMode: 1.5, sources: [] } }] }, 'spec.volumes.0.projected.defaultMode: expected an integer, got the number 1.5'],
  [{ volumes: [{ name: 'd', projected: { sources: [{ downwardAPI: { items: [{ path: 'a', mode: '0644' }] } }] } }] }, 'spec.volumes.0.projected.sources.0.downwardAPI.items.0.mode: expected an integer, got the string "0644" (quoted numbers are strings: remove the quotes)'],
  [{ volumes: [{ name: 'd', projected: { sources: [{ configMap: { name: 'a', items: [{ key: 'k', path: 'p', mode: 2 ** 40 }] } }] } }] }, 'spec.volumes.0.projected.sources.0.configMap.items.0.mode: expected an integer, got the number 1099511627776, beyond int32 (-2147483648…2147483647): the API server\'s decoder refuses it'],
  [{ volumes: [{ name: 'd', projected: { sources: [{ serviceAccountToken: { path: 't', expirationSeconds: '3600' } }] } }] }, 'spec.volumes.0.projected.sources.0.serviceAccountToken.expirationSeconds: expected an integer, got the string "3600" (quoted numbers are strings: remove the quotes)'],
  [{ volumes: [{ name: 'd', downwardAPI: { items: [{ path: 'a', resourceFieldRef: { containerName: 'c', resource: 'limits.cpu', divisor: true } }] } }] }, 'spec.volumes.0.downwardAPI.items.0.resourceFieldRef.divisor: expected a quantity (string or number), got the boolean true'],
  [{ volumes: [{ name: 'd', image: { reference: 7 } }] }, 'spec.volumes.0.image.reference: expected a string, got the number 7 (unquoted numbers are numbers: quote the value)'],
  [{ containers: [{ name: 'c', image: 'i', volumeMounts: [{ name: 'd', mountPath: '/d', readOnly: 'yes' }] }] }, 'spec.containers.0.volumeMounts.0.readOnly: expected a boolean, got the string "yes"'],
  [{ containers: [{ name: 'c', image: 'i', volumeDevices: [{ name: 'd', devicePath: 8 }] }] }, 'spec.containers.0.volumeDevices.0.devicePath: expected a string, got the number 8 (unquoted numbers are numbers: quote the value)'],
])('%j', (spec, problem) => {
  expect(problems(spec)).toEqual([problem]);
});

test('a claim named by an unrendered template is refused as unrendered; a mount path is free text', () => {
  expect(problems({ volumes: [{ name: 'd', persistentVolumeClaim: { claimName: '{{ .Values.claim }}' } }] })).toEqual([
    'spec.volumes.0.persistentVolumeClaim.claimName: unrendered Helm template: render it with helm template first ("{{ .Values.claim }}")',
  ]);
  expect(problems({ containers: [{ name: 'c', image: 'i', volumeMounts: [{ name: 'd', mountPath: '/{{x}}' }] }] })).toEqual([]);
});

test('the loader refuses a wrong type with the file, line and field; a null volume is a zero Volume (Go decoding; validated in k8s/validation-volumes.ts)', () => {
  const yaml = (lines: string[]) => ['apiVersion: v1', 'kind: Pod', 'metadata: {name: p}', 'spec:', '  containers: [{name: c, image: i}]', ...lines, ''].join('\n');
  expect(() => parseManifests(yaml(['  volumes:', '  - name: d', '    persistentVolumeClaim: {claimName: c, readOnly: "true"}']), 'pod.yaml')).toThrow(/pod\.yaml:8.*spec\.volumes\[0\]\.persistentVolumeClaim\.readOnly/s);
  expect(parseManifests(yaml(['  volumes: [null]']), 'pod.yaml').get('pod/p')!.spec!.volumes).toEqual([{}]);
});
