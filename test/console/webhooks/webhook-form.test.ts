import { describe, expect, it } from 'vitest';
import { eventsOf, webhookBody, webhookProblems } from '../../../console/src/modules/webhooks/webhook-form';

describe('the webhook form', () => {
  it('reads the event types as a list: commas or spaces, no empties or repeats; * alone means all', () => {
    expect(eventsOf(' job.created,invoice.sent  job.created ,, ')).toEqual(['job.created', 'invoice.sent']);
    expect(eventsOf('job.created, *')).toEqual(['*']);
    expect(eventsOf(' , ')).toEqual([]);
  });

  it('sends the API its body, the address trimmed', () => {
    expect(webhookBody({ url: ' https://hooks.example/t ', events: 'job.created', description: 'Ops', enabled: false })).toEqual({
      url: 'https://hooks.example/t',
      events: ['job.created'],
      description: 'Ops',
      enabled: false,
    });
  });

  it('names a missing or relative address and an empty list before sending', () => {
    expect(webhookProblems({ url: '', events: '', description: '', enabled: true })).toEqual({
      url: 'is required',
      events: 'give at least one event type, or *',
    });
    expect(webhookProblems({ url: 'hooks.example/t', events: '*', description: '', enabled: true })).toEqual({ url: 'must be an absolute URL' });
    expect(webhookProblems({ url: 'https://hooks.example/t', events: '*', description: '', enabled: true })).toEqual({});
  });
});
