// Runs in a fresh project with the packed tarball installed, once per runner variant (scripts/package-test.mjs).
import { configure, loadManifests, origin, parseManifests, parseQuantity, parseTaint, taint } from 'jest-k8s-placement';

const node = (name: string, taints: object[] = [], ready?: string) => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: { taints },
  status: ready ? { conditions: [{ type: 'Ready', status: ready }] } : undefined,
});
const web = {
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'prod' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }], tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' }] } } },
};

test('matchers from the packed package', async () => {
  expect(web).toTolerate('dedicated=web:NoSchedule');
  expect(web).toBeSchedulableOn(node('a', [{ key: 'dedicated', value: 'web', effect: 'NoSchedule' }]));
  expect(web).not.toBeSchedulableOn(taint(node('b'), 'dedicated=gpu:NoSchedule'));
  expect(web).toBeEvictedFrom(node('down', [], 'False')).after(300);
  expect(web).not.toBeEvictedFrom(node('down', [], 'False')).after(60);
  await expect(web).toBeEvictedFrom(node('down', [], 'Unknown'));
  expect(parseTaint('a-')).toEqual({ key: 'a', remove: true });
  const spot = node('spot', [{ key: 'spot', effect: 'PreferNoSchedule' }]);
  expect(web).toBeSchedulableOnAnyOf([node('gpu', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]), spot]);
  expect(web).toPrefer(node('plain')).over(spot);
  expect(parseQuantity('1.5Gi').value()).toBe(1610612736);
  configure({ admission: { defaultTolerationSeconds: false } });
  expect(web).toBeEvictedFrom(node('down', [], 'False')).after(0);
});

test('a failure message names the subject and the reason', () => {
  expect(() => expect(web).toBeSchedulableOn(node('gpu', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]))).toThrow(
    'node(s) had untolerated taint(s)',
  );
});

test('the loader from the packed package', () => {
  const m = loadManifests('manifests/*.yaml');
  const app = m.get('deploy/app');
  expect(String(app)).toBe('Deployment prod/app (manifests/app.yaml:2)');
  expect(origin(m.nodes()[0])).toEqual({ file: 'manifests/app.yaml', document: 1, line: 23 });
  expect(() => expect(app).toBeSchedulableOn(m.nodes()[0])).toThrow('Deployment prod/app (manifests/app.yaml:2)');
  expect(() => parseManifests('kind: Node\n', 'x.yaml')).toThrow('x.yaml:1: the object has no apiVersion');
});
