// VolumeZone's Filter (volumezone/volume_zone.go Filter): a node with any of the four zone/region labels must carry
// each bound PV's label (or, for a PV's beta key, the GA key) with a value among the PV's zones.
import { failure, type PodInfo, type Status } from '../../framework';
import type { NodeSnapshot } from '../../snapshot';
import { gaLabel, TOPOLOGY_LABELS, type PVTopology, type VolumeZoneState } from './state';
import { ErrReasonConflict } from './reasons';

const has = (labels: Record<string, string>, key: string) => Object.prototype.hasOwnProperty.call(labels, key);

/** The node's label for the PV's key: that key, else the GA key of a beta one; undefined when it has neither. */
function nodeLabel(labels: Record<string, string>, key: string): { key: string; value: string } | undefined {
  if (has(labels, key)) return { key, value: labels[key] };
  const ga = gaLabel(key);
  return has(labels, ga) ? { key: ga, value: labels[ga] } : undefined;
}

const zones = (t: PVTopology) => (t.values.size > 1 ? `one of ${[...t.values].join(', ')}` : [...t.values][0]);

function conflict(t: PVTopology, label: { key: string; value: string } | undefined): Status {
  const ga = gaLabel(t.key);
  return failure('VolumeZone', 'UnschedulableAndUnresolvable', [ErrReasonConflict], () => [
    `${t.via} is bound to PersistentVolume ${t.pvName}, labelled ${t.key}=${t.value}; ` +
      (label ? `the node has ${label.key}=${label.value}` : `the node has no ${t.key}${ga !== t.key ? ` nor ${ga}` : ''} label, but has another zone or region label`),
    `the pod can only run on nodes in ${zones(t)}: the volume stays where it is (labels read: ${t.key}${ga !== t.key ? `, else ${ga}` : ''})`,
  ]);
}

/** Filter: nodes without any of the four labels pass (a single-zone cluster); else every PV topology must match. */
export function filter(_pod: PodInfo, node: NodeSnapshot, state: VolumeZoneState): Status | undefined {
  const labels = node.info.labels;
  if (!TOPOLOGY_LABELS.some((k) => has(labels, k))) return undefined;
  for (let i = 0; i < state.topologies.length; i++) {
    const t = state.topologies[i];
    const label = nodeLabel(labels, t.key);
    if (label && t.values.has(label.value)) continue;
    // the words name the PV and the node's label, never the node: nodes alike share one Status
    const byLabel = ((state.failures ??= [])[i] ??= new Map());
    const key = label ? `${label.key}\u0000${label.value}` : '';
    let status = byLabel.get(key);
    if (!status) byLabel.set(key, (status = conflict(t, label)));
    return status;
  }
  return undefined;
}

/** Why the node passed: no zone label at all, or each PV's label matched. */
export function explainPass(_pod: PodInfo, node: NodeSnapshot, state: VolumeZoneState): string[] {
  const labels = node.info.labels;
  if (!TOPOLOGY_LABELS.some((k) => has(labels, k))) {
    return [`the node has none of ${TOPOLOGY_LABELS.join(', ')}, so the PersistentVolumes' zones are not checked (a single-zone cluster)`];
  }
  return state.topologies.map((t) => {
    const label = nodeLabel(labels, t.key)!;
    return `PersistentVolume ${t.pvName} (${t.key}=${t.value}) matches the node's ${label.key}=${label.value}`;
  });
}
