// A pod that makes kube-scheduler panic gets no verdict, with or without .not: the message says the scheduler exits
// at every attempt, what panics and why, and the fix. The case is the volumes oracle's, frozen with upstream's
// answers (test/fixtures/oracle-regressions-volumes.json): a claim whose StorageClass is only in the beta annotation,
// provisioned against a CSIStorageCapacity, two feasible nodes, v1.37.2's VolumeBinding Score (volume_binding.go).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../cli';
import { resetConfiguration, withConfiguration } from '../core/config';
import { failure } from '../../test/fixtures';

afterEach(resetConfiguration);

const { input } = JSON.parse(readFileSync(path.join(__dirname, '../../test/fixtures/oracle-regressions-volumes.json'), 'utf8'))['beta-annotation-class-score-panic'];
const PANIC = "kube-scheduler panics in VolumeBinding's Score (runtime error: invalid memory address or nil pointer dereference) and exits, at every attempt to schedule the pod: " +
  'PersistentVolumeClaim default/c0 would be provisioned against a CSIStorageCapacity and names its StorageClass cap only in the volume.beta.kubernetes.io/storage-class annotation, ' +
  'while Score reads spec.storageClassName (StorageCapacityScoring on, two or more feasible nodes); set spec.storageClassName: cap';

test('1.37: no verdict on two feasible nodes, either way', () => {
  for (const run of [() => expect(input.pod).toBeSchedulableOnAnyOf(input.nodes, { storage: input.storage }), () => expect(input.pod).not.toBeSchedulableOnAnyOf(input.nodes, { storage: input.storage })]) {
    const message = failure(run);
    expect(message).toContain(PANIC);
    expect(message).not.toContain('PodScheduled=False');
  }
});

test('the fix it suggests fixes it; one node scores nothing; 1.36 scores without the gate', () => {
  const fixed = input.storage.map((o: any) => (o.kind === 'PersistentVolumeClaim' && o.metadata.name === 'c0' ? { ...o, metadata: { ...o.metadata, annotations: {} }, spec: { ...o.spec, storageClassName: 'cap' } } : o));
  expect(input.pod).toBeSchedulableOnAnyOf(input.nodes, { storage: fixed });
  expect(input.pod).toBeSchedulableOn(input.nodes[0], { storage: input.storage });
  withConfiguration({ kubernetesVersion: '1.36' }, () => expect(input.pod).toBeSchedulableOnAnyOf(input.nodes, { storage: input.storage }));
});

test('the replica matchers say it too (placing replicas scores them), without a stack trace', () => {
  for (const run of [() => expect(input.pod).toHaveAllReplicasScheduled(input.nodes, { storage: input.storage }), () => expect(input.pod).not.toHaveAllReplicasScheduled(input.nodes, { storage: input.storage })]) {
    expect(failure(run)).toContain(PANIC);
  }
});

test('the CLI says it and exits 1, without a stack trace', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jkp-cli-crash-'));
  const write = (name: string, items: object[]) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
    return file;
  };
  const said: string[] = [];
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((s) => (said.push(String(s)), true));
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    main(['node', 'jest-k8s-placement', 'explain', write('pod.json', [input.pod, ...input.storage]), '--nodes', write('nodes.json', input.nodes)]);
    expect(said.join('')).toBe(`${PANIC}\n`);
    expect(process.exitCode).toBe(1);
  } finally {
    process.exitCode = undefined;
    stderr.mockRestore();
    stdout.mockRestore();
  }
});
