import type { LanguageCode } from '@wps/contract/languages';
import { ar } from './messages/ar.js';
import { bn } from './messages/bn.js';
import { cn } from './messages/cn.js';
import { en } from './messages/en.js';
import { es } from './messages/es.js';
import { fr } from './messages/fr.js';
import { hi } from './messages/hi.js';
import { id } from './messages/id.js';
import { ja } from './messages/ja.js';
import { kk } from './messages/kk.js';
import { km } from './messages/km.js';
import { ko } from './messages/ko.js';
import { lo } from './messages/lo.js';
import { ms } from './messages/ms.js';
import { my } from './messages/my.js';
import { ne } from './messages/ne.js';
import { pt } from './messages/pt.js';
import { ptBr } from './messages/pt-br.js';
import { ru } from './messages/ru.js';
import { sw } from './messages/sw.js';
import { ta } from './messages/ta.js';
import { te } from './messages/te.js';
import { th } from './messages/th.js';
import { tr } from './messages/tr.js';
import { tw } from './messages/tw.js';
import { ty } from './messages/ty.js';
import { ur } from './messages/ur.js';
import { urLa } from './messages/ur-la.js';
import { vi } from './messages/vi.js';
import type { ServerMessages } from './server-messages.js';

/** The server's messages of every interface language (and AR), by language code. */
export const SERVER_MESSAGES: Readonly<Record<LanguageCode, ServerMessages>> = {
  AR: ar,
  BN: bn,
  CN: cn,
  EN: en,
  ES: es,
  FR: fr,
  HI: hi,
  ID: id,
  JA: ja,
  KK: kk,
  KM: km,
  KO: ko,
  LO: lo,
  MS: ms,
  MY: my,
  NE: ne,
  PT: pt,
  'PT-BR': ptBr,
  RU: ru,
  SW: sw,
  TA: ta,
  TE: te,
  TH: th,
  TR: tr,
  TW: tw,
  TY: ty,
  UR: ur,
  'UR-LA': urLa,
  VI: vi,
};
