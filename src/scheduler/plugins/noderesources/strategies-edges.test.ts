// Edges of the scoring strategies' helpers (strategies.ts): mostRequestedScore on a node without the resource
// (most_allocated.go mostRequestedScore: `if capacity == 0 { return 0 }`, a request past the capacity counted as the
// capacity), and the score detail's amounts, where a resource the node does not have is named as not scored
// (resource_allocation.go: a resource with allocatable 0 is left out of the weighted sum).
import { describe, expect, it } from '@jest/globals';
import { amountsLine, mostRequestedScore } from './strategies';

describe('mostRequestedScore', () => {
  it('0 on a node without the resource; the share requested otherwise, capped at the capacity', () => {
    expect(mostRequestedScore(500, 0)).toBe(0);
    expect(mostRequestedScore(500, 4000)).toBe(12);
    expect(mostRequestedScore(6000, 4000)).toBe(100);
  });
});

describe('amountsLine', () => {
  it('requested/allocatable per resource, and the resources the node does not have as not scored', () => {
    const resources = [{ name: 'cpu', weight: 1 }, { name: 'example.com/gpu', weight: 2 }, { name: 'memory', weight: 1 }];
    expect(amountsLine(resources, { allocated: [0, 0, 0], requested: [1500, 0, 2048], allocatable: [4000, 0, 8192] }))
      .toBe('cpu 1500/4000, example.com/gpu not scored, memory 2048/8192 requested with this pod');
  });
});
