import type { z } from 'zod';
import { chatEndpoints } from './endpoints/chat.js';
import { contentAdminEndpoints } from './endpoints/content.js';
import type { EndpointFacts, EndpointTypes } from './endpoints/define.js';
import { gamesEndpoints } from './endpoints/games.js';
import { memberEndpoints } from './endpoints/member.js';
import { merchantAdminEndpoints } from './endpoints/merchants.js';
import { offersEndpoints } from './endpoints/offers.js';
import { memberAdminEndpoints } from './endpoints/members.js';
import { sessionEndpoints } from './endpoints/session.js';
import { staffEndpoints } from './endpoints/staff.js';
import { systemEndpoints } from './endpoints/system.js';
import { trustEndpoints } from './endpoints/trust.js';
import { walletEndpoints } from './endpoints/wallet.js';
import { cashdeskEndpoints } from './endpoints/cashdesk.js';
import { reportEndpoints } from './endpoints/reports.js';
import { gamesAdminEndpoints } from './endpoints/gamesAdmin.js';
import { pathOf } from './transport.js';

/**
 * The /wps endpoint table: every call a client makes and the server answers with the envelope, once.
 * Each entry names its method and path, the schema its input must pass (the request type is derived
 * from it, never written twice), its answer type, and the transport facts both sides act on
 * (endpoints/define.ts). The entries are written per domain in endpoints/; the schemas are in
 * schemas/, named here by type only (zod stays out of the web app), and paired with the entries at
 * run time by endpointSchemas.ts for the server.
 *
 *   web:    call('login', payload)                       → Promise<LoginResult>
 *   server: route(app, 'login', async (input, request) => …) with input parsed by the schema
 *
 * The staff console's calls (`auth: 'staff'`, endpoints/staff.ts) are in the table too; the member
 * app calls only the others (`MemberEndpointName`).
 */
export const endpoints = {
  ...sessionEndpoints,
  ...memberEndpoints,
  ...chatEndpoints,
  ...systemEndpoints,
  ...gamesEndpoints,
  ...staffEndpoints,
  ...merchantAdminEndpoints,
  ...offersEndpoints,
  ...memberAdminEndpoints,
  ...contentAdminEndpoints,
  ...walletEndpoints,
  ...cashdeskEndpoints,
  ...gamesAdminEndpoints,
  ...trustEndpoints,
  ...reportEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** The staff console's calls (`auth: 'staff'`): the staff session, never a member's token. */
export type StaffEndpointName = {
  [Name in EndpointName]: Endpoints[Name] extends { auth: 'staff' } ? Name : never;
}[EndpointName];
/** The calls of the member app (and of visitors). */
export type MemberEndpointName = Exclude<EndpointName, StaffEndpointName>;

type Marked<Name extends EndpointName> =
  Endpoints[Name] extends EndpointTypes<infer Schema, infer Answer>
    ? { schema: Schema; answer: Answer }
    : never;

/** The schema of an endpoint's input (a type; the value is in `@wps/contract/endpointSchemas`). */
export type EndpointSchema<Name extends EndpointName> = Marked<Name>['schema'];
/** What a caller sends: the schema's input. */
export type EndpointInput<Name extends EndpointName> = z.input<EndpointSchema<Name>>;
/** What the server's handler receives: the schema's output (trimmed, defaulted, transformed). */
export type EndpointParsed<Name extends EndpointName> = z.output<EndpointSchema<Name>>;
/** The envelope's `value` on success. */
export type EndpointAnswer<Name extends EndpointName> = Marked<Name>['answer'];

export const ENDPOINT_NAMES = Object.keys(endpoints) as EndpointName[];

function pathsWhere(fact: (facts: EndpointFacts) => boolean): readonly string[] {
  return Object.values(endpoints as Record<string, EndpointFacts>)
    .filter(fact)
    .map((facts) => facts.path);
}

/** Paths sent without a login token even when the member is logged in (spec section 6). */
export const NO_TOKEN_PATHS = pathsWhere((facts) => facts.noToken === true);
/** Paths that never carry Authorization (spec section 6). */
export const UNAUTHORIZED_PATHS = pathsWhere((facts) => facts.unauthorized === true);
/** GET answers the client keeps in its expiring cache (spec section 6). */
export const CACHED_PATHS = pathsWhere((facts) => facts.cached === true);

export const isNoTokenPath = (path: string): boolean => NO_TOKEN_PATHS.includes(pathOf(path));
export const isUnauthorizedPath = (path: string): boolean => UNAUTHORIZED_PATHS.includes(pathOf(path));
export const isCachedPath = (path: string): boolean => CACHED_PATHS.includes(pathOf(path));

/** The game list: its own, lower concurrency limit. */
export const GAME_LIST_PATH = endpoints.gameList.path;
