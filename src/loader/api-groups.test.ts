// kubectl apply refuses a kind no built-in group version serves (RESTMapper: `no matches for kind … in version …`);
// the loader does too, with file and line, instead of loading it as a workload or dropping it from workloads(). Which
// group versions are served is the configured release's (the release table's apiGroups, k8s.io/api at its patch).
import { ManifestError, parseManifests } from '.';
import { configure, withConfiguration } from '../core/config';
import { KUBERNETES_VERSIONS, releasesBefore, releasesFrom, type KubernetesVersion } from '../core/releases';

const doc = (apiVersion: string, kind: string) =>
  `# a comment\napiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: web\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: c, image: nginx}]\n`;

function refusal(text: string): string {
  try {
    parseManifests(text, 'deploy.yaml');
  } catch (e) {
    expect(e).toBeInstanceOf(ManifestError);
    return (e as Error).message;
  }
  throw new Error('expected a ManifestError');
}

describe.each(KUBERNETES_VERSIONS)('kinds no built-in group version serves (Kubernetes %s)', (release) => {
  beforeAll(() => configure({ kubernetesVersion: release }));

  test.each([
    ['batch/v1', 'Deployment', 'deploy.yaml:3: kind: no matches for kind "Deployment" in version "batch/v1": Deployment is served as apps/v1'],
    ['v1', 'DaemonSet', 'deploy.yaml:3: kind: no matches for kind "DaemonSet" in version "v1": DaemonSet is served as apps/v1'],
    ['extensions/v1beta1', 'Deployment', 'deploy.yaml:3: kind: no matches for kind "Deployment" in version "extensions/v1beta1": extensions/v1beta1 Deployment was removed in Kubernetes 1.16; use apps/v1'],
    ['batch/v1beta1', 'CronJob', 'no matches for kind "CronJob" in version "batch/v1beta1": batch/v1beta1 CronJob was removed in Kubernetes 1.25; use batch/v1'],
    ['apps/v1', 'Deploymnet', 'deploy.yaml:3: kind: no matches for kind "Deploymnet" in version "apps/v1" (did you mean Deployment?); apps/v1 serves ControllerRevision, DaemonSet, Deployment, ReplicaSet, StatefulSet'],
    ['apps/v1', 'deployment', 'no matches for kind "deployment" in version "apps/v1" (did you mean Deployment?)'],
    ['apps/v2', 'Deployment', 'no matches for kind "Deployment" in version "apps/v2": Deployment is served as apps/v1'],
    ['v2', 'Pod', 'no matches for kind "Pod" in version "v2": Pod is served as v1'],
  ])('%s %s', (apiVersion, kind, message) => {
    expect(refusal(doc(apiVersion, kind))).toContain(message);
  });

  test('every refused document is reported; the others are not lost', () => {
    const text = [doc('apps/v1', 'Deployment'), doc('apps/v1', 'Deploymnet'), doc('batch/v1', 'Deployment')].join('---\n');
    const message = refusal(text);
    expect(message).toMatch(/^2 problem\(s\)/);
    expect(message).toContain('deploy.yaml:15: kind:');
    expect(message).toContain('deploy.yaml:27: kind:');
  });

  test('served kinds, alpha/beta versions still served, CRDs and other groups load as before', () => {
    const text = [
      doc('apps/v1', 'Deployment'), doc('batch/v1', 'Job'), doc('v1', 'Pod'), 'apiVersion: node.k8s.io/v1alpha1\nkind: RuntimeClass\nmetadata: {name: w}\n',
      'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: {name: p}\nspec: {template: {spec: {requirements: []}}}\n',
      'apiVersion: argoproj.io/v1alpha1\nkind: Rollout\nmetadata: {name: r}\n',
      'apiVersion: example.com/v1\nkind: Deployment\nmetadata: {name: x}\n',
    ].join('---\n');
    const m = parseManifests(text, 'ok.yaml');
    expect(m.all().map((o) => `${o.apiVersion} ${o.kind}`)).toEqual([
      'apps/v1 Deployment', 'batch/v1 Job', 'v1 Pod', 'node.k8s.io/v1alpha1 RuntimeClass', 'karpenter.sh/v1 NodePool', 'argoproj.io/v1alpha1 Rollout', 'example.com/v1 Deployment',
    ]);
    // a CRD's `kind: Deployment` is not an apps/v1 Deployment
    expect(m.workloads().map((o) => `${o.apiVersion} ${o.kind}`)).toEqual(['apps/v1 Deployment', 'batch/v1 Job', 'v1 Pod']);
  });
});

/** The group versions a release adds or drops: k8s.io/api v0.33.13 … v0.37.2, register.go of each. */
describe('the served group versions follow the configured release', () => {
  const loads = (release: KubernetesVersion, apiVersion: string, kind: string) =>
    withConfiguration({ kubernetesVersion: release }, () => {
      try {
        return parseManifests(`apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata: {name: x}\n`, 'x.yaml').all().length === 1;
      } catch (e) {
        expect((e as Error).message).toContain(`no matches for kind "${kind}" in version "${apiVersion}"`);
        return false;
      }
    });
  const servedIn = (apiVersion: string, kind: string) => KUBERNETES_VERSIONS.filter((r) => loads(r, apiVersion, kind));

  test('resource.k8s.io/v1 (DRA GA) from 1.34; v1alpha3 DeviceClass before it', () => {
    expect(servedIn('resource.k8s.io/v1', 'DeviceClass')).toEqual(releasesFrom('1.34'));
    expect(servedIn('resource.k8s.io/v1alpha3', 'DeviceClass')).toEqual(releasesBefore('1.34'));
  });
  test('scheduling.k8s.io/v1alpha1 Workload at 1.35 only; v1alpha2 at 1.36; v1alpha3 from 1.37', () => {
    expect(servedIn('scheduling.k8s.io/v1alpha1', 'Workload')).toEqual(['1.35']);
    expect(servedIn('scheduling.k8s.io/v1alpha2', 'Workload')).toEqual(['1.36']);
    expect(servedIn('scheduling.k8s.io/v1alpha3', 'Workload')).toEqual(releasesFrom('1.37'));
  });
  test('storagemigration.k8s.io: v1alpha1 to 1.34, v1beta1 from 1.35, v1 from 1.37', () => {
    expect(servedIn('storagemigration.k8s.io/v1alpha1', 'StorageVersionMigration')).toEqual(releasesBefore('1.35'));
    expect(servedIn('storagemigration.k8s.io/v1beta1', 'StorageVersionMigration')).toEqual(releasesFrom('1.35'));
    expect(servedIn('storagemigration.k8s.io/v1', 'StorageVersionMigration')).toEqual(releasesFrom('1.37'));
  });
  test('MutatingAdmissionPolicy v1 from 1.36, VolumeAttributesClass storage.k8s.io/v1 from 1.34', () => {
    expect(servedIn('admissionregistration.k8s.io/v1', 'MutatingAdmissionPolicy')).toEqual(releasesFrom('1.36'));
    expect(servedIn('storage.k8s.io/v1', 'VolumeAttributesClass')).toEqual(releasesFrom('1.34'));
  });
  test('a refusal names the group version that serves the kind at the release', () => {
    withConfiguration({ kubernetesVersion: '1.37' }, () =>
      expect(refusal(doc('scheduling.k8s.io/v1alpha1', 'Workload'))).toContain(
        'no matches for kind "Workload" in version "scheduling.k8s.io/v1alpha1": Workload is served as scheduling.k8s.io/v1beta1'));
  });
});
