// Deliberately bad: shared UI importing a feature (web-shared-code-stays-below-features).
import { alphaCard } from '../../features/alpha/components/alpha-card';

export const topBar = { items: [alphaCard] };
