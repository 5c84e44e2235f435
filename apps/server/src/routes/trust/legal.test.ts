import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { CommonSettings } from '@wps/contract/system';
import { LEGAL_KINDS, type LegalDocumentView, type LegalKind } from '@wps/contract/trust';
import { legalDocuments } from '../../db/schema/index.js';
import { seedLegalDocuments } from '../../seed/legal/index.js';
import { failure, get, value } from '../../test/accounts.js';
import { backends, merchantRow, useTestApp } from '../../test/test-app.js';

const AURORA = 'aurora.localhost';
const LOTUS = 'lotus.localhost';
const ORBIT = 'orbit.localhost';

describe.each(backends)('the legal pages (%s)', (backend) => {
  const t = useTestApp(backend);
  const page = (host: string, kind: string, language?: string) =>
    get(t.app, `/wps/legal/${kind}`, { host, ...(language ? { headers: { Language: language } } : {}) });
  const document = async (host: string, kind: string, language?: string) =>
    value<LegalDocumentView>(await page(host, kind, language));

  // Every kind of every demo merchant, in each language it is written in: the merchant's name, its
  // licence and its minimum age are on the pages that must name them.
  const seeded: [string, LegalKind, string, string, string][] = [];
  const facts = {
    [AURORA]: { name: 'Aurora Play', age: '21', licence: 'PGC-OGL-2026-0142', languages: ['EN'] },
    [LOTUS]: { name: 'Lotus Lotto', age: '18', licence: 'MGA/B2C/417/2026', languages: ['EN', 'VI'] },
    [ORBIT]: { name: 'Orbit Games', age: '18', licence: 'OGL/2026/118/0093', languages: ['EN', 'AR'] },
  };
  for (const [host, fact] of Object.entries(facts)) {
    for (const kind of LEGAL_KINDS) {
      for (const language of fact.languages) seeded.push([host, kind, language, fact.name, fact.licence]);
    }
  }

  it.each(seeded)('%s %s in %s names the merchant', async (host, kind, language, name, licence) => {
    const shown = await document(host, kind, language);
    expect(shown).toMatchObject({ kind, version: 1, language });
    expect(shown.title.length).toBeGreaterThan(3);
    expect(shown.body).toContain(name);
    if (kind === 'licence' || kind === 'terms') expect(shown.body).toContain(licence);
    // Plain text with `## ` headings: never markup.
    expect(shown.body).not.toMatch(/<[a-z/]/i);
    expect(shown.body).toMatch(/^## /m);
  });

  it.each([
    [AURORA, '21', ['PAGCOR Responsible Gaming', 'Gambling Therapy']],
    [LOTUS, '18', ['Sedqa', 'Gambling Therapy']],
    [ORBIT, '18', ['Gambling Therapy']],
  ])(
    '%s: the responsible-gaming page gives the minimum age %s and the help lines',
    async (host, age, lines) => {
      const shown = await document(host, 'responsible-gaming', 'EN');
      expect(shown.body).toContain(` ${age} `);
      for (const line of lines) expect(shown.body).toContain(`- ${line}: https://`);
    },
  );

  it.each([
    ['the request’s language', LOTUS, 'VI', 'VI', 'Điều khoản và Điều kiện'],
    ['EN when asked', LOTUS, 'EN', 'EN', 'Terms and Conditions'],
    ['the default language for one not written', LOTUS, 'JA', 'VI', 'Điều khoản và Điều kiện'],
    ['the default language when none is asked', ORBIT, undefined, 'AR', 'الشروط والأحكام'],
    ['Arabic for Arabic', ORBIT, 'AR', 'AR', 'الشروط والأحكام'],
    ['EN when neither the request’s nor the default exists', AURORA, 'TH', 'EN', 'Terms and Conditions'],
    ['lower case is the same language', LOTUS, 'vi', 'VI', 'Điều khoản và Điều kiện'],
    ['a hostile header is no language', LOTUS, '../../etc', 'VI', 'Điều khoản và Điều kiện'],
    ['an over-long header is no language', ORBIT, 'EN'.repeat(500), 'AR', 'الشروط والأحكام'],
  ])('answers in %s', async (_case, host, asked, language, title) => {
    const shown = await document(host, 'terms', asked);
    expect(shown.language).toBe(language);
    expect(shown.title).toBe(title);
  });

  it.each([
    ['an unknown kind', 'faq'],
    ['a kind in capitals', 'TERMS'],
    ['a traversal', '..%2F..%2Fetc%2Fpasswd'],
    ['markup', '%3Cscript%3E'],
    ['a quote', "terms'--"],
    ['an over-long kind', 'x'.repeat(300)],
    ['an empty kind', '%20'],
  ])('refuses %s with 400', async (_case, kind) => {
    const answer = failure(await page(LOTUS, kind));
    expect(answer.status).toBe(400);
    expect(answer.code).toBe(ErrorCode.INVALID_REQUEST);
  });

  it('refuses an address longer than the server reads (414), without a page', async () => {
    const response = await page(LOTUS, 'x'.repeat(20_000));
    expect(response.statusCode).toBe(414);
    expect(response.body).not.toContain('Lotus Lotto');
  });

  it('answers an unknown host with the domain refusal, never another merchant’s page', async () => {
    const answer = failure(await page('unknown.example', 'terms'));
    expect(answer.code).toBe(ErrorCode.DOMAIN_NOT_AVAILABLE);
  });

  it('keeps each merchant’s pages its own', async () => {
    const [lotus, orbit] = await Promise.all([
      document(LOTUS, 'privacy', 'EN'),
      document(ORBIT, 'privacy', 'EN'),
    ]);
    expect(lotus.body).toContain('Lotus Lotto');
    expect(lotus.body).not.toContain('Orbit Games');
    expect(orbit.body).toContain('Orbit Games');
    expect(orbit.body).not.toContain('Lotus Lotto');
  });

  it('serves the highest version, in the best language that has it, never an older one', async () => {
    const lotus = await merchantRow(t.db, 'lotus');
    // Version 3 exists in EN only, version 2 in VI only: the current version is 3, so a VI reader
    // gets version 3 in the merchant's next best language rather than the older version 2.
    await t.db.insert(legalDocuments).values([
      {
        merchantId: lotus.id,
        kind: 'cookies',
        version: 3,
        language: 'EN',
        title: 'Cookies v3',
        body: 'Three.',
      },
      { merchantId: lotus.id, kind: 'cookies', version: 2, language: 'VI', title: 'Cookie v2', body: 'Hai.' },
    ]);
    expect(await document(LOTUS, 'cookies', 'VI')).toMatchObject({
      version: 3,
      language: 'EN',
      title: 'Cookies v3',
    });
    await t.db.insert(legalDocuments).values({
      merchantId: lotus.id,
      kind: 'cookies',
      version: 3,
      language: 'VI',
      title: 'Cookie v3',
      body: 'Ba.',
    });
    expect(await document(LOTUS, 'cookies', 'VI')).toMatchObject({ version: 3, language: 'VI', body: 'Ba.' });
    // Another merchant's versions are not this one's.
    expect((await document(ORBIT, 'cookies', 'EN')).version).toBe(1);
  });

  it('answers a merchant without the page with 404 not_found', async () => {
    const aurora = await merchantRow(t.db, 'aurora');
    await t.db
      .delete(legalDocuments)
      .where(and(eq(legalDocuments.merchantId, aurora.id), eq(legalDocuments.kind, 'licence')));
    const answer = failure(await page(AURORA, 'licence'));
    expect(answer).toMatchObject({ status: 404, code: ErrorCode.NOT_FOUND });
    // The other kinds are still there.
    expect((await document(AURORA, 'terms')).kind).toBe('terms');
  });

  it('seeds again without doubling a page or touching a version published since', async () => {
    const orbit = await merchantRow(t.db, 'orbit');
    // Published versions are never edited (the table refuses it): the back office adds a version.
    await t.db.insert(legalDocuments).values({
      merchantId: orbit.id,
      kind: 'privacy',
      version: 2,
      language: 'EN',
      title: 'Published by staff',
      body: 'Two.',
    });
    const before = await t.db.select().from(legalDocuments).where(eq(legalDocuments.merchantId, orbit.id));
    await seedLegalDocuments(t.db);
    const after = await t.db.select().from(legalDocuments).where(eq(legalDocuments.merchantId, orbit.id));
    expect(after).toHaveLength(before.length);
    expect(await document(ORBIT, 'privacy', 'EN')).toMatchObject({ version: 2, title: 'Published by staff' });
  });

  it('refuses to edit a published version in the database itself', async () => {
    const orbit = await merchantRow(t.db, 'orbit');
    await expect(
      t.db
        .update(legalDocuments)
        .set({ title: 'Edited' })
        .where(and(eq(legalDocuments.merchantId, orbit.id), eq(legalDocuments.kind, 'terms'))),
    ).rejects.toThrow();
    expect((await document(ORBIT, 'terms', 'EN')).title).not.toBe('Edited');
  });

  it.each([
    [AURORA, 21, 'Philippine Amusement and Gaming Corporation (PAGCOR)', 'PGC-OGL-2026-0142'],
    [LOTUS, 18, 'Malta Gaming Authority', 'MGA/B2C/417/2026'],
    [ORBIT, 18, 'Curaçao Gaming Authority', 'OGL/2026/118/0093'],
  ])(
    '%s: the settings call gives the footer minimum age %s and the licence',
    async (host, minAge, authority, number) => {
      const settings = value<CommonSettings>(await get(t.app, '/wps/system/settings', { host }));
      expect(settings.trust).toEqual({ minAge, licence: { authority, number } });
    },
  );
});
