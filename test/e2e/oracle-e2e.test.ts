// The oracle's comparison rules that need no Go (test/oracle/compare.ts, e2e.ts, known.ts): reasons compared as
// multisets, ImageLocality compared as any other score, and known deviations that excuse one field at a time, never
// a whole case.
import { compareScheduling } from '../oracle/compare';
import type { SchedulingOutput } from '../oracle/adapter';
import { compareE2E } from '../oracle/e2e';
import { excusedBy, KNOWN } from '../oracle/known';

const fit = (reasons: string[]): SchedulingOutput => ({
  nodes: [{ node: 'n0', code: 'Unschedulable', plugin: 'NodeResourcesFit', reasons }],
  feasible: [],
  fitError: '0/1 nodes are available: 1 Insufficient example.com/a, 1 Insufficient example.com/b.',
});

describe('oracle comparison', () => {
  it('compares a node\'s reasons without their order: NodeResourcesFit ranges over a Go map (fit.go fitsRequest)', () => {
    const ours = fit(['Insufficient example.com/a', 'Insufficient example.com/b']);
    expect(compareScheduling(ours, fit(['Insufficient example.com/b', 'Insufficient example.com/a']))).toEqual([]);
    expect(compareScheduling(ours, fit(['Insufficient example.com/a']))).toHaveLength(1);
  });

  it('compares ImageLocality as any other score: it is modelled, not left out', () => {
    const upstream: SchedulingOutput = {
      nodes: [], feasible: ['n0', 'n1'],
      scores: [
        { node: 'n0', plugins: { ImageLocality: 30, NodeResourcesFit: 90 }, total: 120 },
        { node: 'n1', plugins: { ImageLocality: 0, NodeResourcesFit: 95 }, total: 95 },
      ],
      top: ['n0'],
    };
    expect(compareE2E({ scheduling: upstream }, { scheduling: upstream })).toEqual([]);
    const without: SchedulingOutput = {
      ...upstream,
      scores: [{ node: 'n0', plugins: { ImageLocality: 0, NodeResourcesFit: 90 }, total: 90 }, { node: 'n1', plugins: { ImageLocality: 0, NodeResourcesFit: 95 }, total: 95 }],
      top: ['n1'],
    };
    expect(compareE2E({ scheduling: without }, { scheduling: upstream }).map((d) => d.field)).toEqual(['node n0 plugin scores', 'node n0 total', 'top']);
  });

  it('compares a DaemonSet node by node: whether the controller makes a pod, then that pod\'s status', () => {
    const status = { node: 'n0', code: 'Unschedulable', plugin: 'NodePorts', reasons: ["node(s) didn't have free ports for the requested pod ports"] };
    expect(compareE2E({ daemon: [{ node: 'n0', run: true, status }] }, { daemon: [{ node: 'n0', run: true, status }] })).toEqual([]);
    expect(compareE2E({ daemon: [{ node: 'n0', run: true, status }] }, { daemon: [{ node: 'n0', run: false }] }).map((d) => d.field)).toEqual(['daemon n0 run']);
    expect(compareE2E({ daemon: [{ node: 'n0', run: true, status: { ...status, code: 'Success', plugin: '', reasons: [] } }] }, { daemon: [{ node: 'n0', run: true, status }] })
      .map((d) => d.field)).toEqual(['daemon n0 status']);
  });

  it('compares what the API server refuses: the object first, then how', () => {
    const rejected = { object: 'pod', errors: [{ type: 'FieldValueDuplicate', field: 'spec.containers[1].ports[0].hostPort', body: 'Duplicate value: "TCP//8080"' }] };
    expect(compareE2E({ rejected }, { rejected })).toEqual([]);
    expect(compareE2E({ scheduling: { nodes: [], feasible: [] } }, { rejected }).map((d) => d.field)).toEqual(['rejected']);
    expect(compareE2E({ rejected: { ...rejected, object: 'workload' } }, { rejected }).map((d) => d.field)).toEqual(['refused object']);
  });
});

describe('known deviations', () => {
  it.each(KNOWN.map((k) => [k.id, k]))('%s names the field it excuses, and excuses it in one way', (_id, k) => {
    expect(k.field).toEqual(expect.any(String));
    expect([k.rewrite, k.excuses].filter(Boolean)).toHaveLength(1);
  });

  it('never excuses a case in which one difference is not excused', () => {
    // the witness class of prefilter-narrowed-plugin-name: the library names the plugin upstream leaves empty
    const narrowed = { field: 'node n1 plugin', ours: 'NodeAffinity', upstream: '' };
    const scheduling = KNOWN.filter((k) => k.domain === 'scheduling');
    expect(excusedBy(scheduling, {}, [narrowed])?.map((k) => k.id)).toEqual(['prefilter-narrowed-plugin-name']);
    expect(excusedBy(scheduling, {}, [narrowed, { field: 'feasible', ours: ['n0'], upstream: [] }])).toBeUndefined();
  });
});
