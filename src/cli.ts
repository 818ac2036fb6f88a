#!/usr/bin/env node
// npx jest-k8s-placement — kube-scheduler's answer for manifests and a node dump, outside a test.
// Exit codes: 0 an answer (whatever it is), 1 a usage error, 2 bad input (file:line from the loader).
import { readFileSync, readSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import type { KubeObject, Node, Pod } from './core/types';
import { loadManifests, ManifestError, Manifests, parseManifests, type LoadOptions } from './loader';
import {
  describeGated, evict, kubeletHint, nodesDown, parseTaint, place, platformHint, rejectedByApiServer, schedule, STORAGE_KINDS, taint, toSubject, unknownOnAny,
  validateInput, admissionRefusedOnce, quotaRefusalWithPods, zone, SchedulerConfigurationError, SchedulerError, type Failure,
} from './engine';
import { schedulerErrorText } from './explain/scheduler-error';
import { describeNotModelled } from './explain/not-modelled';
import { configure, KUBERNETES_VERSIONS, resetConfiguration, settings } from './core/config';
import { kubeletHintText } from './explain/kubelet';
import { platformHintText } from './explain/platform';
import { CLUSTER_PRESETS, type ClusterPreset } from './core/presets';
import { STORAGE_ASSUMPTIONS, type StorageAssumption } from './core/storage-kinds';
import { uncheckedNote } from './explain/unchecked';
import { assumptionsNote, describeNoPods, describeRejections, indent as indentLines, nodeNames, noPodEntries, reporter } from './explain/schedule';
import { describeTime, explainEviction } from './explain/taint';
import { formatMatrix, formatMatrixMarkdown, placementMatrix } from './report/matrix';
import { buildReport, mergeReports, reportFiles, writeReport, type PlacementReport } from './report/report';
import { releaseNameProblem, renderChart, renderKustomization, RenderError } from './render';

const indent = indentLines;

/** Bad input: the message is printed as is and the exit code is 2 (1 for a usage error found while reading). */
class InputError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
  }
}

/** --ignore and --kind: the loader's options for every file a command reads (loadManifests' ignore and kind). */
let loadOptions: LoadOptions = {};
let stdinUsed = false;
function load(files: string[]): KubeObject[] {
  const out: KubeObject[] = [];
  for (const file of files) {
    try {
      if (file === '-') {
        if (stdinUsed) throw new InputError('"-" (stdin) can be given only once');
        stdinUsed = true;
        out.push(...parseManifests(readStdin(), '<stdin>', loadOptions));
      } else {
        out.push(...loadManifests(file, loadOptions));
      }
    } catch (e) {
      if (e instanceof ManifestError) throw new InputError(e.message);
      throw e;
    }
  }
  return out;
}

/** The most "-" reads: JEST_K8S_PLACEMENT_STDIN_LIMIT bytes, else 256 MiB (far beyond any dump, far below Node's string limit). */
const STDIN_LIMIT = 256 * 1024 * 1024;

