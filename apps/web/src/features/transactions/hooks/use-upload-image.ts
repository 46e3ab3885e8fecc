import { useEffect, useState } from 'react';
import { uploadUrl } from '@escrow/shared/domain/uploads';
import { getToken } from '../../../lib/api-client';

type State = { url: string | null; error: boolean };

/**
 * Uploads are served only to the transaction's parties with the bearer token, so an <img src> cannot
 * fetch them directly: the file is fetched with the token and shown through an object URL.
 */
export function useUploadImage(uploadId: string | null): State {
  const [state, setState] = useState<State & { id: string | null }>({ id: null, url: null, error: false });

  useEffect(() => {
    if (!uploadId) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getToken();
    fetch(uploadUrl(uploadId), {
      signal: controller.signal,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ id: uploadId, url: objectUrl, error: false });
      })
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setState({ id: uploadId, url: null, error: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [uploadId]);

  // A state left over from a previous id is not this image's.
  return state.id === uploadId ? { url: state.url, error: state.error } : { url: null, error: false };
}
