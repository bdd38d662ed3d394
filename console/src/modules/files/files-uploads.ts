import type { ApiProblem } from '../../shared/api/client';

/**
 * The uploads of the job page's files section while they run, and those that failed (until they are
 * dismissed): a finished upload leaves the list, its file then appears in the job's files.
 */
export interface Upload {
  key: string;
  name: string;
  size: number;
  /** 0 to 1: the share of the request's body sent so far. */
  progress: number;
  state: 'uploading' | 'failed';
  error?: ApiProblem;
}

export type UploadAction =
  | { type: 'start'; key: string; name: string; size: number }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'fail'; key: string; error: ApiProblem }
  /** Done, cancelled or dismissed: the upload leaves the list. */
  | { type: 'remove'; key: string };

export function uploadsReducer(uploads: Upload[], action: UploadAction): Upload[] {
  switch (action.type) {
    case 'start':
      return [...uploads, { key: action.key, name: action.name, size: action.size, progress: 0, state: 'uploading' }];
    case 'progress':
      return uploads.map((upload) =>
        // A late progress event of an upload that failed or left changes nothing; progress only grows.
        upload.key === action.key && upload.state === 'uploading' ? { ...upload, progress: Math.min(1, Math.max(upload.progress, action.progress)) } : upload,
      );
    case 'fail':
      return uploads.map((upload) => (upload.key === action.key ? { ...upload, state: 'failed', error: action.error } : upload));
    case 'remove':
      return uploads.filter((upload) => upload.key !== action.key);
  }
}

/** Whole percents for a progress bar: 0.996 shows 99 until the answer arrives, never 100 too early. */
export function progressPercent(fraction: number): number {
  return Math.min(100, Math.max(0, Math.floor(fraction * 100)));
}
