import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@paddock/shared/api-client';
import type { ConvertResponse } from '@paddock/shared/contracts';
import { useAction } from '@paddock/shared/query';
import { useFarms } from '../../context';
import { uploadMessages } from '../../lib/messages';

/** The API's refusals that say what to fix in the files (too big, unreadable, no .prj, ...). */
const FIXABLE_STATUSES = [413, 422];

type UploadState = { status: 'idle' } | { status: 'uploading' } | { status: 'failed'; message: string };

/**
 * Next on the Upload File step: sends the files to POST v2/convert. A full result goes straight on; a
 * partial one (206) waits in `partial` for the user's 'Skip these files' or 'Cancel' (spec 1 §4.2).
 */
export function useConversion(onConverted: (result: ConvertResponse) => void) {
  const { api, config } = useFarms();
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });
  const [partial, setPartial] = useState<ConvertResponse | null>(null);
  const pending = useRef<AbortController | null>(null);

  // Closing the wizard mid-upload stops the upload; nobody is waiting for its answer any more.
  useEffect(() => () => pending.current?.abort(), []);

  const convert = useAction({
    /** Null when the upload was stopped (the wizard closed): nothing to say, nothing to do. */
    run: async (files: readonly File[]): Promise<ConvertResponse | null> => {
      const controller = new AbortController();
      pending.current = controller;
      setUpload({ status: 'uploading' });
      try {
        const result = await api.convertFiles(files, controller.signal);
        return controller.signal.aborted ? null : result;
      } catch (error) {
        if (controller.signal.aborted) return null;
        throw error;
      }
    },
    failure: (error) => {
      const failed = uploadMessages.uploadFailed(config.supportEmail);
      const fixable = error instanceof ApiError && FIXABLE_STATUSES.includes(error.status) && error.message;
      setUpload({ status: 'failed', message: fixable ? error.message : failed });
      return failed;
    },
    onSuccess: (result) => {
      if (!result) return;
      setUpload({ status: 'idle' });
      if (result.invalid.length > 0) setPartial(result);
      else onConverted(result);
    },
  });

  return {
    uploading: upload.status === 'uploading',
    error: upload.status === 'failed' ? upload.message : null,
    partial,
    start: (files: readonly File[]) => void convert.trigger(files),
    /** 'Skip these files': carry on with the features that did convert. */
    skipInvalid() {
      if (partial) onConverted(partial);
      setPartial(null);
    },
    /** 'Cancel': back to the Upload File step with the files as they were. */
    cancelPartial: () => setPartial(null),
    clearError: () => setUpload((current) => (current.status === 'failed' ? { status: 'idle' } : current)),
  };
}

export type Conversion = ReturnType<typeof useConversion>;
