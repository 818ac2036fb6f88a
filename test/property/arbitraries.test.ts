// The generators make only objects the API server accepts, so no property meets the "fails both ways"
// answer that matchers give rejected input. If validation grows (required fields, selectors), this test
// names the generator to fix.
import fc from 'fast-check';
import { validate } from '../../src/engine/validate';
import { validateTaints, validateTolerations } from '../../src/k8s/validation';
import type { KubeObject } from '../../src/core/types';
import { existingPodsArb, nodesArb, subjectArb, taintsArb, tolerationsArb } from './arbitraries';

test('generated subjects, nodes, existing pods, taints and tolerations are valid', () => {
  fc.assert(
    fc.property(
      subjectArb(),
      nodesArb().chain((nodes) => fc.tuple(fc.constant(nodes), existingPodsArb(nodes.map((n) => n.metadata!.name!)))),
      taintsArb(),
      tolerationsArb,
      (subject, [nodes, pods], taints, tolerations) => {
        for (const o of [subject, ...nodes, ...pods] as KubeObject[]) expect({ object: o, errors: validate(o) }).toEqual({ object: o, errors: [] });
        expect(validateTaints(taints)).toEqual([]);
        expect(validateTolerations(tolerations, 'tolerations', false)).toEqual([]);
      },
    ),
    { numRuns: 200 },
  );
});
