// NodePorts (pkg/scheduler/framework/plugins/nodeports/node_ports.go, HostPortInfo.CheckConflict).
import { failure, type FilterPlugin, type HostPort } from './framework';

export const ErrReasonNodePorts = "node(s) didn't have free ports for the requested pod ports";

/** 0.0.0.0 (or empty) conflicts with any IP on the same protocol/port; another IP only with itself or 0.0.0.0. "::" is no wildcard. */
export function portsConflict(want: HostPort, used: HostPort): boolean {
  if (want.protocol !== used.protocol || want.port !== used.port) return false;
  if (want.ip === '0.0.0.0') return true;
  return used.ip === want.ip || used.ip === '0.0.0.0';
}

export const NodePorts: FilterPlugin = {
  name: 'NodePorts',
  filter(pod, node, usage) {
    if (pod.hostPorts.length === 0 || usage.ports.length === 0) return undefined;
    const clashes = pod.hostPorts.flatMap((want) => {
      const clash = usage.ports.find((used) => portsConflict(want, used));
      return clash ? [{ want, clash }] : [];
    });
    if (clashes.length === 0) return undefined;
    return failure('NodePorts', 'Unschedulable', [ErrReasonNodePorts], () =>
      clashes.map(({ want, clash }) =>
        `${pod.subject.specPath}.${want.where} hostPort ${want.port}/${want.protocol} on ${want.ip} collides with ${clash.pod} (${clash.where}, ${clash.ip}:${clash.port}/${clash.protocol}) on node ${node.name}`,
      ),
    );
  },
};
