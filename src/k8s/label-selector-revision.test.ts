// The pod-template-hash stand-in (THIS_REVISION, label-selector.ts; docs/guides/cluster.md): a Deployment's pods carry
// pod-template-hash, and a selector naming it selects that Deployment's pods (its selector, its namespace) that carry one.
// Upstream: deployment/sync.go getNewReplicaSet (the ReplicaSet's selector is the Deployment's plus
// pod-template-hash=<hash>, labelsutil.CloneSelectorAndAddLabel) and matchLabelKeys/mismatchLabelKeys
// (pkg/scheduler/framework/types.go: key in / notin (the pod's value)).
import {
  EVERYTHING, formatSelector, NOTHING, parseLabelSelector, POD_TEMPLATE_HASH, revisionNote, selectorMatches, setRevision, THIS_REVISION,
  withLabelKeys, withRevision, type Revision,
} from './label-selector';

// fresh objects in each test: the revision is registered per labels object
const revision = (namespace = 'shop'): Revision => ({ namespace, selector: parseLabelSelector({ matchLabels: { app: 'web' } }) });
const podOf = (rev: Revision, extra: Record<string, string> = {}) => setRevision({ app: 'web', ...extra, [POD_TEMPLATE_HASH]: THIS_REVISION }, rev);

describe('withLabelKeys on a Deployment’s pod', () => {
  test('only pod-template-hash stands for the revision; the other keys take the pod’s values', () => {
    const rev = revision();
    const s = withLabelKeys(EVERYTHING, podOf(rev, { tier: 'front' }), ['tier', POD_TEMPLATE_HASH]);
    expect(formatSelector(s)).toBe('tier=front,pod-template-hash in (<this revision>)');
    expect(selectorMatches(s, podOf(rev, { tier: 'front' }), 'shop')).toBe(true);
    expect(selectorMatches(s, podOf(rev, { tier: 'back' }), 'shop')).toBe(false);
  });

  test('mismatchLabelKeys: notin the revision, which excludes the Deployment’s own pods only', () => {
    const rev = revision();
    const s = withLabelKeys(EVERYTHING, podOf(rev), [POD_TEMPLATE_HASH], 'NotIn');
    expect(formatSelector(s)).toBe('pod-template-hash notin (<this revision>)');
    expect(selectorMatches(s, podOf(rev), 'shop')).toBe(false);
    // another Deployment's pod carries the same stand-in value, but not this revision's hash
    expect(selectorMatches(s, setRevision({ app: 'db', [POD_TEMPLATE_HASH]: THIS_REVISION }, revision()), 'shop')).toBe(true);
    expect(selectorMatches(s, podOf(rev), 'other')).toBe(true);
  });

  test('labels whose pod-template-hash was changed after registration are a plain value again', () => {
    const labels = podOf(revision());
    labels[POD_TEMPLATE_HASH] = 'abc12';
    const s = withLabelKeys(EVERYTHING, labels, [POD_TEMPLATE_HASH]);
    expect(formatSelector(s)).toBe('pod-template-hash=abc12');
    expect(revisionNote(s)).toBe('');
    expect(selectorMatches(s, { [POD_TEMPLATE_HASH]: 'abc12' })).toBe(true);
  });
});

describe('withRevision: a Deployment’s selector and pod-template-hash in (<this revision>)', () => {
  test('a selector that matches nothing still matches nothing', () => {
    const rev = revision();
    expect(withRevision(NOTHING, rev)).toBe(NOTHING);
    expect(selectorMatches(withRevision(NOTHING, rev), podOf(rev), 'shop')).toBe(false);
  });

  test('an empty selector leaves the revision alone: the Deployment’s pods in its namespace', () => {
    const rev = revision();
    const s = withRevision(EVERYTHING, rev);
    expect(formatSelector(s)).toBe('pod-template-hash in (<this revision>)');
    expect(selectorMatches(s, podOf(rev), 'shop')).toBe(true);
    expect(selectorMatches(s, podOf(rev), 'other')).toBe(false);
    expect(selectorMatches(s, { app: 'web' }, 'shop')).toBe(false);
  });

  test('after the Deployment’s own requirements', () => {
    const rev = revision();
    expect(formatSelector(withRevision(rev.selector, rev))).toBe('app=web,pod-template-hash in (<this revision>)');
  });
});

describe('revisionNote', () => {
  test('nothing to add to a selector without the stand-in', () => {
    expect(revisionNote(NOTHING)).toBe('');
    expect(revisionNote(EVERYTHING)).toBe('');
    expect(revisionNote(parseLabelSelector({ matchLabels: { app: 'web' } }))).toBe('');
  });

  test('the placeholder and the assumption, with the Deployment’s namespace', () => {
    const rev = revision('shop');
    expect(revisionNote(withRevision(rev.selector, rev))).toBe(
      "<this revision> is the Deployment's pod-template-hash, which the library cannot compute (controller.ComputeHash of the template): " +
        'its existing pods in namespace shop that carry a pod-template-hash are taken for this revision (the manifest under test is what runs)',
    );
  });
});
