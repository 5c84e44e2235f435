import { AppPath, BASE_PATH } from '@wps/contract/routes';
import { systemIconUrl, type RelatedApplication, type WebManifest } from '@wps/contract/system';
import type { Merchant } from './repository.js';
import { themeColors } from './theme.js';

function relatedApplications(merchant: Merchant): RelatedApplication[] {
  const apps: RelatedApplication[] = [];
  for (const resource of merchant.settings.resources) {
    if (resource.resourceType === 'Android') {
      const id = safeUrl(resource.url)?.searchParams.get('id') ?? undefined;
      apps.push(
        id === undefined
          ? { platform: 'play', url: resource.url }
          : { platform: 'play', url: resource.url, id },
      );
    } else if (resource.resourceType === 'IOS') {
      apps.push({ platform: 'itunes', url: resource.url });
    }
  }
  return apps;
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export function buildManifest(merchant: Merchant): WebManifest {
  const colors = themeColors(merchant.template);
  return {
    name: merchant.name,
    short_name: merchant.name,
    description: merchant.settings.description ?? merchant.template.app_desc ?? merchant.name,
    start_url: AppPath.home,
    scope: BASE_PATH,
    display: 'standalone',
    background_color: colors.background,
    theme_color: colors.primary,
    icons: [
      { src: systemIconUrl(192, merchant.code), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: systemIconUrl(512, merchant.code), sizes: '512x512', type: 'image/png', purpose: 'any' },
    ],
    related_applications: relatedApplications(merchant),
    prefer_related_applications: false,
  };
}
