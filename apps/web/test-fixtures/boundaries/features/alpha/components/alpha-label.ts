// Deliberately bad: a feature importing the app layer (web-features-dont-reach-up).
import { routes } from '../../../app/router';

export const alphaLabel = `alpha (${routes.length} routes)`;
