import { describe, expect, it } from 'vitest';
import { ApiProblem } from '../../../console/src/shared/api/client';
import { progressPercent, uploadsReducer, type Upload } from '../../../console/src/modules/files/files-uploads';

describe('the uploads of the files section', () => {
  const started = (): Upload[] => {
    let uploads = uploadsReducer([], { type: 'start', key: 'a', name: 'a.docx', size: 10 });
    uploads = uploadsReducer(uploads, { type: 'start', key: 'b', name: 'b.pdf', size: 20 });
    return uploads;
  };

  it('lists started uploads in order, each with its own progress, which only grows', () => {
    let uploads = started();
    expect(uploads.map((upload) => [upload.name, upload.progress, upload.state])).toEqual([
      ['a.docx', 0, 'uploading'],
      ['b.pdf', 0, 'uploading'],
    ]);
    uploads = uploadsReducer(uploads, { type: 'progress', key: 'b', progress: 0.5 });
    uploads = uploadsReducer(uploads, { type: 'progress', key: 'b', progress: 0.25 });
    uploads = uploadsReducer(uploads, { type: 'progress', key: 'a', progress: 1.5 });
    expect(uploads.map((upload) => upload.progress)).toEqual([1, 0.5]);
  });

  it('keeps a failed upload with its error until dismissed, and ignores its late progress', () => {
    const tooLarge = new ApiProblem(413, 'payload_too_large', 'The file is larger than the upload limit of 1000 bytes');
    let uploads = uploadsReducer(started(), { type: 'fail', key: 'a', error: tooLarge });
    uploads = uploadsReducer(uploads, { type: 'progress', key: 'a', progress: 0.9 });
    expect(uploads[0]).toMatchObject({ state: 'failed', progress: 0, error: tooLarge });
    uploads = uploadsReducer(uploads, { type: 'remove', key: 'a' });
    expect(uploads.map((upload) => upload.key)).toEqual(['b']);
    expect(uploadsReducer(uploads, { type: 'remove', key: 'b' })).toEqual([]);
  });

  it('shows whole percents, 100 only when all is sent', () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(0.426)).toBe(42);
    expect(progressPercent(0.999)).toBe(99);
    expect(progressPercent(1)).toBe(100);
    expect(progressPercent(-1)).toBe(0);
  });
});
