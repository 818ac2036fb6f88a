// Frozen answers of the create-path oracle (oracle/k8s-*/create.go) for a pod close to its host: in a user namespace
// (spec.hostUsers false), which may not share the host's network, PID or IPC namespace nor, from 1.34, have
// volumeDevices (src/k8s/validation-security.ts validateHostUsers; v1.33.13 words it `pod.Spec.HostUsers`), and a
// Windows HostProcess pod, all of whose containers must be HostProcess ones, with hostNetwork
// (validateWindowsHostProcessPod). The library accepted these objects before. The oracle's answers per release are kept
// in test/fixtures/oracle-regressions-pod-host.json (k8s.io/kubernetes v1.33.13, v1.34.4, v1.35.4, v1.36.3, v1.37.2:
// pkg/apis/core/validation/validation.go) and compared exactly as the oracle run compares them (test/oracle/create.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareCreate, libraryCreate, type UpstreamCreate } from '../oracle/create';
import type { CreateInput } from '../oracle/generators-create';

const frozen: Record<string, { create: Array<{ name: string; input: CreateInput; upstream: UpstreamCreate }> }> =
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-pod-host.json'), 'utf8'));

describe.each(Object.keys(frozen))('a pod close to its host, as kube-apiserver %s refuses it', (release) => {
  test.each(frozen[release].create.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareCreate(libraryCreate(c.input, release as never), c.upstream)).toEqual([]);
  });
});
