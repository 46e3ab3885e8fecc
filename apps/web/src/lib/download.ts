import { ApiError, getToken } from './api-client';
import { t } from './i18n';

/**
 * Downloads a file the API serves to the signed-in user (receipts, statements): fetched with the token,
 * saved under the name the server gives in Content-Disposition.
 */
export async function downloadFromApi(path: string, fallbackName: string): Promise<string> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(t('Network error'), 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new ApiError(body?.error ?? `HTTP ${response.status}`, response.status, body?.code);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}

/** Saves text made in the page (recovery codes) as a file, without a round trip to the server. */
export function saveTextFile(name: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
