import { expect } from 'vitest';
import type { Api, TestContext } from '../../helper.js';

/**
 * Shared helpers of the language pair tests (language-pairs/*.test.ts). Each test file keeps its own
 * app in `t` and binds the helpers to it: `languagePairsFixture(() => t)`.
 */
export const PATH = '/v2/account/language-pairs';
export type Pair = {
  id: string;
  source?: { code: string; name: string };
  target: { code: string; name: string };
  bidirectional: boolean;
  pinned: boolean;
  disabled: boolean;
};

export function languagePairsFixture(context: () => TestContext) {
  async function create(params: Record<string, any>, api: Api = context().api, json = false): Promise<Pair> {
    const reply = await api.post(PATH, params, { json });
    if (reply.status !== 201) throw new Error(`POST answered ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  }

  async function list(api: Api = context().api): Promise<Pair[]> {
    const reply = await api.get(PATH);
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body)).toBe(true);
    return reply.body;
  }

  return { create, list };
}
