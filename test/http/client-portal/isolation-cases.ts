import type { Reply, TestContext, Value } from '../../helper.js';
import type { PortalBrowser } from '../portal/fixture.js';
import type { ClientPermission } from './fixture.js';

/** A call as one principal (`UPLOAD`: a multipart POST of one small file in the field `file`; `multipart`: a body sent as it is). */
export type Caller = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'UPLOAD', url: string, body?: Record<string, Value>, multipart?: Buffer) => Promise<Reply>;

/** What a case may use to make its record: the test app, the own client, and the browser of its person with every permission. */
export interface CaseContext {
  t: TestContext;
  clientId: string;
  author: PortalBrowser;
}

/** A fresh record of the own client, and how the agency reads it (what no one refused may change). */
export interface Target {
  id: string;
  /** A second id the path needs (a file of the record). */
  fileId?: string;
  read: () => Promise<unknown>;
}

/** What an operation is, for isolation; `permission`: what the client's person needs (none: everyone with access). */
export type ClientCase =
  /** The client's records of a kind: each person reaches their own client's, and only them. */
  | { scope: 'list'; permission?: ClientPermission; call: (as: Caller) => Promise<Reply> }
  /** One record of the own client, made fresh for each call. */
  | { scope: 'party'; permission?: ClientPermission; make: (context: CaseContext) => Promise<Target>; call: (as: Caller, target: Target) => Promise<Reply> };

/** Every client-portal operation, by method and path as the OpenAPI document writes them. */
export const CLIENT_CASES: Record<string, ClientCase> = {};
