import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { MemberEndpointName, StaffEndpointName } from '../endpoints.js';
import type { emptyBodySchema } from '../schemas/common.js';
import type { staffConversationSchema } from '../schemas/staff.js';
import { define, type PathParams } from './define.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const check = <T extends true>(): T | undefined => undefined;

/** The table's rules the type checker enforces (`tsc -p packages/contract` fails on a broken one). */
describe('the endpoint table’s facts (types)', () => {
  it('a staff call names its permission (or null); a member call names neither', () => {
    define<typeof emptyBodySchema, null>()({
      method: 'POST',
      path: '/wps/staff/x',
      auth: 'staff',
      staffPermission: 'chat:read',
    });
    define<typeof emptyBodySchema, null>()({
      method: 'POST',
      path: '/wps/staff/login-like',
      auth: 'staff',
      staffPermission: null,
    });
    // @ts-expect-error -- a staff call without its permission
    define<typeof emptyBodySchema, null>()({ method: 'POST', path: '/wps/staff/x', auth: 'staff' });
    // @ts-expect-error -- a permission on a member call
    define<typeof emptyBodySchema, null>()({ method: 'POST', path: '/wps/x', staffPermission: 'chat:read' });
    define<typeof emptyBodySchema, null>()({
      method: 'POST',
      path: '/wps/staff/x',
      auth: 'staff',
      // @ts-expect-error -- not a permission of STAFF_PERMISSIONS
      staffPermission: 'chat:delete',
    });
    expect(true).toBe(true);
  });

  it('a path parameter must be named by the input schema', () => {
    check<Equal<PathParams<'/wps/staff/conversations/:id/messages'>, 'id'>>();
    check<Equal<PathParams<'/wps/a/:x/b/:y'>, 'x' | 'y'>>();
    check<Equal<PathParams<'/wps/member/info'>, never>>();
    define<typeof staffConversationSchema, null>()({
      method: 'POST',
      path: '/wps/staff/conversations/:id/close',
      auth: 'staff',
      staffPermission: 'chat:assign',
    });
    // @ts-expect-error -- `:id` is not in the schema
    define<typeof emptyBodySchema, null>()({
      method: 'POST',
      path: '/wps/staff/conversations/:id/close',
      auth: 'staff',
      staffPermission: 'chat:assign',
    });
    check<Equal<z.output<typeof staffConversationSchema>, { id: number }>>();
    expect(true).toBe(true);
  });

  it('the member app’s calls leave the staff console’s out', () => {
    check<Equal<Extract<MemberEndpointName, StaffEndpointName>, never>>();
    check<
      Equal<
        Extract<'staffReply' | 'login' | 'chatAttachment', MemberEndpointName>,
        'login' | 'chatAttachment'
      >
    >();
    expect(true).toBe(true);
  });
});
