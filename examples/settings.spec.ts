// A cluster whose API server runs without the DefaultTolerationSeconds admission plugin: nothing gives pods the
// 300 s not-ready/unreachable tolerations, so they leave a failed node at once. (This spec also proves that the
// settings reach the matchers: setup file and specs share one instance of the package.)
import { configure, resetConfiguration } from 'jest-k8s-placement';
import { node, repo } from './platform';

const web = repo.get('deployment/web');
const down = node('general-b2');

afterEach(resetConfiguration);

test('with DefaultTolerationSeconds on (the default), web pods leave a NotReady node after 300 s', () => {
  expect(web).toBeEvictedFrom(down).after(300);
});

test('with DefaultTolerationSeconds off, web pods leave it at once', () => {
  configure({ admission: { defaultTolerationSeconds: false } });
  expect(web).toBeEvictedFrom(down).after(0);
  expect(web).not.toTolerate('node.kubernetes.io/not-ready:NoExecute');
});
