import type { ComponentType } from 'react';
import { LinkedSignIns } from '@/features/socialSignIn';
import { ContactsSection } from './components/ContactsSection';
import { LanguageSection } from './components/LanguageSection';
import { PasskeysSection } from './components/PasskeysSection';
import { PasswordSection } from './components/PasswordSection';
import { SessionsSection } from './components/SessionsSection';
import { TwoStepSection } from './components/TwoStepSection';

/**
 * The sections of settings and security, in order. A new section (linked sign-ins, passkeys) is a
 * component in ./components and one line here.
 */
export const SETTINGS_SECTIONS: readonly { id: string; Section: ComponentType }[] = [
  { id: 'language', Section: LanguageSection },
  { id: 'password', Section: PasswordSection },
  { id: 'contacts', Section: ContactsSection },
  { id: 'two-step', Section: TwoStepSection },
  { id: 'passkeys', Section: PasskeysSection },
  { id: 'linked-sign-ins', Section: LinkedSignIns },
  { id: 'sessions', Section: SessionsSection },
];
