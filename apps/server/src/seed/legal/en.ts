import { helpLineText, type LegalFacts, type LegalTexts } from './facts.js';

/** The demo merchants' legal pages in English (every merchant has these). */
export function englishTexts(f: LegalFacts): LegalTexts {
  const licence = `${f.merchantName} is licensed and regulated by the ${f.authority} under licence number ${f.licenceNumber}.`;
  return {
    terms: {
      title: 'Terms and Conditions',
      body: [
        `These terms govern your use of ${f.merchantName} and every account opened on it. By registering or playing you accept them; please read them carefully and keep a copy.`,
        `## 1. Who we are`,
        licence,
        `## 2. Your account`,
        `You must be at least ${f.minAge} years old and allowed to gamble where you live. You may hold one account only, registered in your own name with true details. Keep your password secret: you are responsible for what is done with your account.`,
        `## 3. Deposits, bets and withdrawals`,
        `Deposits must come from payment methods in your own name. A bet is final once it is accepted. We may ask you to prove your identity and the source of your funds before a withdrawal is paid, as the law requires.`,
        `## 4. Promotions`,
        `Every bonus has its own wagering requirement, shown before you accept it. Bonus money cannot be withdrawn until that requirement is met. We may withhold a bonus obtained through abuse, such as several accounts.`,
        `## 5. Responsible gaming`,
        `You can set deposit, loss, wager and session limits, take a time-out or exclude yourself at any time from the responsible-gaming page.`,
        `## 6. Changes and complaints`,
        `When these terms change we publish a new version and ask you to accept it at your next sign-in. For a complaint, contact customer service; we answer within 14 days.`,
      ].join('\n\n'),
    },
    privacy: {
      title: 'Privacy Policy',
      body: [
        `${f.merchantName} respects your privacy. This policy explains what we collect, why, and the choices you have.`,
        `## What we collect`,
        `Your account details (username, mobile number, email), your transactions and bets, the device and address you connect from, and what you tell customer service.`,
        `## Why we use it`,
        `To run your account, pay you, prevent fraud and money laundering, protect minors and vulnerable players, and meet the rules of the ${f.authority}. We send marketing only when you agree to it, and you can stop it at any time.`,
        `## Who we share it with`,
        `Payment providers, game providers and identity-check services acting for us, and authorities when the law requires. We never sell your data.`,
        `## How long we keep it`,
        `For as long as your account is open and then for the period the law requires, usually five years.`,
        `## Your rights`,
        `You may ask for a copy of your data, its correction or its deletion where the law allows. Contact customer service to do so.`,
      ].join('\n\n'),
    },
    'responsible-gaming': {
      title: 'Responsible Gaming',
      body: [
        `Gambling should be entertainment, never a way to make money. ${f.merchantName} gives you the tools to stay in control.`,
        `## Age`,
        `Only people aged ${f.minAge} or over may open an account. We check ages and close accounts of minors.`,
        `## Tools you can use`,
        `- Deposit limits per day, week and month\n- Loss and wager limits\n- A session-time limit and reality checks\n- A time-out or self-exclusion`,
        `Lowering a limit takes effect at once; raising one waits for a cooling-off period first.`,
        `## Warning signs`,
        `Spending more than you can afford, chasing losses, borrowing to play, or hiding your play from others are signs to stop and seek help.`,
        `## Where to get help`,
        f.helpLines.map(helpLineText).join('\n'),
      ].join('\n\n'),
    },
    licence: {
      title: 'Licence',
      body: [
        licence,
        `## What this means`,
        `Our games, our handling of your money and our responsible-gaming measures are supervised by the regulator. Players' funds are kept apart from the company's own.`,
        `## Fair games`,
        `Every game's results come from certified random number generators, tested by independent laboratories.`,
        `## Age limit`,
        `Gambling here is for people aged ${f.minAge} and over only.`,
      ].join('\n\n'),
    },
    cookies: {
      title: 'Cookie Policy',
      body: [
        `${f.merchantName} stores small files and values on your device to keep you signed in and to make the site work.`,
        `## Necessary`,
        `Your session, your language and the security checks. The site cannot work without them.`,
        `## Preferences`,
        `Remembered choices such as the last games you played.`,
        `## Measurement and marketing`,
        `Counting visits and, when you agree, measuring our advertising. You can refuse these without losing anything on the site.`,
        `## Your choice`,
        `You can delete cookies in your browser's settings at any time; you will then be signed out.`,
      ].join('\n\n'),
    },
  };
}
