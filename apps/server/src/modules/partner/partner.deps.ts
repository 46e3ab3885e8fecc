import type { TransactionsDeps } from '../transactions/index.ts';
import type { UploadsDeps } from '../uploads/index.ts';

/** What the partner module needs: the transactions module's dependencies and file storage for uploads. */
export type PartnerDeps = TransactionsDeps & UploadsDeps;