/** stdin, read in chunks up to the limit: more is a usage error, not an out-of-memory crash or a stack trace. */
function readStdin(): string {
  const limit = Number(process.env.JEST_K8S_PLACEMENT_STDIN_LIMIT) || STDIN_LIMIT;
  const chunks: Buffer[] = [];
  const chunk = Buffer.allocUnsafe(1 << 20);
  for (let total = 0; ;) {
    let n: number;
    try {
      n = readSync(0, chunk, 0, chunk.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') { // a non-blocking stdin with nothing yet
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if (code === 'EOF') break; // Windows' end of a pipe
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > limit) {
      const size = limit % (1024 * 1024) ? `${limit} bytes` : `${limit / (1024 * 1024)} MiB`;
      throw new InputError(`error: more than ${size} on stdin ("-"): give the manifests as files, or set JEST_K8S_PLACEMENT_STDIN_LIMIT (bytes)`, 1);
    }
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** --chart and --kustomize (explain, matrix): objects rendered beside the manifest files, as renderChart and
 * renderKustomization give them, so the answers name the template or overlay file. */
interface RenderInputs {
  chart?: string;
  values?: string[];
  set?: string[];
  release?: string;
  kubeVersion?: string;
  namespace?: string;
  kustomize?: string;
}
let renderInputs: RenderInputs = {};
function rendered(): { objects: KubeObject[]; sources: string[] } {
  const { chart, values, set, release, kubeVersion, namespace, kustomize } = renderInputs;
  try {
    const objects: KubeObject[] = [];
    if (chart) objects.push(...renderChart(chart, { release, kubeVersion, namespace, values, set }));
    if (kustomize) objects.push(...renderKustomization(kustomize));
    return { objects, sources: [...(chart ? [`--chart ${chart}`] : []), ...(kustomize ? [`--kustomize ${kustomize}`] : [])] };
  } catch (e) {
    if (e instanceof ManifestError || e instanceof RenderError) throw new InputError(e.message);
    throw e;
  }
}

const isWorkload = (o: KubeObject) => {
  try {
    toSubject(o);
    return true;
  } catch {
    return false;
  }
};

/**
 * The workloads read, with the manifests' Namespace and Service objects (as a Helm chart renders its Services beside
 * them) and the storage objects of the manifests and dumps (`kubectl get pv,pvc,sc,csinode -o yaml`).
 */
type Workloads = KubeObject[] & { namespaces: KubeObject[]; services: KubeObject[]; storage: KubeObject[]; podDisruptionBudgets: KubeObject[] };

const isStorage = (o: KubeObject) => (STORAGE_KINDS as readonly unknown[]).includes(o.kind);
const isBudget = (o: KubeObject) => o.kind === 'PodDisruptionBudget';

/**
 * The workloads of the manifests, and their Namespace objects (whose labels serve namespaceSelector), Service
 * objects (PodTopologySpread's system default spreading selects by theirs) and storage objects (the volume plugins').
 */
function workloadsOf(files: string[], namespace?: string): Workloads {
  const render = rendered();
  const objects = [...load(files), ...render.objects];
  const found = objects.filter(isWorkload);
  const list = namespace === undefined ? found : found.filter((o) => (o.metadata?.namespace ?? 'default') === namespace);
  if (!list.length) throw new InputError(`no Pod or workload${namespace === undefined ? '' : ` in namespace ${namespace}`} in ${[...files, ...render.sources].join(', ')}`);
  // RuntimeClasses among the manifests are the cluster's, which the RuntimeClass admission plugin reads
  if (objects.some((o) => o.kind === 'RuntimeClass')) configure({ runtimeClasses: objects });
  // and PriorityClasses, which the Priority admission plugin reads, and the namespaces' LimitRanges and ResourceQuotas
  if (objects.some((o) => o.kind === 'PriorityClass')) configure({ priorityClasses: objects });
  if (objects.some((o) => o.kind === 'LimitRange')) configure({ limitRanges: objects.filter((o) => o.kind === 'LimitRange') });
  if (objects.some((o) => o.kind === 'ResourceQuota')) configure({ resourceQuotas: objects.filter((o) => o.kind === 'ResourceQuota') });
  // and a KubeSchedulerConfiguration among them is the cluster's (one; --scheduler-config names the file instead)
  const schedulerConfiguration = objects.filter((o) => o.kind === 'KubeSchedulerConfiguration');
  if (schedulerConfiguration.length && settings().schedulerConfiguration === undefined) configure({ schedulerConfiguration: new Manifests(schedulerConfiguration).schedulerConfiguration() });
  return Object.assign(list, {
    namespaces: objects.filter((o) => o.kind === 'Namespace'), services: objects.filter((o) => o.kind === 'Service'), storage: objects.filter(isStorage),
    podDisruptionBudgets: objects.filter(isBudget),
  });
}

/**
 * The --existing dumps: their Pods, their storage objects (a `kubectl get pods,pvc,pv -o yaml` dump) and their
 * PodDisruptionBudgets (with the status the disruption controller wrote), which DefaultPreemption reads.
 */
function dumpOf(files: string[] | undefined): { pods?: Pod[]; storage: KubeObject[]; podDisruptionBudgets: KubeObject[] } {
  if (!files) return { storage: [], podDisruptionBudgets: [] };
  const objects = load(files);
  return { pods: objects.filter((p) => p.kind === 'Pod') as Pod[], storage: objects.filter(isStorage), podDisruptionBudgets: objects.filter(isBudget) };
}

function nodesOf(files: string[]): Node[] {
  const nodes = load(files).filter((o) => o.kind === 'Node') as Node[];
  if (!nodes.length) throw new InputError(`no Node in ${files.join(', ')} (kubectl get nodes -o yaml gives a List of them)`);
  return nodes;
}

/**
 * Objects the API server would refuse get no answer, as in the matchers (configure({ validate: false }) there); what
 * was not checked in objects read from a cluster goes to stderr (validateInput).
 */
function checkValid(objects: KubeObject[], existing: readonly Pod[] = []): void {
  if (!settings().validate) return;
  // and the RuntimeClasses of the manifests, which the RuntimeClass admission plugin reads (configured in workloadsOf)
  const given = [...objects, ...settings().runtimeClasses.filter((o) => !objects.includes(o))];
  const checks = given.map((o) => ({ o, ...validateInput(o) }));
  const unchecked = checks.filter((c) => c.unchecked.length).map((c) => ({ label: String(toLabel(c.o)), errors: c.unchecked }));
  if (unchecked.length) note(`note: ${uncheckedNote(unchecked)}\n`);
  // the matchers' words, without their hint about configure(), which has no CLI counterpart
  const problems = checks.filter((c) => c.errors.length).map((c) => rejectedByApiServer(String(toLabel(c.o)), c.errors).replace(/ \(set configure\(.*?\) to check it anyway\)/, ''));
  // an admission plugin's refusal (RuntimeClass) of the Pod, or of every Pod a workload's controller creates
  for (const o of objects) {
    // a quota without status.used counts the --existing pods of its namespace, as the quota controller would
    const refused = admissionRefusedOnce(o)?.message ?? quotaRefusalWithPods(o, existing)?.message;
    if (refused) problems.push(`${toLabel(o)}${o.kind === 'Pod' ? ' would be rejected by the API server' : ': the API server refuses every Pod it creates'}:\n  ${refused}`);
  }
  if (problems.length) throw new InputError(problems.join('\n'));
}

const toLabel = (o: KubeObject) => (isWorkload(o) ? toSubject(o).label : `${o.kind} ${o.metadata?.name}`);

function explain(workloads: Workloads, nodes: Node[], existingPods: Pod[] | undefined): string {
  return workloads.map((w) => {
    const s = toSubject(w);
    const result = schedule(s, nodes, { existingPods, namespaces: workloads.namespaces, services: workloads.services, storage: workloads.storage, podDisruptionBudgets: workloads.podDisruptionBudgets });
    if (result.gated) return `${s.label}\n  ${describeGated(s.label, result.gated.gates).replace(/\n/g, '\n  ')}`;
    const head = unknownOnAny(result)
      ? `  unknown: ${result.feasible.length} of ${nodes.length} node(s) pass every filter the library models${result.feasible.length ? `: ${nodeNames(result.feasible.map((v) => v.node), 10)}` : ''}`
      : result.feasible.length
        ? `  schedulable on ${result.feasible.length} of ${nodes.length} node(s): ${nodeNames(result.feasible.map((v) => v.node), 10)}`
        : result.fitError !== undefined
          ? `  ${reporter(result)}:\n    ${result.fitError}`
          // a DaemonSet with no pod Pending (engine/daemon.ts): nothing for kube-scheduler to report
          : `  no pod: the DaemonSet controller makes no pod for ${result.noPod?.length ?? 0} of ${nodes.length} node(s) (NodeShouldRunDaemonPod)`;
    const rejected = result.rejected.length
      ? `\n  ${result.feasible.length ? 'Rejected' : 'Why'}:\n${indent(describeRejections(result.rejected).split('\n'), '    ')}`
      : '';
    // said in the head when no node has a pod; else a section of its own
    const noPodHead = !result.feasible.length && !result.rejected.length && result.fitError === undefined;
    const noPod = !result.noPod?.length ? '' : noPodHead ? `\n${indent(noPodEntries(result.noPod).split('\n'), '    ')}` : `\n${indent(describeNoPods(result.noPod).split('\n'), '  ')}`;
    const notModelled = result.notModelled ? `\n${indent(describeNotModelled(result.notModelled).split('\n'), '  ')}` : '';
    // what the answer rests on (assumptionsNote's `\nAssumed: …` lines), indented as the rest
    return `${s.label}\n${head}${rejected}${noPod}${notModelled}${assumptionsNote(result).replace(/\n/g, '\n  ')}`;
  }).join('\n\n');
}

function evictions(workloads: KubeObject[], node: Node): string {
  return workloads.map((w) => {
    const answer = evict(toSubject(w), node);
    return `${answer.pod}: ${describeTime(answer.after)}\n${indent(explainEviction(answer).split('\n'), '  ')}`;
  }).join('\n\n');
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** The node evict works on: the only one of the file, or the one --node-name names. */
function oneNode(nodes: Node[], file: string, name: string | undefined): Node {
  const names = nodes.map((n) => n.metadata?.name ?? '');
  if (name === undefined) {
    if (nodes.length === 1) return nodes[0];
    throw new InputError(`--node ${file}: expected one Node, found ${nodes.length} (${nodeNames(names, 10)}); pick one with --node-name`);
  }
  const found = nodes.find((n) => n.metadata?.name === name);
  if (!found) throw new InputError(`--node-name ${name}: no such Node in ${file} (found ${nodeNames(names, 10)})`);
  return found;
}

/** Where every pod the workloads' controllers create lands, placed one at a time (placeReplicas). */
function explainReplicas(workloads: Workloads, nodes: Node[], existingPods: Pod[] | undefined): string {
  const placement = place(workloads, { nodes, existingPods, namespaces: workloads.namespaces, services: workloads.services, storage: workloads.storage, podDisruptionBudgets: workloads.podDisruptionBudgets });
  const sections = workloads.map((w, i) => {
    const pods = placement.pods.filter((p) => p.owner === i);
    const pending = pods.filter((p) => !p.node);
    const lines = pods.map((p) => (p.node ? `  ${p.name} → ${p.node}` : `  ${p.name} Pending: ${p.fitError}`));
    const items = placement.notModelled?.find((n) => n.workload === toSubject(w).label)?.items;
    const head = `${toSubject(w).label}: ${pods.length - pending.length}/${pods.length} pod(s) scheduled` +
      (items ? ` by the modelled filters (a guess, ${describeNotModelled(items).replace(/\n/g, '\n  ')})` : '');
    const none = placement.noPods.find((n) => n.workload === toSubject(w).label);
    return none && !pods.length ? `${toSubject(w).label}: no pods (${none.reason})` : [head, ...lines].join('\n');
  });
  const note = placement.sampled ? `\n\n(the cluster has more feasible nodes than kube-scheduler scores per pod, ${placement.feasibleNodesToFind}: it may pick other nodes of the same score)` : '';
  return sections.join('\n\n') + note;
}

/** `--failure zone:eu-west-1a` and `--failure nodes:a1,a2` are outages; anything else (even `zone:NoExecute`, a taint) is an eviction column. */
function failureOf(spec: string): string | Failure {
  const m = /^(zone|nodes):(.+)$/.exec(spec);
  if (!m || ['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(m[2])) return spec;
  return m[1] === 'zone' ? zone(m[2]) : nodesDown(m[2].split(','));
}

export function program(out: (s: string) => void = (s) => process.stdout.write(s), err: (s: string) => void = (s) => process.stderr.write(s)): Command {
  renderInputs = {};
  note = err;
  const cli = new Command('jest-k8s-placement')
    .description("kube-scheduler's answer for Kubernetes manifests and a node dump, in the words of jest-k8s-placement's matchers.")
    .version((JSON.parse(readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as { version: string }).version)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: out })
    .addHelpText('after', `
Files are YAML or JSON manifests (a folder takes every file below it); "-" reads stdin.
Exit codes: 0 an answer, 1 a usage error, 2 bad input (file:line of the problem).

Examples:
  $ helm template web ./charts/web | npx jest-k8s-placement explain - --nodes nodes.yaml
  $ kubectl get nodes -o yaml > nodes.yaml; kubectl get pods -A -o yaml > pods.yaml
  $ npx jest-k8s-placement explain rendered/ --nodes nodes.yaml --existing pods.yaml --namespace shop
  $ npx jest-k8s-placement matrix rendered/ --nodes nodes.yaml --group-by karpenter.sh/nodepool --format md
  $ npx jest-k8s-placement evict rendered/ --node node.yaml --taint node.kubernetes.io/unreachable:NoExecute
  $ npx jest-k8s-placement report shard-*/ --out report/`);

  explainCommand(cli, out);
  matrixCommand(cli, out);
  evictCommand(cli, out);
  loadOptionsFor(cli);
  renderOptionsFor(cli);
  releaseOptionFor(cli);
  clusterOptionFor(cli);
  schedulerConfigOptionFor(cli);
  reportCommand(cli, out);
  return cli;
}

/** `explain`: each workload's feasible nodes and the others' reasons, or (--replicas) where every pod lands. */
function explainCommand(cli: Command, out: (s: string) => void): void {
  cli.command('explain')
    .description('for each workload: the nodes kube-scheduler would accept, and why it rejects the others')
    .argument('[manifests...]', 'workload manifests ("-" for stdin); optional with --chart or --kustomize')
    .requiredOption('--nodes <files...>', 'Node objects (kubectl get nodes -o yaml)')
    .option('--existing <files...>', 'pods already bound to the nodes (spec.nodeName), counted for ports and resources')
    .option('--namespace <namespace>', 'only workloads in this namespace')
    .option('--name <name>', 'only the pod or workload of this name (or namespace/name), even a completed or bound one (repeatable)', collect)
    .option('--replicas', 'place every pod the workloads\' controllers create, one at a time (placeReplicas), and say where each lands')
    .addHelpText('after', '\nExamples:\n  $ helm template . | npx jest-k8s-placement explain - --nodes nodes.yaml\n  $ npx jest-k8s-placement explain rendered/ --nodes nodes.yaml --replicas\n' +
      '  $ npx jest-k8s-placement explain pods.yaml --nodes nodes.yaml --existing pods.yaml   # the Pending pods of a dump')
    .action((manifests: string[], o: { nodes: string[]; existing?: string[]; namespace?: string; name?: string[]; replicas?: boolean }) => {
      const nodes = nodesOf(o.nodes);
      const { pods: existing, storage, podDisruptionBudgets } = dumpOf(o.existing);
      const all = workloadsOf(manifests, o.namespace);
      all.storage.push(...storage);
      all.podDisruptionBudgets.push(...podDisruptionBudgets);
      const { workloads, completed, skipped } = toExplain(all, existing, o.name);
      checkValid([...workloads, ...nodes, ...(existing ?? []), ...workloads.storage, ...workloads.podDisruptionBudgets], existing);
      noteNodes(nodes);
      if (skipped && workloads.length + completed.length) note(`note: ${skipped}\n`);
      const answers = !workloads.length ? [] : [o.replicas ? explainReplicas(workloads, nodes, existing) : explain(workloads, nodes, existing)];
      const marked = completed.map((p) => `${toSubject(p).label}\n  completed (status.phase ${completedPhase(p)}): kube-scheduler never schedules a completed pod`);
      out(`${[...answers, ...marked].join('\n\n') || `nothing to explain: ${skipped}`}\n`);
    });
}

/** A completed Pod (status.phase Succeeded or Failed), which kube-scheduler never schedules; undefined otherwise. */
const completedPhase = (o: KubeObject): string | undefined => {
  const phase = o.kind === 'Pod' ? (o as Pod).status?.phase : undefined;
  return phase === 'Succeeded' || phase === 'Failed' ? phase : undefined;
};

/** A Pod bound to a node (spec.nodeName) that the --existing dump holds too (same uid, or namespace/name). */
function boundInDump(o: KubeObject, existing: readonly Pod[] | undefined): boolean {
  if (o.kind !== 'Pod' || !(o as Pod).spec?.nodeName || !existing) return false;
  const ns = (x: KubeObject) => x.metadata?.namespace || 'default';
  const uid = (o as Pod).metadata?.uid;
  return existing.some((p) => (uid !== undefined && p.metadata?.uid === uid) || (p.metadata?.name === o.metadata?.name && ns(p) === ns(o)));
}

/**
 * What `explain` answers for. kube-scheduler never schedules a completed pod (its pod informer leaves out
 * Succeeded and Failed pods: pkg/scheduler/scheduler.go newPodInformer), and a pod the --existing dump holds bound
 * has been scheduled already: a dump given both as input and as --existing is explained for its Pending pods.
 * `--name` picks pods and workloads by name (or namespace/name); a named completed pod is marked, not explained, and a
 * named bound pod is explained without itself among the existing pods (where it would go if it were created now).
 */
function toExplain(all: Workloads, existing: readonly Pod[] | undefined, names: string[] | undefined) {
  const named = (o: KubeObject, n: string) => o.metadata?.name === n || `${o.metadata?.namespace ?? 'default'}/${o.metadata?.name}` === n;
  for (const n of names ?? []) {
    if (!all.some((o) => named(o, n))) throw new InputError(`--name ${n}: no Pod or workload of that name among the ${all.length} read (${nodeNames(all.map((o) => o.metadata?.name ?? '?'), 10)})`);
  }
  const picked = names ? all.filter((o) => names.some((n) => named(o, n))) : all;
  const completed = picked.filter((o) => completedPhase(o));
  const bound = names ? [] : picked.filter((o) => !completedPhase(o) && boundInDump(o, existing));
  const workloads = Object.assign(picked.filter((o) => !completed.includes(o) && !bound.includes(o)), { namespaces: all.namespaces, services: all.services, storage: all.storage, podDisruptionBudgets: all.podDisruptionBudgets });
  const left = [
    ...(!names && completed.length ? [`${completed.length} completed pod(s) (status.phase Succeeded or Failed: kube-scheduler never schedules them)`] : []),
    ...(bound.length ? [`${bound.length} pod(s) already bound in --existing (spec.nodeName)`] : []),
  ];
  const skipped = left.length ? `left out ${left.join(' and ')}; --name <name> picks one` : undefined;
  return { workloads, completed: names ? completed : [], skipped };
}

/** `matrix`: the placementMatrix table. */
function matrixCommand(cli: Command, out: (s: string) => void): void {
  cli.command('matrix')
    .description('how many nodes of each node group accept each workload (the placementMatrix table)')
    .argument('[manifests...]', 'workload manifests ("-" for stdin); optional with --chart or --kustomize')
    .requiredOption('--nodes <files...>', 'Node objects (kubectl get nodes -o yaml)')
    .option('--group-by <label>', 'node label naming the groups (default: the well-known node pool labels, else each node)')
    .option('--existing <files...>', 'pods already bound to the nodes')
    .option('--failure <spec>', 'add an eviction column (NotReady, Unreachable or a NoExecute taint) or an outage column (zone:<zone>, nodes:<node,…>) (repeatable)', collect)
    .option('--namespace <namespace>', 'only workloads in this namespace')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'md', 'json']).default('text'))
    .addHelpText('after', '\nExamples:\n  $ npx jest-k8s-placement matrix rendered/ --nodes nodes.yaml --group-by pool --failure NotReady --format md\n  $ npx jest-k8s-placement matrix rendered/ --nodes nodes.yaml --failure zone:eu-west-1a')
    .action((manifests: string[], o: { nodes: string[]; groupBy?: string; existing?: string[]; failure?: string[]; namespace?: string; format: string }) => {
      const failures = (o.failure ?? []).map(failureOf);
      for (const f of failures) if (typeof f === 'string') checkTaintSpec(cli, f, ['NotReady', 'Unreachable']);
      const workloads = workloadsOf(manifests, o.namespace);
      const nodes = nodesOf(o.nodes);
      const { pods: existing, storage } = dumpOf(o.existing);
      workloads.storage.push(...storage);
      checkValid([...workloads, ...nodes, ...(existing ?? []), ...workloads.storage, ...workloads.podDisruptionBudgets], existing);
      noteNodes(nodes);
      let m;
      try {
        m = placementMatrix(workloads, nodes, { groupBy: o.groupBy, existingPods: existing, namespaces: workloads.namespaces, services: workloads.services, storage: workloads.storage, failures });
      } catch (e) {
        // an outage that names no node of --nodes (placementMatrix: failures[i].zone …, failures[i]: …) is a usage error
        const bad = /^placementMatrix: failures\[(\d+)\](?:\.|: )(.*)$/s.exec((e as Error).message);
        if (!bad) throw e;
        return cli.error(`error: --failure ${o.failure![Number(bad[1])]}: ${bad[2]}`, { exitCode: 1 });
      }
      out(`${o.format === 'json' ? JSON.stringify(m, null, 2) : o.format === 'md' ? formatMatrixMarkdown(m) : formatMatrix(m)}\n`);
    });
}

/** `evict`: when the taint-eviction controller evicts each workload from the node. */
function evictCommand(cli: Command, out: (s: string) => void): void {
  cli.command('evict')
    .description('when the taint-eviction controller would evict each workload from the node, and which toleration decides it')
    .argument('<manifests...>', 'workload manifests ("-" for stdin)')
    .requiredOption('--node <file>', 'a Node object (kubectl get node NAME -o yaml), or a dump of many with --node-name')
    .option('--node-name <name>', 'the node to use when --node holds several (kubectl get nodes -o yaml)')
    .option('--taint <spec>', 'add a taint first, as kubectl taint writes it (repeatable)', collect)
    .addHelpText('after', '\nExamples:\n  $ npx jest-k8s-placement evict rendered/ --node node.yaml --taint maintenance=kernel:NoExecute\n  $ npx jest-k8s-placement evict rendered/ --node nodes.yaml --node-name general-b1')
    .action((manifests: string[], o: { node: string; nodeName?: string; taint?: string[] }) => {
      for (const t of o.taint ?? []) checkTaintSpec(cli, t);
      const workloads = workloadsOf(manifests);
      const node = oneNode(nodesOf([o.node]), o.node, o.nodeName);
      checkValid([...workloads, node]);
      noteNodes([node]);
      out(`${evictions(workloads, o.taint?.length ? taint(node, ...o.taint) : node)}\n`);
    });
}

/** --ignore and --kind: loadManifests' options, for the commands that read manifests. */
function loadOptionsFor(cli: Command): void {
  // --ignore and --kind for the commands that read manifests
  for (const name of ['explain', 'matrix', 'evict']) {
    const command = cli.commands.find((c) => c.name() === name)!;
    command
      .option('--ignore <glob>', 'leave out files matching this glob, as loadManifests\' ignore (repeatable)', collect)
      .option('--kind <kind>', 'kind for documents that have none, e.g. Node for a headerless node dump (loadManifests\' kind)')
      .hook('preAction', (_parent, action) => {
        const { ignore, kind } = action.opts<{ ignore?: string[]; kind?: string }>();
        loadOptions = { ...(ignore ? { ignore } : {}), ...(kind ? { kind } : {}) };
      });
  }
}

/** Where notes go (stderr), so that `--format json` stays one JSON document. */
let note: (s: string) => void = () => {};

/**
 * The node dump's kubelets point at another release than the one modelled, or its nodes at a managed platform whose
 * admission the settings leave out: say so once, with the flag that fixes it.
 */
function noteNodes(nodes: readonly Node[]): void {
  const hint = kubeletHint(nodes);
  if (hint) note(`note: ${kubeletHintText(hint, (v) => `--kubernetes-version ${v}`)}\n`);
  const platform = platformHint(nodes, settings().admission.extendedResourceToleration);
  if (platform) note(`note: ${platformHintText(platform, (p) => `--cluster ${p}`)}\n`);
}

/** --cluster: what a managed platform adds to upstream (configure({ cluster }) in the matchers, README "Cloud presets"). */
function clusterOptionFor(cli: Command): void {
  for (const name of ['explain', 'matrix', 'evict']) {
    cli.commands.find((c) => c.name() === name)!
      .addOption(new Option('--cluster <preset>', 'the platform\'s admission (eks: ExtendedResourceToleration); default upstream\'s').choices(Object.keys(CLUSTER_PRESETS)))
      .hook('preAction', (_parent, action) => {
        const cluster = action.opts<{ cluster?: ClusterPreset }>().cluster;
        if (cluster) configure({ cluster });
      });
  }
  // --storage-assumption: configure({ storageAssumption }) in the matchers (claims whose StorageClass no input resolves)
  for (const name of ['explain', 'matrix']) {
    cli.commands.find((c) => c.name() === name)!
      .addOption(new Option('--storage-assumption <assumption>', 'claims whose StorageClass no manifest or dump gives: take them as this (default: "not modelled")').choices([...STORAGE_ASSUMPTIONS]))
      .hook('preAction', (_parent, action) => {
        const assumption = action.opts<{ storageAssumption?: StorageAssumption }>().storageAssumption;
        if (assumption) configure({ storageAssumption: assumption });
      });
  }
}

/** --scheduler-config: the cluster's KubeSchedulerConfiguration (configure({ schedulerConfiguration }) in the matchers). */
function schedulerConfigOptionFor(cli: Command): void {
  cli.commands.find((c) => c.name() === 'explain')!
    .option('--scheduler-config <file>', 'the cluster\'s KubeSchedulerConfiguration (kube-scheduler --config): its profiles, by each pod\'s schedulerName')
    .hook('preAction', (_parent, action) => {
      const file = action.opts<{ schedulerConfig?: string }>().schedulerConfig;
      if (!file) return;
      try {
        configure({ schedulerConfiguration: loadManifests(file).schedulerConfiguration() });
      } catch (e) {
        throw new InputError(`--scheduler-config ${file}: ${(e as Error).message}`);
      }
    });
}

/** --kubernetes-version: the release the answers follow (configure({ kubernetesVersion }) in the matchers). */
function releaseOptionFor(cli: Command): void {
  for (const name of ['explain', 'matrix', 'evict']) {
    cli.commands.find((c) => c.name() === name)!
      .addOption(new Option('--kubernetes-version <minor>', `the cluster's Kubernetes release (default ${settings().kubernetesVersion})`).choices(KUBERNETES_VERSIONS))
      .hook('preAction', (_parent, action) => {
        const v = action.opts<{ kubernetesVersion?: (typeof KUBERNETES_VERSIONS)[number] }>().kubernetesVersion;
        if (v) configure({ kubernetesVersion: v });
      })
      .hook('postAction', () => resetConfiguration());
  }
}

/** --chart and --kustomize, for the commands that take workloads. */
function renderOptionsFor(cli: Command): void {
  // --chart and --kustomize: render a Helm chart or a kustomization in place of (or beside) the manifest files
  for (const name of ['explain', 'matrix']) {
    const command = cli.commands.find((c) => c.name() === name)!;
    command
      .option('--chart <dir>', 'a Helm chart directory, rendered with helm template (HELM, else helm on PATH)')
      .option('-f, --values <file>', 'a values file for --chart, in helm\'s merge order (repeatable)', collect)
      .option('--set <key=value>', 'a --set for --chart, as helm reads it (repeatable)', collect)
      .option('--release <name>', 'the release name for --chart (helm\'s default: release-name)')
      .option('--kube-version <version>', 'helm\'s --kube-version for --chart (default: the --kubernetes-version release\'s patch, e.g. v1.37.2)')
      .option('--kustomize <dir>', 'a kustomization directory, built with kustomize build (KUSTOMIZE), else kubectl kustomize')
      .addHelpText('after', `  $ npx jest-k8s-placement ${name} --chart charts/web -f values-prod.yaml --namespace shop --nodes nodes.yaml\n  $ npx jest-k8s-placement ${name} --kustomize overlays/prod --nodes nodes.yaml`)
      .hook('preAction', (_parent, action) => {
        const o = action.opts<RenderInputs>();
        if ((o.values || o.set || o.release) && !o.chart) cli.error('error: --values, --set and --release go with --chart', { exitCode: 1 });
        if (o.kubeVersion && !o.chart) cli.error('error: --kube-version goes with --chart', { exitCode: 1 });
        const badRelease = o.release ? releaseNameProblem(o.release) : undefined;
        if (badRelease) cli.error(`error: --release ${JSON.stringify(o.release)}: ${badRelease} (helm's rule for release names)`, { exitCode: 1 });
        if (!action.args.length && !o.chart && !o.kustomize) cli.error("error: missing required argument 'manifests' (or --chart <dir>, --kustomize <dir>)", { exitCode: 1 });
        // --namespace is also the release namespace, where the chart's objects land
        renderInputs = o;
      });
  }
}

/** `report`: merge the shards' placement-report.json files. */
function reportCommand(cli: Command, out: (s: string) => void): void {
  cli.command('report')
    .description('merge placement-report.json files (one per shard) into one report')
    .argument('<reports...>', 'placement-report.json files, or directories holding placement-report*.json (the shards\' files)')
    .option('--out <dir>', 'where placement-report.md/.html/.json go', '.')
    .action((args: string[], o: { out: string }) => {
      const files = reportFiles(args);
      if (!files.length) throw new InputError(`${args.join(', ')}: no placement-report*.json there`);
      const reports = files.map((f) => {
        try {
          const r = JSON.parse(readFileSync(f, 'utf8')) as PlacementReport;
          if (r?.version !== 1 || !Array.isArray(r.records)) throw new Error('not a placement-report.json (version 1)');
          r.records.forEach((record, i) => {
            const missing = recordProblem(record);
            if (missing) throw new Error(`records[${i}]: ${missing}`);
          });
          return r;
        } catch (e) {
          // Node's own text names the file again (`ENOENT: no such file or directory, open 'x.json'`)
          throw new InputError(`${f}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
        }
      });
      const merged = reports.length ? mergeReports(reports) : buildReport([]);
      out(`${writeReport(merged, { outputDirectory: o.out, stepSummary: false }).join('\n')}\n`);
    });
}

const RECORD_STRINGS = ['id', 'file', 'test', 'matcher', 'subject', 'namespace', 'target', 'group', 'verdict'] as const;
const RECORD_BOOLEANS = ['accepted', 'passed'] as const;

/** What a record of placement-report.json lacks, if anything (a hand-edited or foreign file must not crash the merge). */
function recordProblem(record: unknown): string | undefined {
  if (typeof record !== 'object' || record === null) return `expected a record (an object), got ${JSON.stringify(record)}`;
  const r = record as Record<string, unknown>;
  const bad = [
    ...RECORD_STRINGS.filter((k) => typeof r[k] !== 'string'),
    ...RECORD_BOOLEANS.filter((k) => typeof r[k] !== 'boolean'),
    // written as isNot was given: reports of earlier Vitest runs leave it out when the assertion is not negated
    ...(r.negated === undefined || typeof r.negated === 'boolean' ? [] : ['negated']),
  ];
  return bad.length ? `missing or mistyped ${bad.join(', ')}` : undefined;
}

function checkTaintSpec(cli: Command, spec: string, words: string[] = []): void {
  if (words.includes(spec) || /^(Memory|Disk|PID)Pressure$|^NetworkUnavailable$/.test(spec) && words.length) return;
  try {
    const t = parseTaint(spec);
    if ('remove' in t) cli.error(`error: "${spec}" removes a taint; give the taint itself`, { exitCode: 1 });
  } catch (e) {
    if (e instanceof CommanderError) throw e;
    // a message with parseTaintSpec's hint (it keeps kubectl's text apart) says what is wrong already
    const grammar = 'kubectl' in (e as object) ? '' : ' (taints are written as kubectl taint does: key=value:Effect)';
    cli.error(`error: ${(e as Error).message}${grammar}`, { exitCode: 1 });
  }
}

export function main(argv: string[] = process.argv): void {
  try {
    program().parse(argv);
  } catch (e) {
    if (e instanceof InputError) {
      process.stderr.write(`${e.message}\n`);
      process.exitCode = e.exitCode;
      return;
    }
    // kube-scheduler's error or panic on a pod asked about: no verdict, exit 1
    if (e instanceof SchedulerError) {
      process.stderr.write(`${schedulerErrorText(e)}\n`);
      process.exitCode = 1;
      return;
    }
    // an invalid --scheduler-config (or configuration among the manifests): kube-scheduler's texts, exit 1
    if (e instanceof SchedulerConfigurationError) {
      process.stderr.write(`${e.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw e;
  }
}

if (require.main === module) main();
