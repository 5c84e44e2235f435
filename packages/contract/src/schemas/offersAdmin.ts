import { z } from 'zod';
import { CS_POSITIONS, CS_TYPES } from '../customerService.js';
import { ALL_LANGUAGES, type LanguageCode } from '../languages.js';
import { LEGAL_KINDS } from '../trust.js';

/**
 * The back office's offers and pages inputs (issue 30 item 5; endpoints/offers.ts). Texts come per
 * language (`{ EN: {...}, VI: {...} }`); the service checks them against the merchant's languages.
 * A window is two ISO instants, the end optional (open-ended).
 */

const languageSchema = z.enum(ALL_LANGUAGES as [LanguageCode, ...LanguageCode[]]);
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === '' ? null : value));
const instant = z.string().datetime({ offset: true });
const idParam = z.coerce.number().int().positive().max(2_147_483_647);
const position = z.number().int().min(0).max(10_000);

/** Texts per language: at least one, each language once (a record's keys). */
function perLanguage<T extends z.ZodTypeAny>(value: T) {
  return z
    .partialRecord(languageSchema, value)
    .refine((texts) => Object.keys(texts).length > 0, 'at least one language');
}

const windowFields = { startsAt: instant, endsAt: instant.nullable() };

export const promotionTextSchema = z.object({
  title: text(200),
  content: text(1_000),
  richContent: optionalText(20_000),
  terms: optionalText(10_000),
});

export const staffPromotionCreateSchema = z.object({
  category: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/)
    .nullable(),
  position,
  ...windowFields,
  texts: perLanguage(promotionTextSchema),
});
export const staffPromotionSaveSchema = staffPromotionCreateSchema.extend({ id: idParam });
export const staffIdSchema = z.object({ id: idParam });

export const staffPromotionCategorySaveSchema = z.object({
  code: z.string().regex(/^[a-z0-9_-]{1,32}$/),
  position,
  names: perLanguage(text(60)),
});

/** Upper case, digits and dashes, 4 to 32 (the promo_codes check); spaces dropped, upper-cased. */
const promoCodeName = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{4,32}$/, 'letters, digits and dashes, 4 to 32');

export const staffPromoCodeCreateSchema = z.object({
  code: promoCodeName,
  promotionId: z.number().int().positive().nullable(),
  ...windowFields,
  maxClaims: z.number().int().positive().max(10_000_000).nullable(),
  bonusOffer: z.string().min(1).max(64).nullable(),
});
export const staffPromoCodeSaveSchema = staffPromoCodeCreateSchema.extend({ id: idParam });

export const staffLegalPublishSchema = z.object({
  kind: z.enum(LEGAL_KINDS),
  /** The version the editor started from (0: none yet); refused when another was published meanwhile. */
  basedOn: z.number().int().min(0),
  texts: perLanguage(z.object({ title: text(200), body: text(200_000) })),
});

/** An absolute http(s) address without credentials. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2_048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
      );
    } catch {
      return false;
    }
  }, 'an http(s) address');

export const staffDownloadLinksSaveSchema = z.object({
  resources: z
    .array(
      z.object({
        resourceType: z.enum(['IOS', 'MOBILECONFIG', 'Android', 'AppDownloadIcon']),
        url: httpUrlSchema,
      }),
    )
    .max(20),
});

export const staffCustomerServiceSaveSchema = z.object({
  entries: z
    .array(
      z.object({
        // Checked again by the service with the member side's own rule (checkCustomerServiceEntry).
        path: z.string().trim().min(1).max(2_048),
        csType: z.enum(CS_TYPES),
        csPosition: z.enum(CS_POSITIONS),
        labelIds: z.array(z.string().trim().min(1).max(64)).max(50),
      }),
    )
    .max(50),
});
