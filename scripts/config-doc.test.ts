import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../apps/server/src/config.ts';
import { CONFIG_DOC, configDoc, configMarkdown } from './config-doc';

describe('docs/configuration.md', () => {
  it('is what scripts/config-doc.ts writes from the settings table (run `npm run docs:config`)', async () => {
    expect(readFileSync(CONFIG_DOC, 'utf8')).toBe(await configDoc());
  });

  it('lists every variable of the table, with its default', () => {
    const page = configMarkdown();
    for (const setting of SETTINGS) {
      expect(page).toContain(`| \`${setting.name}\` |`);
    }
    expect(page).toContain('| `PORT` | `8080` |');
    expect(page).toContain('| `DATA_DIR` | `apps/server/.data` |');
    expect(page).toContain('| `WEB_DIST` | `apps/web/dist` |');
    expect(page).toContain('| `DATABASE_URL` | unset |');
  });

  it('changes when the table changes', async () => {
    const changed = SETTINGS.map((setting) =>
      setting.name === 'PORT' ? { ...setting, default: '9090' } : setting,
    );
    expect(await configDoc(changed)).not.toBe(await configDoc());
  });
});
