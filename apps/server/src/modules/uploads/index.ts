/** Files: upload checked by content and size, download only for those allowed to see it. */
export { uploadsRoutes } from './uploads.routes.ts';
export { localUploadStorage, type UploadsDeps } from './uploads.service.ts';
export type { FileStorage } from './uploads.storage.ts';
