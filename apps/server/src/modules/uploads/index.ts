/** Files: upload checked by content and size, download only for those allowed to see it. */
export { receiveAppUpload, UPLOAD_MULTIPART_LIMITS, uploadsRoutes } from './uploads.routes.ts';
export type {
  ChatFileSent,
  EvidenceAttached,
  IdentityDocumentViewed,
  MilestoneFileDelivered,
  UploadsDeps,
} from './uploads.service.ts';
export { createFileStorage } from './uploads.storage-factory.ts';
export { StorageError, type FileStorage } from './uploads.storage.ts';
export { removeUnattachedUploads, UNATTACHED_UPLOAD_TTL_MS } from './uploads.cleanup.ts';
export { removeIdentityDocumentUpload } from './uploads.document-files.ts';
export { copyUploads, type CopyReport } from './uploads.copy.ts';
export { s3Storage } from './uploads.storage-s3.ts';
export { s3OptionsOf } from './uploads.storage-factory.ts';
export { deletePersonalUploadRows, removeStoredObjects, type RemovedUpload } from './uploads.closed-owner.ts';
export { uploadsOwnedBy } from './uploads.owned.ts';
export { isOwnProfilePicture } from './uploads.profile-pictures.ts';
export { attachUploadToDispute, isEvidenceUploadOf } from './uploads.dispute-evidence.ts';
