// StorageClasses, CSINodes, CSIDrivers and RuntimeClasses the API server refuses (k8s/validation-storage.ts) are refused
// wherever the library takes them through validate(): the matchers' `storage` option (clusterErrors), the engine's
// validate and validateInput, the CLI's manifests and dumps (a RuntimeClass among the manifests too), and
// configure({ storage, runtimeClasses }) (matchers/inputs.ts configuredErrors).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { configure, resetConfiguration } from './core/config';
import { validate, validateInput } from './engine/validate';
import { runCli } from '../test/cli-run';
import { failure, node, pod } from '../test/fixtures';

afterEach(resetConfiguration);

const sometimes = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: 'ebs.csi.aws.com', volumeBindingMode: 'Sometimes' };
const gp3 = { ...sometimes, volumeBindingMode: 'WaitForFirstConsumer' };
const csiNode = (count: number) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'n' }, spec: { drivers: [{ name: 'ebs.csi.aws.com', nodeID: 'i-1', allocatable: { count } }] } });
const BINDING = 'volumeBindingMode: Unsupported value: "Sometimes": supported values: "Immediate", "WaitForFirstConsumer"';

describe('the matchers\' storage option', () => {
  test('a StorageClass the API server refuses gets no verdict, with and without .not, naming its field', () => {
    for (const run of [() => expect(pod('p')).toBeSchedulableOn(node('n'), { storage: [sometimes] }), () => expect(pod('p')).not.toBeSchedulableOn(node('n'), { storage: [sometimes] })]) {
      expect(failure(run)).toContain(`StorageClass gp3 would be rejected by the API server`);
      expect(failure(run)).toContain(BINDING);
    }
    expect(pod('p')).toBeSchedulableOn(node('n'), { storage: [gp3] });
  });

  test('a CSINode read from a cluster with a negative count is refused as an update of itself', () => {
    const dumped = { ...csiNode(-1), metadata: { name: 'n', uid: 'u', resourceVersion: '1' } };
    expect(failure(() => expect(pod('p')).toBeSchedulableOn(node('n'), { storage: [dumped] }))).toContain('spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0');
    expect(pod('p')).toBeSchedulableOn(node('n'), { storage: [csiNode(25)] });
  });
});

describe('configure()', () => {
  test('a StorageClass or a RuntimeClass it gives that the API server refuses fails every matcher, named as configure\'s', () => {
    configure({ storage: [sometimes] });
    expect(failure(() => expect(pod('p')).toBeSchedulableOn(node('n')))).toContain(`configure({ storage }): StorageClass gp3 would be rejected by the API server (set configure({ validate: false }) to check it anyway):\n  ${BINDING}`);
    configure({ storage: [gp3], runtimeClasses: [{ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc.v2' } as never] });
    expect(failure(() => expect(pod('p')).not.toBeSchedulableOn(node('n')))).toContain('configure({ runtimeClasses }): RuntimeClass gvisor would be rejected by the API server (set configure({ validate: false }) to check it anyway):\n  handler: Invalid value: "runsc.v2": must not contain dots');
  });
});

describe('the engine', () => {
  test('validate and validateInput report the four kinds\' errors', () => {
    expect(validate(sometimes as never).map((e) => `${e.field}: ${e.message}`)).toEqual([BINDING]);
    expect(validateInput(csiNode(-1) as never).errors).toHaveLength(1);
    const handler = { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc.v2' };
    expect(validate(handler as never).map((e) => `${e.field}: ${e.message}`)).toEqual(['handler: Invalid value: "runsc.v2": must not contain dots']);
    const driver = { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'ebs.csi.aws.com' }, spec: { fsGroupPolicy: 'Always' } };
    expect(validate(driver as never)).toHaveLength(1);
  });
});

describe('the CLI', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jkp-cli-storage-objects-'));
  const write = (name: string, objects: object[]) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }));
    return file;
  };
  const app = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'app', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }] } };
  const nodes = write('nodes.json', [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { allocatable: { cpu: '2', memory: '8Gi', pods: '110' } } }]);

  test('explain: a StorageClass among the manifests that the API server refuses gives no answer, naming its field', () => {
    const refused = runCli('explain', write('bad-class.json', [app, sometimes]), '--nodes', nodes);
    expect(refused.error?.message).toContain(`StorageClass gp3 would be rejected by the API server:\n  ${BINDING}`);
    expect(runCli('explain', write('good-class.json', [app, gp3]), '--nodes', nodes).error).toBeUndefined();
  });

  test('explain: a RuntimeClass among the manifests that the API server refuses gives no answer', () => {
    const rc = { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc.v2' };
    const refused = runCli('explain', write('bad-runtime-class.json', [app, rc]), '--nodes', nodes);
    expect(refused.error?.message).toContain('RuntimeClass gvisor would be rejected by the API server:\n  handler: Invalid value: "runsc.v2": must not contain dots');
    expect(runCli('explain', write('good-runtime-class.json', [app, { ...rc, handler: 'runsc' }]), '--nodes', nodes).error).toBeUndefined();
  });

  test('explain: a dump\'s CSINode with a negative count gives no answer', () => {
    const dumped = { ...csiNode(-1), metadata: { name: 'n1', uid: 'u', resourceVersion: '1' } };
    const refused = runCli('explain', write('app.json', [app]), '--nodes', nodes, '--existing', write('dump.json', [dumped]));
    expect(refused.error?.message).toContain('spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0');
  });
});
