import type { Upload } from '@escrow/shared/schemas/uploads';
import { uploadUrl, type UploadPurpose } from '@escrow/shared/domain/uploads';
import { ApiError, getToken, rateLimitedError, SESSION_EXPIRED_EVENT } from './api-client';
import { t } from './i18n';

/**
 * GET /api/uploads/{id} needs the bearer token, so neither an <img src> nor a plain link can fetch it:
 * files are fetched here and shown or saved through object URLs.
 */
export async function fetchUpload(uploadId: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(uploadUrl(uploadId), {
      signal,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(t('Network error'), 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new ApiError(body?.error || `HTTP ${response.status}`, response.status, body?.code);
  }
  return response.blob();
}

/** Saves an upload under its own name. */
export async function downloadUpload(uploadId: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await fetchUpload(uploadId));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * POST /api/uploads (multipart) with upload progress, which fetch cannot report. Errors follow the
 * api client's rules: the server's text, else 'Upload failed: {status}', else 'Upload failed'.
 */
export function uploadFile(
  file: File,
  target: { purpose: UploadPurpose; transactionId?: string },
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const token = getToken();
    const form = new FormData();
    form.append('purpose', target.purpose);
    if (target.transactionId) form.append('transactionId', target.transactionId);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(t('Upload failed'), 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      if (xhr.status === 401 && token)
        window.dispatchEvent(new CustomEvent<string>(SESSION_EXPIRED_EVENT, { detail: token }));
      if (xhr.status === 429) return reject(rateLimitedError(xhr.getResponseHeader('retry-after')));
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
      reject(
        new ApiError(
          payload?.error || t('Upload failed: {status}', { status: String(xhr.status) }),
          xhr.status,
          payload?.code,
        ),
      );
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
