/**
 * The /wps request pipeline (request.ts and what it uses) and the contract's endpoint table: one
 * chunk, fetched with the first call (`loadPipeline.ts`) rather than with the page. A page the
 * server rendered makes no call before it is idle: its data is in the page.
 */
export { endpoints } from '@wps/contract/endpoints';
export { createClient } from './request';
