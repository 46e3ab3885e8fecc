// Deliberately bad: a feature importing another feature (web-features-stay-apart).
import { betaUrl } from '../../beta/api/beta-api';
// Allowed: shared code and the feature's own files.
import { apiRoot } from '../../../lib/api';
import { alphaLabel } from './alpha-label';

export const alphaCard = { url: betaUrl, root: apiRoot, label: alphaLabel };
