// A test-only Filter plugin, laid out as a real one is (src/scheduler/plugins/<name>/index.ts): it rejects nodes
// labelled toy.example.com/banned=true. The toy-plugin test adds it to the profile with one line and nothing else.
import { filterPlugin, rejection } from '../../../src/scheduler/framework';

export const BANNED_LABEL = 'toy.example.com/banned';
export const ErrReasonBanned = 'node(s) were banned by ToyBan';
const REJECTED = rejection('ToyBan', 'UnschedulableAndUnresolvable', [ErrReasonBanned]);

export const ToyBan = filterPlugin(
  'ToyBan',
  { node: [], labels: () => [BANNED_LABEL] },
  (_pod, node) => (node.labels[BANNED_LABEL] === 'true' ? REJECTED : undefined),
  (_pod, node) => [`node ${node.name} is labelled ${BANNED_LABEL}=true`],
  { explainPass: (_pod, node) => [`node ${node.name} is not labelled ${BANNED_LABEL}=true`] },
);
