import type { z } from 'zod';
import type { ModuleId } from '../flags.js';
import type { StaffPermission } from '../staff.js';

/**
 * The facts of one entry of the endpoint table (endpoints.ts): its method and path, and the transport
 * facts both sides act on. GET input is the query string; POST input is the JSON body; a path's
 * `:name` segments are part of the input too (the schema names them; the server parses them with
 * the rest).
 */
export interface EndpointFacts {
  readonly method: 'GET' | 'POST';
  readonly path: `/wps/${string}`;
  /** The body is sealed with the session key (Encryption, X-Digest, X-RSA). */
  readonly sealed?: true;
  /** The `ModuleId` header the call carries and the server requires. */
  readonly moduleId?: ModuleId;
  /** Sent without the login token even when the member is logged in (spec section 6). */
  readonly noToken?: true;
  /** Never carries Authorization, whatever the caller asks (spec section 6). */
  readonly unauthorized?: true;
  /** The client keeps the answer in its expiring cache (spec section 6). */
  readonly cached?: true;
  /** The concurrency lane's limit: the game list has its own, lower one (spec section 7). */
  readonly concurrency?: 'gameList';
  /** The time-out class: game launches 10 s (spec section 9). */
  readonly timeout?: 'gameLaunch' | 'ping';
  /** The server accepts a larger body than WPS_BODY_LIMIT_BYTES for this call (an image, a screenshot). */
  readonly bodyLimit?: number;
  /** A staff console call: the staff session cookie authenticates it, never a member's token. */
  readonly auth?: 'staff';
  /**
   * What the staff member must be allowed to do (staff.ts); the server refuses the others before
   * reading the input. null: the call needs no staff session (sign-in, sign-out).
   */
  readonly staffPermission?: StaffPermission | null;
}

/** A staff call names its permission; a member call names neither fact. */
type AuthFacts =
  | { readonly auth: 'staff'; readonly staffPermission: StaffPermission | null }
  | { readonly auth?: never; readonly staffPermission?: never };

/** The `:name` segments of a path: `/wps/staff/conversations/:id/read` → `'id'`. */
export type PathParams<Path extends string> = Path extends `${string}/:${infer Param}/${infer Rest}`
  ? Param | PathParams<`/${Rest}`>
  : Path extends `${string}/:${infer Param}`
    ? Param
    : never;

/** A path parameter the input schema does not name fails the entry. */
type ParamsNamed<Schema extends z.ZodType, Path extends string> = [
  Exclude<PathParams<Path>, keyof z.output<Schema>>,
] extends [never]
  ? unknown
  : { readonly pathParamsMissingFromSchema: Exclude<PathParams<Path>, keyof z.output<Schema>> };

/** Type-only markers of an entry: its input schema and its answer; never present at run time. */
export interface EndpointTypes<Schema extends z.ZodType, Answer> {
  readonly __schema?: Schema;
  readonly __answer?: Answer;
}

/**
 * One entry: `define<typeof mySchema, MyAnswer>()({ method, path, …facts })`. The schema is named by
 * its type only (`import type`): the table carries no zod, and the web app imports it.
 */
export const define =
  <Schema extends z.ZodType, Answer>() =>
  <const Facts extends EndpointFacts & AuthFacts>(
    facts: Facts & ParamsNamed<Schema, Facts['path']>,
  ): Facts & EndpointTypes<Schema, Answer> => {
    const entry: Facts = facts;
    return entry;
  };
