import { useCallback, useState } from 'react';
import { uploadCover } from '../api/productImages';

/** Uploads covers through a signed request and keeps the progress to show; null when idle. */
export function useCoverUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useCallback(async (file: File) => {
    setProgress(0);
    try {
      return await uploadCover(file, setProgress);
    } finally {
      setProgress(null);
    }
  }, []);
  return { progress, upload };
}
