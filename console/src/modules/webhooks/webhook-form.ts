/**
 * The endpoint form's values as the API takes them (docs/webhooks.md#endpoints): the event types
 * typed as a comma-separated list, trimmed, without empties or repeats; `*` alone means every type.
 */
export interface WebhookValues {
  url: string;
  events: string;
  description: string;
  enabled: boolean;
}

export function eventsOf(text: string): string[] {
  const events = [...new Set(text.split(/[\s,]+/).filter((event) => event !== ''))];
  return events.includes('*') ? ['*'] : events;
}

export function webhookBody(values: WebhookValues) {
  return { url: values.url.trim(), events: eventsOf(values.events), description: values.description, enabled: values.enabled };
}

/** The form's problems before anything is sent, as the API would name them. */
export function webhookProblems(values: WebhookValues): Partial<Record<'url' | 'events', string>> {
  const problems: Partial<Record<'url' | 'events', string>> = {};
  if (values.url.trim() === '') problems.url = 'is required';
  else if (!URL.canParse(values.url.trim())) problems.url = 'must be an absolute URL';
  if (eventsOf(values.events).length === 0) problems.events = 'give at least one event type, or *';
  return problems;
}
