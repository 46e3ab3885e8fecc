import { uploadUrl } from '@escrow/shared/schemas/uploads';
import { ApiError, getToken } from './api-client';

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
    throw new ApiError('Network error', 0);
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
