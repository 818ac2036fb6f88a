// kubectl apply refuses a kind no built-in group version serves (RESTMapper: `no matches for kind … in version …`);
// the loader does too, with file and line, instead of loading it as a workload or dropping it from workloads().
import { ManifestError, parseManifests } from '.';

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

describe('kinds no built-in group version serves (Kubernetes 1.35)', () => {
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
      doc('apps/v1', 'Deployment'), doc('batch/v1', 'Job'), doc('v1', 'Pod'), 'apiVersion: scheduling.k8s.io/v1alpha1\nkind: Workload\nmetadata: {name: w}\n',
      'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata: {name: p}\nspec: {template: {spec: {requirements: []}}}\n',
      'apiVersion: argoproj.io/v1alpha1\nkind: Rollout\nmetadata: {name: r}\n',
      'apiVersion: example.com/v1\nkind: Deployment\nmetadata: {name: x}\n',
    ].join('---\n');
    const m = parseManifests(text, 'ok.yaml');
    expect(m.all().map((o) => `${o.apiVersion} ${o.kind}`)).toEqual([
      'apps/v1 Deployment', 'batch/v1 Job', 'v1 Pod', 'scheduling.k8s.io/v1alpha1 Workload', 'karpenter.sh/v1 NodePool', 'argoproj.io/v1alpha1 Rollout', 'example.com/v1 Deployment',
    ]);
    // a CRD's `kind: Deployment` is not an apps/v1 Deployment
    expect(m.workloads().map((o) => `${o.apiVersion} ${o.kind}`)).toEqual(['apps/v1 Deployment', 'batch/v1 Job', 'v1 Pod']);
  });
});
