// Issue 18 point 5: placementMatrix snapshots that do not churn. Footnote keys follow from the note's text, notes
// are sorted by text, notes that differ only by the node's name are one, and a note is never cut at a colon.
import { placementMatrix, formatMatrix } from './matrix';
import type { Node, Taint } from '../core/types';
import { deployment, node } from '../../test/fixtures';
import { withConfiguration } from '../core/config';

const pool = (name: string, pool: string, taints: Taint[] = []): Node => {
  const n = node(name, taints);
  n.metadata!.labels = { ...n.metadata!.labels, pool };
  return n;
};

const nodes = [
  pool('general-1', 'general'), pool('general-2', 'general'),
  pool('gpu-1', 'gpu', [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }]),
  pool('spot-1', 'spot', [{ key: 'spot', value: 'true', effect: 'NoSchedule' }]),
  pool('system-1', 'system', [{ key: 'CriticalAddonsOnly', value: 'true', effect: 'NoSchedule' }]),
];

/** 38 workloads with a spread of reasons: taints, nodeSelectors, required node affinity, pinned node names. */
function workloads(n = 38) {
  return Array.from({ length: n }, (_, i) => {
    const kind = i % 5;
    if (kind === 0) return deployment(`web-${i}`);
    if (kind === 1) return deployment(`gpu-${i}`, [{ key: 'nvidia.com/gpu', operator: 'Exists' }], { nodeSelector: { pool: 'gpu' } });
    if (kind === 2) return deployment(`spot-${i}`, [{ key: 'spot', operator: 'Exists' }]);
    if (kind === 3) return deployment(`sys-${i}`, [{ operator: 'Exists' }], { nodeSelector: { pool: 'system' } });
    return deployment(`pinned-${i}`, [{ operator: 'Exists' }], { nodeName: 'general-1' });
  });
}

/** The lines of `after` that are not in `before` and the other way round (a line diff, as a snapshot shows it). */
function changedLines(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  return { added: b.filter((l) => !a.includes(l)), removed: a.filter((l) => !b.includes(l)) };
}

describe('placementMatrix footnotes', () => {
  test('one added workload changes only its own row, plus its note when the note is new', () => {
    // Before: notes were numbered by first appearance, and the title counted the rows, so an added row
    // renumbered the notes of every row below it.
    const list = workloads();
    const before = formatMatrix(placementMatrix(list, nodes, { groupBy: 'pool' }));
    const known = deployment('aaa-first', [{ key: 'spot', operator: 'Exists' }]);
    const same = changedLines(before, formatMatrix(placementMatrix([known, ...list], nodes, { groupBy: 'pool' })));
    expect(same.removed).toEqual([]);
    expect(same.added).toHaveLength(1);
    expect(same.added[0]).toMatch(/^Deployment default\/aaa-first {2,}/);

    const fresh = deployment('aaa-new', undefined, { nodeSelector: { team: 'search' } });
    const grown = changedLines(before, formatMatrix(placementMatrix([fresh, ...list], nodes, { groupBy: 'pool' })));
    expect(grown.removed).toEqual([]);
    expect(grown.added).toHaveLength(2);
    expect(grown.added[0]).toMatch(/^Deployment default\/aaa-new {2,}0\/2 \[\w{4}\]/);
    expect(grown.added[1]).toMatch(/^\[\w{4}\] NodeAffinity: node\(s\) didn't match Pod's node affinity\/selector \(nodeSelector team=search: node has no label team\)$/);

    // and removing a row removes only that row (and a note only it had)
    const shrunk = changedLines(before, formatMatrix(placementMatrix(list.slice(1), nodes, { groupBy: 'pool' })));
    expect(shrunk.added).toEqual([]);
    expect(shrunk.removed).toEqual([before.split('\n').find((l) => l.startsWith('Deployment default/web-0 '))]);
  });

  test('notes that differ only by the node name are one note; the note names <node>', () => {
    const pinned = [deployment('a', [{ operator: 'Exists' }], { nodeName: 'elsewhere' })];
    // up to 1.36 NodeName's Filter names each node; from 1.37 its PreFilter's note names none
    const text = withConfiguration({ kubernetesVersion: '1.36' }, () => formatMatrix(placementMatrix(pinned, nodes, { groupBy: 'pool' })));
    const notes = text.split('\n').filter((l) => /^\[\w+\] /.test(l));
    // Before: one note per node (…not "general-1", …not "gpu-1", …), five in all.
    expect(notes).toEqual([expect.stringMatching(/^\[\w{4}\] NodeName: node\(s\) didn't match the requested node name \(spec\.template\.spec\.nodeName is "elsewhere", not "<node>"\)$/)]);
    const row = text.split('\n').find((l) => l.startsWith('Deployment default/a'))!;
    expect(new Set(row.match(/\[\w+\]/g))).toEqual(new Set([notes[0].slice(0, 6)]));
  });

  test('a note whose first line ends in a colon keeps the lines that complete it', () => {
    const affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'pool', operator: 'In', values: ['batch'] }] }] } } };
    const m = placementMatrix([deployment('batch', undefined, { affinity })], nodes.slice(0, 1), { groupBy: 'pool' });
    // Before: "(no nodeSelectorTerm of … matches (terms are ORed, requirements ANDed):)" and nothing after it.
    expect(m.rows[0].cells[0].detail).toMatch(/requirements ANDed\): nodeSelectorTerms\[0\]: .*pool/);
    expect(formatMatrix(m)).toContain('requirements ANDed): nodeSelectorTerms[0]: ');
  });

  test('the keys follow from the text alone', () => {
    const one = formatMatrix(placementMatrix([deployment('web')], nodes, { groupBy: 'pool' }));
    const other = formatMatrix(placementMatrix([deployment('zzz', [{ key: 'other', operator: 'Exists' }]), deployment('web')], nodes, { groupBy: 'pool' }));
    const key = (s: string, taint: string) => s.split('\n').find((l) => l.includes(`taint ${taint}`))!.slice(0, 6);
    expect(key(one, 'spot=true:NoSchedule')).toBe(key(other, 'spot=true:NoSchedule'));
    expect(key(one, 'spot=true:NoSchedule')).not.toBe(key(one, 'nvidia.com/gpu=present:NoSchedule'));
  });
});
