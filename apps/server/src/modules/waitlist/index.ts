/** The public waitlist and its staff export. */
export { waitlistModule } from './waitlist.plugin.ts';
export type { WaitlistDeps } from './waitlist.service.ts';
