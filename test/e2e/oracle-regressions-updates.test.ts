// Frozen answers of the update-of-itself oracle (oracle/shared/update_self.go at k8s.io/kubernetes v1.33.13, v1.34.4,
// v1.35.4, v1.36.3 and v1.37.2: validateCommonFields, then the registry strategy's ValidateUpdate) for Nodes and Pods
// read from a cluster (node dumps, the nodes and existingPods options), written by
// test/oracle/freeze-node-pod-updates.ts and compared as the nodePodUpdates domain compares them
// (test/oracle/update-self.ts): before 1.37 a Node's taint, resource and label errors come as often as
// ValidateNode, ValidateNodeUpdate and validateCommonFields find them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { UpstreamCreate } from '../oracle/create';
import type { CreateInput } from '../oracle/generators-create';
import { compareUpdateSelf, libraryUpdateSelf } from '../oracle/update-self';

type Frozen = Array<{ name: string; input: CreateInput; upstream: UpstreamCreate }>;
const frozen: Record<string, { updateSelf: Frozen }> =
  JSON.parse(readFileSync(path.join(__dirname, 'oracle-regressions-updates.json'), 'utf8'));

describe.each(Object.keys(frozen))('Nodes and Pods read from a cluster, as kube-apiserver %s answers an update of itself', (release) => {
  test.each(frozen[release].updateSelf.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareUpdateSelf(libraryUpdateSelf(c.input, release as never), c.upstream)).toEqual([]);
  });
});
