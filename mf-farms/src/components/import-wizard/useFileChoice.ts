import { useMemo, useState } from 'react';
import { addDroppedFiles, checkUpload, type ImportFileType } from './uploadRules';

/**
 * The Upload File step's choices: the type, the files and what the rules say about them.
 * `onChange` runs whenever the files change (what the server said about the last upload no longer applies).
 */
export function useFileChoice(onChange: () => void) {
  const [type, setType] = useState<ImportFileType>('shapefile');
  const [files, setFiles] = useState<File[]>([]);
  const [dropError, setDropError] = useState<string | null>(null);
  const [ignored, setIgnored] = useState<string[]>([]);
  // The rules' message waits until the user has done something, so the step does not open with an error.
  const [touched, setTouched] = useState(false);
  const check = useMemo(() => checkUpload(files, type), [files, type]);

  return {
    type,
    files,
    check,
    dropError,
    ignored,
    /** The rules' verdict, once the user has dropped, removed or pressed Next. */
    problem: touched ? check.problem : null,
    /** Another type starts a fresh list: the files of one type mean nothing to the other. */
    chooseType(next: ImportFileType) {
      onChange();
      setType(next);
      setFiles([]);
      setDropError(null);
      setIgnored([]);
      setTouched(false);
    },
    drop(dropped: File[]) {
      onChange();
      const outcome = addDroppedFiles(files, dropped, type);
      setFiles(outcome.files);
      setDropError(outcome.error);
      setIgnored(outcome.ignored);
      setTouched(true);
    },
    remove(file: File) {
      onChange();
      setFiles(files.filter((chosen) => chosen !== file));
      setDropError(null);
      setIgnored([]);
      setTouched(true);
    },
    touch: () => setTouched(true),
  };
}

export type FileChoice = ReturnType<typeof useFileChoice>;
