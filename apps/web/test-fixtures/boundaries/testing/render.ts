// Allowed: test helpers use shared code.
import { apiRoot } from '../lib/api';

export const testRoot = apiRoot;
