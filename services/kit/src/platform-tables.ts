/** The tables kit's own migrations create in every service's database, beside the service's own. */
export { inbox, outbox } from './outbox';
export { jobs } from './jobs';
