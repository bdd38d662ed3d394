/** The agency's side of the threads with clients (docs/client-portal.md#messages), shown on a job's page and a request's. */
export { ClientMessagesSection } from './client-messages-section';
