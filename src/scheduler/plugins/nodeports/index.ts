// NodePorts (pkg/scheduler/framework/plugins/nodeports/node_ports.go, HostPortInfo.CheckConflict).
import { filterPlugin, rejection, type HostPort, type NodeUsage } from '../../framework';

/** @upstream pkg/scheduler/framework/plugins/nodeports/node_ports.go */
export const ErrReasonNodePorts = "node(s) didn't have free ports for the requested pod ports";
const REJECTED = rejection('NodePorts', 'Unschedulable', [ErrReasonNodePorts]);

/** 0.0.0.0 (or empty) conflicts with any IP on the same protocol/port; another IP only with itself or 0.0.0.0. "::" is no wildcard. */
export function portsConflict(want: HostPort, used: HostPort): boolean {
  if (want.protocol !== used.protocol || want.port !== used.port) return false;
  if (want.ip === '0.0.0.0') return true;
  return used.ip === want.ip || used.ip === '0.0.0.0';
}

function firstClash(want: HostPort, usage: NodeUsage): (HostPort & { pod: string }) | undefined {
  for (let i = 0; i < usage.ports.length; i++) if (portsConflict(want, usage.ports[i])) return usage.ports[i];
  return undefined;
}

/** Why a hostNetwork pod has a host port its manifest may not show (pkg/apis/core/v1/defaults.go defaultHostNetworkPorts). */
export const hostNetworkNote = (p: HostPort) => (p.hostNetwork ? ' (hostNetwork: hostPort is containerPort)' : '');

export const NodePorts = filterPlugin(
  'NodePorts',
  { node: ['ports'] },
  (pod, _node, usage) => {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path; without ports on either side the loop finds no clash
    if (pod.hostPorts.length === 0 || usage.ports.length === 0) return undefined;
    for (let i = 0; i < pod.hostPorts.length; i++) if (firstClash(pod.hostPorts[i], usage)) return REJECTED;
    return undefined;
  },
  (pod, node, usage) =>
    pod.hostPorts.flatMap((want) => {
      const clash = firstClash(want, usage);
      return clash
        ? [`${pod.subject.specPath}.${want.where} hostPort ${want.port}/${want.protocol}${hostNetworkNote(want)} on ${want.ip} collides with ${clash.pod} (${clash.where}, ${clash.ip}:${clash.port}/${clash.protocol}${hostNetworkNote(clash)}) on node ${node.name}`]
        : [];
    }),
  { readsPods: true },
);
