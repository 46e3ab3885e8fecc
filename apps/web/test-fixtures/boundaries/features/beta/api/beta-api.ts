import { apiRoot } from '../../../lib/api';

export const betaUrl = `${apiRoot}/beta`;
