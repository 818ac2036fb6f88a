// Dry runs shared between alike nodes: a large cluster's node pools hold thousands of nodes that filter the pod alike
// (PostFilterNode.alike) and carry alike pods, where SelectVictimsOnNode's answers differ only in which pods they
// name. The library's own saving (upstream dry-runs each node, in parallel); the answers are those of a dry run on
// each node.
import type { KubeObject, Pod } from '../../../core/types';
import type { NodeSnapshot } from '../../snapshot';
import { POD_NUMBERS } from '../../framework';
import type { PostFilterNode } from '../../cycle';
import { parsedPDBs, pdbsCounting, type ParsedPDB } from './pdb';
import { priorityValue, startTime } from './priority';
import type { Victims } from './victims';

/** A node whose dry run was run: what it read (readOf), and its answer for any node that reads the same. */
interface Ran { read: Float64Array; answer: (other: NodeSnapshot) => Victims }

/**
 * Everything SelectVictimsOnNode reads of the node into `out`: its `alike` shape, then each pod in order with its
 * priority and start time (the victims' order), its requests (NodeSnapshot.podNumbers: all the Filter plugins read
 * of it) and the PDBs it counts against (an id per distinct list). False: the node is dry-run on its own (no shape,
 * or a pod whose requests the snapshot did not keep as plain numbers).
 */
function readOf(node: PostFilterNode, pdbs: readonly ParsedPDB[], pdbIds: Map<string, number>, out: number[]): boolean {
  const { alike, entry } = node;
  const numbers = entry.podNumbers;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut; an undefined shape reads as NaN, equal to no read
  if (alike === undefined || !numbers) return false;
  out.length = 0;
  out.push(alike);
  const pods = entry.pods;
  for (let i = 0, at = 0; i < pods.length; i++, at += POD_NUMBERS) {
    const cpu = numbers[at];
    // Stryker disable next-line ConditionalExpression: a NaN read is equal to no other (NaN !== NaN): never shared either way
    if (Number.isNaN(cpu)) return false;
    let pdb = 0;
    // Stryker disable next-line ConditionalExpression: without PDBs pdbsCounting gives '', whose id is 0 too
    if (pdbs.length) {
      const counted = pdbsCounting(pods[i], pdbs);
      pdb = pdbIds.get(counted) ?? pdbIds.set(counted, pdbIds.size).size - 1;
    }
    const priority = numbers[at + 3];
    out.push(Number.isNaN(priority) ? priorityValue(pods[i]) : priority, startTime(pods[i]), cpu, numbers[at + 1], numbers[at + 2], pdb);
  }
  return true;
}

/** A hash of the numbers read (FNV-style over their 32-bit halves); equal reads hash alike. */
// Stryker disable all: a hash only finds earlier reads faster; sameRead decides (alike.test.ts gives a colliding one)
function hash(read: readonly number[]): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < read.length; i++) {
    const x = read[i];
    h = Math.imul(h ^ (x | 0), 0x01000193);
    h = Math.imul(h ^ ((x / 4294967296) | 0), 0x01000193);
  }
  return h;
}
// Stryker restore all

function sameRead(a: Float64Array, b: readonly number[]): boolean {
  // Stryker disable next-line ConditionalExpression: reads of one shape have one length (a shape counts the node's pods)
  if (a.length !== b.length) return false;
  // Stryker disable next-line EqualityOperator: past the end both read undefined
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The answer of a dry run on `entry`, for a node whose pods are read alike in order: the same victims by position. */
function byPosition(entry: NodeSnapshot, r: Victims): (other: NodeSnapshot) => Victims {
  if (r.status) return () => r;
  const at = r.victims.map((v) => entry.pods.indexOf(v));
  const { numPDBViolations, pdbOrder } = r;
  const shared = {};
  r.shared = shared;
  if (!pdbOrder) return (other) => ({ victims: at.map((i) => other.pods[i]), numPDBViolations, shared });
  const pos = (pods: readonly Pod[]) => pods.map((p) => entry.pods.indexOf(p));
  const notes = pdbOrder.map((n) => ({ pod: entry.pods.indexOf(n.pod), pdbs: n.pdbs, violating: pos(n.violating), swapped: pos(n.swapped) }));
  return (other) => ({
    victims: at.map((i) => other.pods[i]), numPDBViolations, shared,
    pdbOrder: notes.map((n) => ({ pod: other.pods[n.pod], pdbs: n.pdbs, violating: n.violating.map((i) => other.pods[i]), swapped: n.swapped.map((i) => other.pods[i]) })),
  });
}

/**
 * selectVictimsOnNode for each node in turn, run once per distinct read (readOf) and shared with the nodes that read
 * the same. `hashOf` only finds earlier reads faster (tests give one that collides).
 */
export function alikeDryRuns(pdbObjects: readonly KubeObject[], select: (entry: NodeSnapshot) => Victims, hashOf = hash): (node: PostFilterNode) => Victims {
  const pdbs = parsedPDBs(pdbObjects);
  const pdbIds = new Map<string, number>();
  const ran = new Map<number, Ran[]>();
  // Stryker disable next-line ArrayDeclaration: readOf empties it first
  const read: number[] = [];
  return (node) => {
    if (!readOf(node, pdbs, pdbIds, read)) return select(node.entry);
    const h = hashOf(read);
    const same = ran.get(h);
    const hit = same?.find((r) => sameRead(r.read, read));
    if (hit) return hit.answer(node.entry);
    const r = select(node.entry);
    const entry: Ran = { read: Float64Array.from(read), answer: byPosition(node.entry, r) };
    if (same) same.push(entry);
    else ran.set(h, [entry]);
    return r;
  };
}
