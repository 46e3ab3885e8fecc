// Bad: packages/shared importing from apps/ (shared-stays-independent). This fixture lives under apps/, so
// any import from here into the fixture's server tree is one.
import { findAlpha } from '../../modules/alpha/index.ts';

export const leaked = findAlpha('a1');
