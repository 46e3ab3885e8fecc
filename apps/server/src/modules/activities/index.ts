/** The activity feed of a transaction: written inside the step that made the change, listed for members. */
export { listActivities, recordActivity, type ActivityInput } from './activities.service.ts';
export { forgetClosedPartyInActivities } from './activities.closed-party.ts';
