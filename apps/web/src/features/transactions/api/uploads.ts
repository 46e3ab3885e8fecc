import type { Upload } from '@escrow/shared/schemas/uploads';
import { ApiError, getToken, SESSION_EXPIRED_EVENT } from '../../../lib/api-client';

/**
 * POST /api/uploads (multipart) with upload progress, which fetch cannot report. Errors follow the
 * api client's rules: the server's text, else 'Upload failed: {status}', else 'Upload failed'.
 */
export function uploadShipmentPhoto(
  file: File,
  transactionId: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const token = getToken();
    const form = new FormData();
    form.append('purpose', 'shipment_photo');
    form.append('transactionId', transactionId);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError('Upload failed', 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      if (xhr.status === 401 && token)
        window.dispatchEvent(new CustomEvent<string>(SESSION_EXPIRED_EVENT, { detail: token }));
      let payload: { success?: boolean; data?: { upload?: Upload }; error?: string; code?: string } | null =
        null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && payload?.success && payload.data?.upload) {
        onProgress(100);
        return resolve(payload.data.upload);
      }
      reject(new ApiError(payload?.error || `Upload failed: ${xhr.status}`, xhr.status, payload?.code));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
