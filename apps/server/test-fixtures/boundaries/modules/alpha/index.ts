export { findAlpha } from './alpha.repository.ts';
export { requireAlpha } from './alpha.guard.ts';
