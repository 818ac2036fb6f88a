// Moved to src/controllers/node-lifecycle.ts (the node lifecycle controller); kept for its importers.
export * from '../controllers/node-lifecycle';
