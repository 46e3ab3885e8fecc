// Allowed: the app layer wires features and shared code together.
import { alphaCard } from '../features/alpha/components/alpha-card';
import { betaUrl } from '../features/beta/api/beta-api';
import { topBar } from '../components/layouts/top-bar';

export const routes = [alphaCard, betaUrl, topBar];
