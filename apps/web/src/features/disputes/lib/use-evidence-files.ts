import { useCallback, useEffect, useState } from 'react';
import { EVIDENCE_MAX_FILES } from '@escrow/shared/domain/disputes';
import { UPLOAD_RULES, type UploadMimeType } from '@escrow/shared/domain/uploads';
import { t } from '../../../lib/i18n';
import { uploadFile } from '../../../lib/uploads';

const RULE = UPLOAD_RULES.dispute_evidence;

export type EvidenceFile = {
  key: string;
  file: File;
  /** A local preview for images (revoked when the file leaves the list). */
  previewUrl: string | null;
  /** 0-100 while uploading; 100 once uploaded. */
  progress: number | null;
  uploadId: string | null;
};

/** Why a file cannot be evidence (type, size), in the upload rule's own words; null when it can. */
export function evidenceFileProblem(file: File): string | null {
  if (!RULE.accepted.includes(file.type as UploadMimeType))
    return t(RULE.notAcceptedMessage, { file: file.name });
  if (file.size > RULE.maxBytes) return t(RULE.tooLargeMessage, { file: file.name });
  return null;
}

let counter = 0;

/**
 * Files chosen as evidence (at most `room` of them, checked by type and size before any byte is sent),
 * uploaded one by one with progress against the dispute's transaction. The server checks them again
 * (by content) when they arrive.
 */
export function useEvidenceFiles(room = EVIDENCE_MAX_FILES) {
  const [files, setFiles] = useState<EvidenceFile[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      for (const item of files) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    },
    // Revoke on unmount only: removing a file revokes its own preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  function add(chosen: FileList | File[]) {
    const list = Array.from(chosen);
    const problems: string[] = [];
    const accepted: EvidenceFile[] = [];
    for (const file of list) {
      const problem = evidenceFileProblem(file);
      if (problem) problems.push(problem);
      else if (files.length + accepted.length >= room)
        problems.push(
          t(
            '{room, plural, one {You can add at most # file of evidence} other {You can add at most # files of evidence}}',
            { room },
          ),
        );
      else
        accepted.push({
          key: `evidence-${(counter += 1)}`,
          file,
          previewUrl: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
          progress: null,
          uploadId: null,
        });
    }
    setError(problems.length ? [...new Set(problems)].join('. ') : null);
    if (accepted.length) setFiles((current) => [...current, ...accepted]);
  }

  function remove(key: string) {
    setFiles((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((item) => item.key !== key);
    });
  }

  const update = useCallback(
    (key: string, patch: Partial<EvidenceFile>) =>
      setFiles((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item))),
    [],
  );

  /** Uploads every file not uploaded yet, in order; answers all upload ids (a failure rejects). */
  async function uploadAll(transactionId: string): Promise<string[]> {
    const ids: string[] = [];
    for (const item of files) {
      if (item.uploadId) {
        ids.push(item.uploadId);
        continue;
      }
      update(item.key, { progress: 0 });
      try {
        const upload = await uploadFile(
          item.file,
          { purpose: 'dispute_evidence', transactionId },
          (progress) => update(item.key, { progress }),
        );
        update(item.key, { progress: 100, uploadId: upload.id });
        ids.push(upload.id);
      } catch (failure) {
        update(item.key, { progress: null });
        throw failure;
      }
    }
    return ids;
  }

  function clear() {
    for (const item of files) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    setFiles([]);
    setError(null);
  }

  return { files, error, add, remove, uploadAll, clear, full: files.length >= room };
}
export type EvidenceFiles = ReturnType<typeof useEvidenceFiles>;
