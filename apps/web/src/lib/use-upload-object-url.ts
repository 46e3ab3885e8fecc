import { useEffect, useState } from 'react';
import { fetchUpload } from './uploads';

type State = { url: string | null; error: boolean };

/** An upload shown inline (evidence photos): fetched with the token, shown through an object URL. */
export function useUploadObjectUrl(uploadId: string): State {
  const [state, setState] = useState<State & { id: string | null }>({ id: null, url: null, error: false });

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchUpload(uploadId, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
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
