// What the matchers do with objects the API server would refuse, and with bad input when validation is off.
import { configure, resetConfiguration } from '../core/config';
import { parseManifests } from '../loader';
import { deployment, failure, node, pod } from '../../test/fixtures';

afterEach(resetConfiguration);

const withAllocatable = (allocatable: Record<string, string>) => ({ ...node('n'), status: { allocatable } });
const requesting = (cpu: string) => ({ ...pod('p'), spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu } } }] } });

describe('refused objects get no verdict, with and without .not', () => {
  test('a Deployment whose selector does not match its template', () => {
    const d = deployment('web');
    const bad = { ...d, spec: { ...d.spec, selector: { matchLabels: { app: 'api' } } } };
    for (const run of [() => expect(bad).toBeSchedulableOn(node('n')), () => expect(bad).not.toBeSchedulableOn(node('n'))]) {
      expect(failure(run)).toContain('spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`');
    }
  });
  // plugin/pkg/admission/runtimeclass/admission.go prepareObjects: a RuntimeClass the cluster does not have (none passed)
  test('a Pod, or a Deployment\'s pods, naming a RuntimeClass the cluster does not have', () => {
    const gvisor = (o: any, spec: any) => ({ ...o, spec: { ...spec, runtimeClassName: 'gvisor' } });
    const p = gvisor(pod('p'), pod('p').spec);
    const d = deployment('web');
    const dg = { ...d, spec: { ...d.spec, template: gvisor(d.spec.template, d.spec.template.spec) } };
    for (const run of [() => expect(p).toBeSchedulableOn(node('n')), () => expect(p).not.toBeSchedulableOnAnyOf([node('n')])]) {
      expect(failure(run)).toContain('would be rejected by the API server:\n  pods "p" is forbidden: pod rejected: RuntimeClass "gvisor" not found\n  (pass the cluster\'s RuntimeClass objects with configure({ runtimeClasses }) or the runtimeClasses option)');
    }
    expect(failure(() => expect(dg).toHaveAllReplicasScheduled([node('n')]))).toContain('the API server refuses every Pod it creates:\n  pods "web-<pod-template-hash>-" is forbidden: pod rejected: RuntimeClass "gvisor" not found');
    configure({ runtimeClasses: [{ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc' } as never] });
    expect(p).toBeSchedulableOn(node('n'));
    expect(dg).toHaveAllReplicasScheduled([node('n')]);
  });
  // plugin/pkg/admission/priority/admission.go admitPod: a PriorityClass the cluster does not have (its classes given: none); the
  // Pods a Deployment's ReplicaSet creates are named by its generateName (controller_utils.go GetPodFromTemplate)
  test('a Pod, or a Deployment\'s pods, naming a PriorityClass the cluster does not have; the system classes always exist', () => {
    const withClass = (o: any, spec: any, name: string) => ({ ...o, spec: { ...spec, priorityClassName: name } });
    const p = withClass(pod('p'), pod('p').spec, 'high');
    const d = deployment('web');
    const dh = { ...d, spec: { ...d.spec, template: withClass(d.spec.template, d.spec.template.spec, 'high') } };
    // without the cluster's classes, a class the library cannot see is no refusal; given (even none), a missing one is
    expect(p).toBeSchedulableOn(node('n'));
    configure({ priorityClasses: [] });
    for (const run of [() => expect(p).toBeSchedulableOn(node('n')), () => expect(p).not.toBeSchedulableOnAnyOf([node('n')])]) {
      expect(failure(run)).toContain('would be rejected by the API server:\n  pods "p" is forbidden: no PriorityClass with name high was found\n  (pass the cluster\'s PriorityClass objects with configure({ priorityClasses }) or the priorityClasses option)');
    }
    expect(failure(() => expect(dh).toHaveAllReplicasScheduled([node('n')]))).toContain('the API server refuses every Pod it creates:\n  pods "web-<pod-template-hash>-" is forbidden: no PriorityClass with name high was found\n' +
      '  (pass the cluster\'s PriorityClass objects with configure({ priorityClasses }) or the priorityClasses option)\n  (<pod-template-hash> stands for the hash in the ReplicaSet\'s name, which the library cannot compute)');
    expect(withClass(pod('p'), pod('p').spec, 'system-node-critical')).toBeSchedulableOn(node('n'));
    configure({ priorityClasses: [{ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000000 } as never] });
    expect(p).toBeSchedulableOn(node('n'));
    expect(dh).toHaveAllReplicasScheduled([node('n')]);
  });
  // a Helm fullname of 53 characters or more: the set is created, its Pods never are (kubernetes/kubernetes#64023)
  test('a StatefulSet whose name leaves no room for its Pods\' revision label', () => {
    const name = `shop-${'postgresql'.repeat(5)}`.slice(0, 55);
    const set = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name }, spec: { serviceName: 'db', replicas: 2, selector: { matchLabels: { app: 'db' } },
      template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres:16' }] } } } };
    for (const run of [() => expect(set).toHaveAllReplicasScheduled([node('n')]), () => expect(set).not.toBeSchedulableOn(node('n'))]) {
      expect(failure(run)).toContain(`spec.template.metadata.labels: Invalid value: "${name}-xxxxxxxxxx": must be no more than 63 bytes (xxxxxxxxxx stands for the revision hash, taken as 10 digits as 77 % of hashes are) (the API server accepts the StatefulSet but refuses every Pod it creates)`);
    }
    const short = { ...set, metadata: { name: name.slice(0, 52) } };
    expect(short).toHaveAllReplicasScheduled([node('n')]);
  });
  test('a Job that would restart its pods forever', () => {
    const job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { template: { spec: { containers: [{ name: 'c', image: 'i' }] } } } };
    expect(failure(() => expect(job).toTolerate('a:NoSchedule'))).toContain('spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"');
  });
  test('errors of a loaded object name its file and line', () => {
    const [web] = parseManifests(
      ['apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}', 'spec:', '  selector: {matchLabels: {app: web}}', '  template:',
        '    metadata: {labels: {app: web}}', '    spec:', '      nodeSelector: {pool: "gpu pool"}', '      containers: [{name: web}]', ''].join('\n'),
      'web.yaml',
    ).workloads();
    const msg = failure(() => expect(web).toBeSchedulableOn(node('n')));
    // the line of each field itself (the loader's field lines), not the object's first line
    expect(msg).toContain('  web.yaml:9: spec.template.spec.nodeSelector: Invalid value: "gpu pool": a valid label must be');
    expect(msg).toContain('  web.yaml:10: spec.template.spec.containers[0].image: Required value');
  });
});

describe('configure({ validate: false }) never turns garbage into a verdict', () => {
  test('a node whose allocatable cpu cannot be decoded is not unlimited', () => {
    configure({ validate: false });
    const n = withAllocatable({ cpu: '1K', pods: '110' });
    for (const run of [() => expect(requesting('2')).toBeSchedulableOn(n), () => expect(requesting('2')).not.toBeSchedulableOn(n)]) {
      const msg = failure(run);
      expect(msg).toContain('Node n cannot be decoded by the API server');
      expect(msg).toContain(`status.allocatable.cpu: Invalid value: "1K": unable to parse quantity's suffix`);
    }
  });
  test('a request that cannot be decoded does not count as zero', () => {
    configure({ validate: false });
    const n = withAllocatable({ cpu: '1', pods: '110' });
    for (const run of [() => expect(requesting('2K')).toBeSchedulableOn(n), () => expect(requesting('2K')).not.toBeSchedulableOn(n)]) {
      expect(failure(run)).toContain(`spec.containers[0].resources.requests.cpu: Invalid value: "2K": unable to parse quantity's suffix`);
    }
    expect(failure(() => expect(requesting('1')).toBeSchedulableOnAnyOf([n], { existingPods: [{ ...requesting('x'), spec: { ...requesting('x').spec, nodeName: 'n' } }] })))
      .toContain('Invalid value: "x"');
  });
  test('other rules are off: a Pod without an image is placed', () => {
    configure({ validate: false });
    expect({ ...pod('p'), spec: { containers: [{ name: 'c' }] } }).toBeSchedulableOn(node('n'));
  });
  test('a quoted quantity with surrounding spaces is a quantity (UnmarshalJSON trims)', () => {
    const n = withAllocatable({ cpu: '4 ', pods: '110' });
    expect(requesting(' 4')).toBeSchedulableOn(n);
    expect(requesting('5 ')).not.toBeSchedulableOn(n);
  });
});

describe('the taint argument of toTolerate', () => {
  const lt = { key: 'sla', operator: 'Lt', value: '100', effect: 'NoSchedule' };
  test('validate: false lets through the values upstream Lt/Gt tests use (-50)', () => {
    configure({ featureGates: { TaintTolerationComparisonOperators: true } });
    const msg = failure(() => expect(lt).toTolerate('sla=-50:NoSchedule'));
    expect(msg).toContain('invalid taint spec: sla=-50:NoSchedule, a valid label must be an empty string');
    expect(failure(() => expect(lt).toTolerate({ key: 'sla', value: '-50', effect: 'NoSchedule' }))).toContain('taint.value: Invalid value: "-50"');
    configure({ validate: false });
    expect(lt).toTolerate('sla=-50:NoSchedule');
    expect(lt).toTolerate({ key: 'sla', value: '-50', effect: 'NoSchedule' });
    expect(lt).not.toTolerate('sla=150:NoSchedule');
  });
  test('a misspelt effect: kubectl’s message, then the likely effect', () => {
    // a literal with a wrong effect is also a compile error; here it comes from untyped input
    // @ts-expect-error the effect is misspelt
    const msg = failure(() => expect(pod('p')).toTolerate('dedicated=gpu:NoSchedul'));
    expect(msg).toContain('invalid taint effect: NoSchedul, unsupported taint effect; did you mean NoSchedule?');
    // @ts-expect-error the effect's case is wrong
    expect(failure(() => expect(pod('p')).not.toTolerate('dedicated=gpu:noexecute'))).toContain('did you mean NoExecute?');
  });
  test('a missing effect', () => {
    // kubectl reads the whole argument as a key, so its own message comes first
    // @ts-expect-error the effect is missing
    const msg = failure(() => expect(pod('p')).toTolerate('dedicated=gpu'));
    // the cause first; kubectl reads the whole spec as a key and answers with the key regex
    expect(msg).toMatch(/\n\n"dedicated=gpu": missing ":Effect" \(NoSchedule, PreferNoSchedule or NoExecute\); kubectl taint says: invalid taint spec: dedicated=gpu, name part must consist of /);
  });
  test('Lt/Gt with the gate off: the Unsupported value error names the gate and the switch', () => {
    const msg = failure(() => expect(lt).toTolerate('sla=50:NoSchedule'));
    expect(msg).toContain('tolerations[0].operator: Unsupported value: "Lt": supported values: "Equal", "Exists"');
    expect(msg).toContain('configure({ featureGates: { TaintTolerationComparisonOperators: true } })');
  });
});

// The objects configure() gives are the cluster every question runs in: one the API server would refuse fails every
// matcher, with and without .not, named as configure's and with its file and line, as a question's own objects do.
describe('objects configure() gives that the API server would refuse', () => {
  // a failed assertion, not an exception thrown out of the matcher: Jest's error carries the matcher's result; Vitest
  // (the mutation run) throws its JestExtendError for a custom matcher's failed result
  const failed = (run: () => void) => {
    try {
      run();
    } catch (e) {
      const error = e as { matcherResult?: unknown };
      expect(error.matcherResult !== undefined || error.constructor.name === 'JestExtendError').toBe(true);
    }
    return failure(run);
  };
  const both = (run: (not: boolean) => void) => [failed(() => run(false)), failed(() => run(true))];
  const check = (not: boolean) => (not ? expect(pod('p')).not.toBeSchedulableOn(node('n')) : expect(pod('p')).toBeSchedulableOn(node('n')));
  test('a storage object, a DaemonSet', () => {
    const [claim] = parseManifests('apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: Bad_Name, namespace: default}\nspec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n', 'cluster/claims.yaml');
    configure({ storage: [claim] });
    for (const msg of both(check)) {
      expect(msg).toContain('configure({ storage }): PersistentVolumeClaim default/Bad_Name (cluster/claims.yaml:1) would be rejected by the API server');
      expect(msg).toContain('metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain');
    }
    configure({ storage: [] });
    const [agent] = parseManifests('apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent, namespace: kube-system}\nspec:\n  selector: {matchLabels: {app: agent}}\n  template:\n    metadata: {labels: {app: other}}\n    spec: {containers: [{name: c, image: agent}]}\n', 'cluster/agent.yaml');
    configure({ daemonSets: [agent] });
    expect(failure(() => check(false))).toContain('configure({ daemonSets }): DaemonSet kube-system/agent (cluster/agent.yaml:1) would be rejected by the API server');
    // with validation off the API server's other checks are not made (decoding still is)
    configure({ validate: false });
    check(false);
  });
  // the admission plugins' input errors: a failed assertion, never an exception out of expect()
  test('a LimitRange, its file and line kept by a later configure()', () => {
    const [limits] = parseManifests('apiVersion: v1\nkind: LimitRange\nmetadata: {name: bad, namespace: default}\nspec:\n  limits:\n  - type: Container\n    min: {cpu: "2"}\n    max: {cpu: "1"}\n', 'cluster/limits.yaml');
    configure({ limitRanges: [limits] });
    configure({ requireAllocatable: false });
    for (const msg of both(check)) {
      expect(msg).toContain('configure({ limitRanges }): LimitRange default/bad (cluster/limits.yaml:1) would be rejected by the API server:\n  spec.limits[0].min[cpu]: Invalid value: "2": min value 2 is greater than max value 1');
    }
  });
});
