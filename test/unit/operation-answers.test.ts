import { describe, expect, it } from 'vitest';
import { isCounted, missingAnswers, parseAnswers } from '../operation-answers.js';
import { report } from '../operation-answers-setup.js';

describe('the check that every operation has a success and an error test', () => {
  const operations = ['listJobs', 'createJob', 'getJob'];

  it('passes when every operation answered a 2xx and a 4xx', () => {
    const answers = parseAnswers('listJobs 200\nlistJobs 400\ncreateJob 201\ncreateJob 404\ngetJob 200\ngetJob 404\n');
    expect(missingAnswers(operations, answers)).toEqual([]);
  });

  it('names an operation that no test made succeed, or fail, or either', () => {
    const answers = parseAnswers('listJobs 200\ncreateJob 400\ncreateJob 409\n');
    const missing = missingAnswers(operations, answers);
    expect(missing).toEqual([
      { operationId: 'listJobs', missing: ['error (4xx)'] },
      { operationId: 'createJob', missing: ['success (2xx)'] },
      { operationId: 'getJob', missing: ['success (2xx)', 'error (4xx)'] },
    ]);
    expect(report(missing)).toContain('getJob: no success (2xx), no error (4xx)');
  });

  it('does not count the answers the platform gives every route (401, 403, 429), nor 3xx or 5xx', () => {
    const answers = parseAnswers('getJob 200\ngetJob 401\ngetJob 403\ngetJob 429\ngetJob 500\ngetJob 304\n');
    expect(missingAnswers(['getJob'], answers)).toEqual([{ operationId: 'getJob', missing: ['error (4xx)'] }]);
  });

  it('skips what an exemption names, and only that', () => {
    const answers = parseAnswers('getJob 200\n');
    expect(missingAnswers(['getJob'], answers, { getJob: { error: 'a reason' } })).toEqual([]);
    expect(missingAnswers(['getJob', 'listJobs'], answers, { getJob: { error: 'a reason' } })).toEqual([
      { operationId: 'listJobs', missing: ['success (2xx)', 'error (4xx)'] },
    ]);
  });

  it('counts only what the HTTP tests saw (test/http/), not the reliability suite, the fuzzing or an unknown file', () => {
    const answers = parseAnswers(
      'getJob 200 test/http/jobs/get.test.ts\ngetJob 404 test/reliability/tenancy.test.ts\ngetJob 400 test/reliability/fuzz.test.ts\ngetJob 404 -\ngetJob 404\n',
    );
    expect(answers[0]).toEqual({ operationId: 'getJob', status: 200, file: 'test/http/jobs/get.test.ts' });
    expect(answers.filter(isCounted).map((answer) => answer.status)).toEqual([200]);
    expect(missingAnswers(['getJob'], answers.filter(isCounted))).toEqual([{ operationId: 'getJob', missing: ['error (4xx)'] }]);
    expect(
      missingAnswers(['getJob'], parseAnswers('getJob 200 test/http/jobs/get.test.ts\ngetJob 404 test/http/jobs/get.test.ts\n').filter(isCounted)),
    ).toEqual([]);
  });
});
